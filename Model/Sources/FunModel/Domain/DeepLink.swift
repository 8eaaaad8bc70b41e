import Foundation
import FunCore

/// A place in the app that a URL can name.
///
/// Every accepted URL is a row of `routes`, the one route table: parsing (``init(parsing:)``)
/// and formatting (``url``) are both derived from it, and the `https://fun.example/…` host works
/// the same as `funapp://`:
///
/// | URL | link |
/// |---|---|
/// | `funapp://tab/<name>` | ``tab(_:)`` |
/// | `funapp://item/<id>[?tab=<name>]` | ``item(id:tab:)`` |
/// | `funapp://search?q=<text>` | ``search(query:)`` |
/// | `funapp://profile/edit` | ``editProfile`` |
/// | `funapp://<activity>[/<tab>]`, one pair per ``Activity`` | ``activity(_:tab:)`` |
/// | `funapp://settings`, `funapp://profile` (aliases: parse only) | ``tab(_:)`` |
///
/// Each row also says where its link goes — the activity, the tab — and whether a guest may
/// open it; a link into an activity whose links need a profile is refused to a guest whichever
/// row spells it (``guestRefusal``). The coordinator switches activity, then tab, then routes.
///
/// ``init(parsing:)`` never traps: anything else throws ``AppError/invalidDeepLink(link:reason:)``
/// naming what was wrong. ``url`` formats the canonical `funapp://` form, and parsing it gives
/// the same link back.
public enum DeepLink: Hashable, Sendable {
  /// Switch to a tab.
  case tab(Tab)
  /// Show an item's detail on the current tab, or on `tab` when given.
  case item(id: String, tab: Tab?)
  /// Show the Search tab with a query.
  case search(query: String)
  /// Open the profile's editor (a profile session only: a guest has no profile to edit).
  case editProfile
  /// Show an activity on the tab it was left on, or on `tab` when given.
  case activity(Activity, tab: Tab?)

  /// The longest link, in UTF-8 bytes, as typed and as ``url`` writes it: a running `fun`
  /// takes a link in one request of at most 4 KiB, so a longer one is refused here, the same
  /// whether one is running or not.
  public static let maximumLength = 4000

  /// The custom scheme.
  static let scheme = "funapp"
  /// The web host whose paths mirror the custom scheme.
  static let webHost = "fun.example"

  /// The route table: every URL the app accepts, each declared once. Adding a link is a row
  /// here plus a case where the coordinator routes it; an activity's rows come from its
  /// declaration.
  ///
  /// Parsing takes the first row whose pattern matches the path; formatting takes the first
  /// row, aliases skipped, that formats the link.
  static let routes: [DeepLinkRoute] = fixedRoutes + Activity.all.flatMap(activityRoutes)

  private static let fixedRoutes: [DeepLinkRoute] = [
    DeepLinkRoute("/tab/:name", choices: (parameter: "name", names: tabNames)) { values throws(AppError) in
      .tab(try values.tab("name"))
    } format: { link in
      guard case .tab(let tab) = link else { return nil }
      return ["name": tab.rawValue]
    },
    DeepLinkRoute("/item/:id", query: [.optional("tab", placeholder: "name")], activity: .explore) {
      values throws(AppError) in
      .item(id: try values.itemID("id"), tab: try values.optionalTab("tab"))
    } format: { link in
      guard case .item(let id, let tab) = link else { return nil }
      return ["id": id, "tab": tab?.rawValue]
    },
    DeepLinkRoute("/search", query: [.always("q", placeholder: "text")], activity: .explore, tab: .search) {
      values throws(AppError) in
      .search(query: values.text("q"))
    } format: { link in
      guard case .search(let query) = link else { return nil }
      return ["q": query]
    },
    DeepLinkRoute("/profile/edit", activity: .explore, tab: .profile, guestRefusal: L10n.Error.guestHasNoProfile) {
      _ throws(AppError) in
      .editProfile
    } format: { link in
      link == .editProfile ? [:] : nil
    },
    DeepLinkRoute(alias: "/settings", for: .tab(.settings)),
    DeepLinkRoute(alias: "/profile", for: .tab(.profile)),
  ]

  /// Every destination the table accepts, in its order: what a link with an unknown one is
  /// told to use, so a route a fork adds is offered with no other edit.
  static var destinations: [String] {
    routes.reduce(into: []) { names, route in
      if !names.contains(route.destination) { names.append(route.destination) }
    }
  }

  /// Every tab a link may name, activity by activity, in tab-bar order.
  static let tabNames = Activity.all.flatMap(\.tabs).map(\.rawValue)

  /// `names` as a reason lists them.
  static func listed(_ names: [String]) -> String {
    names.joined(separator: ", ")
  }

  /// `funapp://<activity>` and `funapp://<activity>/<tab>` for `activity`; whether a guest may
  /// open them is the activity's word (``guestRefusal``), as for any link that lands there.
  private static func activityRoutes(_ activity: Activity) -> [DeepLinkRoute] {
    [
      DeepLinkRoute("/\(activity.id)", activity: activity) { _ throws(AppError) in
        .activity(activity, tab: nil)
      } format: { link in
        link == .activity(activity, tab: nil) ? [:] : nil
      },
      DeepLinkRoute("/\(activity.id)/:tab", activity: activity) { values throws(AppError) in
        .activity(activity, tab: try values.tab("tab", in: activity))
      } format: { link in
        guard case .activity(activity, let tab?) = link else { return nil }
        return ["tab": tab.rawValue]
      },
    ]
  }

  /// The activity the link opens in: its route's, else its tab's; `nil`: the one showing.
  public var activity: Activity? {
    route?.activity ?? tab.flatMap { Activity.owning($0) }
  }

  /// The tab the link shows: its route's, else the one it names; `nil`: the activity's
  /// selected tab.
  public var tab: Tab? {
    if let tab = route?.tab { return tab }
    switch self {
    case .tab(let tab): return tab
    case .item(_, let tab), .activity(_, let tab): return tab
    case .search, .editProfile: return nil
    }
  }

  /// Why a guest may not open the link, or `nil` when a guest may: its route's word, else its
  /// destination's. The destination decides, not the spelling: `funapp://tab/sources` lands in
  /// Studio as `funapp://studio/sources` does, so it needs the same profile — and a route added
  /// later cannot forget to ask.
  public var guestRefusal: LocalizedText? {
    if let refusal = route?.guestRefusal { return refusal }
    guard let activity, activity.linksNeedProfile else { return nil }
    return L10n.Error.activityNeedsProfile(activity.name)
  }

  /// Parses a URL string.
  public init(parsing text: String) throws(AppError) {
    func invalid(_ reason: LocalizedText) -> AppError {
      .invalidDeepLink(link: text, reason: reason)
    }
    // Checked first, so a huge argument costs no parsing.
    guard text.utf8.count <= Self.maximumLength else {
      throw invalid(L10n.DeepLink.tooLong(Self.maximumLength))
    }
    // URLComponents quietly takes a stray `%` as a literal; a link with one is malformed.
    guard Self.hasWellFormedEscapes(text) else {
      throw invalid(L10n.DeepLink.malformedEscapes)
    }
    guard let components = URLComponents(string: Self.escapingRawBytes(text)),
      let scheme = components.scheme?.lowercased()
    else {
      throw invalid(L10n.DeepLink.notAURL)
    }
    // Fun is not a server: a port would be ignored, and a link that says more than it means
    // is refused rather than half-followed.
    if let port = components.port {
      throw invalid(L10n.DeepLink.port(String(port)))
    }
    var segments = components.percentEncodedPath.split(separator: "/").map(String.init)
    switch scheme {
    case Self.scheme:
      guard let host = components.percentEncodedHost, !host.isEmpty else {
        throw invalid(L10n.DeepLink.missingDestinationAfterScheme)
      }
      segments.insert(host, at: 0)
    case "https":
      guard components.host?.lowercased() == Self.webHost else {
        throw invalid(L10n.DeepLink.unknownHost(VisibleEscapes.clipped(components.host ?? "")))
      }
    default:
      // Named from the constants the parser matches, so a renamed app's message names its own.
      throw invalid(
        L10n.DeepLink.unknownScheme(
          scheme: VisibleEscapes.clipped(scheme), custom: "\(Self.scheme)://", web: "https://\(Self.webHost)/"))
    }
    var decoded: [String] = []
    for segment in segments {
      guard let text = Self.percentDecoded(segment) else { throw invalid(L10n.DeepLink.malformedEscapes) }
      decoded.append(text)
    }
    var query: [String: String] = [:]
    for item in components.percentEncodedQueryItems ?? [] {
      guard let name = Self.percentDecoded(item.name, plusIsSpace: true),
        let value = Self.percentDecoded(item.value ?? "", plusIsSpace: true)
      else {
        throw invalid(L10n.DeepLink.malformedEscapes)
      }
      if query[name] == nil { query[name] = value }
    }
    let link = try Self.route(decoded, query: query, invalid: invalid)
    // Its canonical form, which a running `fun` is handed, can be longer than the text: a
    // character percent-encoded takes up to three times the bytes.
    guard link.url.utf8.count <= Self.maximumLength else {
      throw invalid(L10n.DeepLink.tooLong(Self.maximumLength))
    }
    self = link
  }

  /// Finds the row of ``routes`` that `segments` name and builds its link.
  private static func route(
    _ segments: [String],
    query: [String: String],
    invalid: @escaping (LocalizedText) -> AppError
  ) throws(AppError) -> DeepLink {
    guard let destination = segments.first?.lowercased() else {
      throw invalid(L10n.DeepLink.missingDestination)
    }
    let candidates = routes.filter { $0.destination == destination }
    guard !candidates.isEmpty else {
      throw invalid(
        L10n.DeepLink.unknownDestination(destination: VisibleEscapes.clipped(segments[0]), names: listed(destinations)))
    }
    for route in candidates {
      if let values = route.match(segments, query: query, invalid: invalid) {
        let link = try route.parse(values)
        // Where each tab lives is declared (`Activity.all`), so a link that names another
        // activity's tab (`funapp://item/swiftui?tab=sources`) is as bad as an unknown one:
        // refused here, where `fun --open` checks it, not once the running app routes it.
        if let activity = link.activity, let tab = link.tab, !activity.tabs.contains(tab) {
          throw invalid(
            L10n.DeepLink.unknownActivityTab(
              activity: activity.name, name: tab.rawValue, names: listed(activity.tabs.map(\.rawValue))))
        }
        return link
      }
    }
    if candidates.count == 1, let only = candidates.first, !only.isAlias {
      if let choices = only.choices {
        throw invalid(
          L10n.DeepLink.expectedOneOf(usage: only.usage, parameter: choices.parameter, names: listed(choices.names)))
      }
      throw invalid(L10n.DeepLink.expected(only.usage))
    }
    throw invalid(L10n.DeepLink.unexpectedPath(VisibleEscapes.clipped(destination)))
  }

  /// The row of ``routes`` that formats this link: the first one, aliases skipped.
  var route: DeepLinkRoute? {
    Self.routes.first { !$0.isAlias && $0.format(self) != nil }
  }

  /// The canonical `funapp://` URL for the link.
  public var url: String {
    guard let route, let values = route.format(self) else { return "\(Self.scheme)://" }
    return route.url(with: values)
  }

  /// Percent-decodes a path segment, or a query name or value with `plusIsSpace`; `nil` when the
  /// result is not UTF-8. In a query a `+` is a space, as every browser and form writes one
  /// (`?q=a+b` searches "a b"); a plus itself is `%2B`, which is how ``url`` writes it.
  ///
  /// Byte by byte, after ``hasWellFormedEscapes`` has checked every `%`: Foundation's
  /// `removingPercentEncoding` reads characters, so it leaves `%0A` undecoded when a combining
  /// mark follows it, and it drops a leading U+FEFF as if it were a byte-order mark.
  private static func percentDecoded(_ text: String, plusIsSpace: Bool = false) -> String? {
    var bytes: [UInt8] = []
    var rest = text.utf8[...]
    while let byte = rest.popFirst() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = rest.popFirst().flatMap(hexValue), let low = rest.popFirst().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The value of an ASCII hex digit.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `text` with every byte a URL may not hold as it is percent-encoded: spaces, controls,
  /// anything not ASCII. URLComponents would encode them itself, but it reads characters: an
  /// escape followed by a combining mark (`%0A` and U+0301) looks to it like a stray `%`, which
  /// it encodes, so the link would search for the text `%0A`.
  private static func escapingRawBytes(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: urlCharacters) ?? text
  }

  /// What a URL may hold as it is: letters, digits, the unreserved and reserved ASCII marks, and
  /// `%`, whose escapes ``hasWellFormedEscapes`` has checked.
  private static let urlCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#@!$&'()*+,;=%")

  /// Whether every `%` in `text` starts a two-hex-digit escape.
  private static func hasWellFormedEscapes(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else {
          return false
        }
        index += 3
      } else {
        index += 1
      }
    }
    return true
  }

  /// Item ids are slugs: letters, digits, `-`, `_` and `.`, at most 100 characters.
  public static func isValidID(_ id: String) -> Bool {
    // Bytes, not characters or a CharacterSet: every item of a loaded catalog is checked, and a
    // slug is ASCII, so counting its bytes counts its characters (at a million items this
    // check took a sixth of the load).
    !id.isEmpty && id.utf8.count <= 100 && id.utf8.allSatisfy(isSlugByte)
  }

  private static func isSlugByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
      true
    default:
      false
    }
  }
}
