import Foundation
import FunCore

/// One row of ``DeepLink/routes``: a path pattern, the query it reads, how its values become
/// a ``DeepLink`` and back, and where the link goes: its activity, its tab, and whether a guest
/// may open it.
///
/// A pattern is a path of literal segments and `:parameter`s, such as `/item/:id`; its first
/// segment is a literal, the destination (`funapp://item/…`, `https://fun.example/item/…`).
/// Literals match ignoring case. An alias row names a link that another row formats: it only
/// parses.
struct DeepLinkRoute: Sendable {
  /// A query parameter a route reads.
  struct QueryParameter: Sendable {
    /// Its name in the URL.
    let name: String
    /// What its value is, in ``DeepLinkRoute/usage``.
    let placeholder: String
    /// Whether the canonical URL always carries it, even with an empty value (else only when
    /// it has one).
    let isAlwaysWritten: Bool

    /// A parameter the canonical URL always carries.
    static func always(_ name: String, placeholder: String) -> QueryParameter {
      QueryParameter(name: name, placeholder: placeholder, isAlwaysWritten: true)
    }

    /// A parameter the canonical URL carries only when the link has a value for it.
    static func optional(_ name: String, placeholder: String) -> QueryParameter {
      QueryParameter(name: name, placeholder: placeholder, isAlwaysWritten: false)
    }
  }

  /// The values a URL gave a route: its path parameters and its query, decoded.
  struct Values {
    let values: [String: String]
    let invalid: (LocalizedText) -> AppError

    /// The tab named by `name`.
    /// - Throws: ``AppError/invalidDeepLink(link:reason:)`` for a name that is no tab.
    func tab(_ name: String) throws(AppError) -> Tab {
      let text = values[name] ?? ""
      guard let tab = Tab(rawValue: text.lowercased()) else {
        throw invalid(L10n.DeepLink.unknownTab(VisibleEscapes.clipped(text)))
      }
      return tab
    }

    /// The tab named by `name`, which must be one of `activity`'s.
    /// - Throws: ``AppError/invalidDeepLink(link:reason:)`` for a name that is no tab of it,
    ///   naming the link to the activity that has the tab, else `activity`'s tabs.
    func tab(_ name: String, in activity: Activity) throws(AppError) -> Tab {
      let text = values[name] ?? ""
      let named = Tab(rawValue: text.lowercased())
      guard let tab = activity.tab(named: text), named != nil else {
        let escaped = VisibleEscapes.clipped(text)
        if let named, let owner = Activity.owning(named) {
          throw invalid(
            L10n.DeepLink.otherActivityTab(
              activity: activity.name, name: escaped, link: DeepLink.activity(owner, tab: named).url))
        }
        throw invalid(
          L10n.DeepLink.unknownActivityTab(
            activity: activity.name, name: escaped, names: DeepLink.listed(activity.tabs.map(\.rawValue))))
      }
      return tab
    }

    /// The tab named by `name`, or `nil` when the URL has none.
    /// - Throws: ``AppError/invalidDeepLink(link:reason:)`` for a name that is no tab.
    func optionalTab(_ name: String) throws(AppError) -> Tab? {
      values[name] == nil ? nil : try tab(name)
    }

    /// The item id in `name`.
    /// - Throws: ``AppError/invalidDeepLink(link:reason:)`` unless it is a slug
    ///   (``DeepLink/isValidID(_:)``).
    func itemID(_ name: String) throws(AppError) -> String {
      let id = values[name] ?? ""
      guard DeepLink.isValidID(id) else { throw invalid(L10n.DeepLink.invalidItemID(VisibleEscapes.clipped(id))) }
      return id
    }

    /// The text in `name`; empty when the URL has none.
    func text(_ name: String) -> String {
      values[name] ?? ""
    }
  }

  private enum Segment: Sendable {
    case literal(String)
    case parameter(String)
  }

  /// The path pattern, such as `/item/:id`.
  let pattern: String
  /// The activity the link opens in; `nil`: the one its tab belongs to, else the one showing.
  let activity: Activity?
  /// The tab the link shows, whatever its values; `nil`: the one the link names, if any.
  let tab: Tab?
  /// Why a guest may not open the link, or `nil` when a guest may: such a link needs a
  /// signed-in profile.
  let guestRefusal: LocalizedText?
  /// Whether the row only parses: another row formats its link.
  let isAlias: Bool
  /// The names a path parameter may take, for the reason a URL that misses it is given; `nil`
  /// when the row's parameters take anything of their kind.
  let choices: (parameter: String, names: [String])?
  let query: [QueryParameter]
  let parse: @Sendable (Values) throws(AppError) -> DeepLink
  /// The link's values for this row (`nil` values are left out), or `nil` when the row does
  /// not format that link.
  let format: @Sendable (DeepLink) -> [String: String?]?
  private let segments: [Segment]

  /// A row that parses and formats; it opens in `activity` on `tab` (each `nil`: as the link
  /// says), for a guest too unless `guestRefusal` says why not.
  init(
    _ pattern: String,
    query: [QueryParameter] = [],
    activity: Activity? = nil,
    tab: Tab? = nil,
    guestRefusal: LocalizedText? = nil,
    choices: (parameter: String, names: [String])? = nil,
    parse: @escaping @Sendable (Values) throws(AppError) -> DeepLink,
    format: @escaping @Sendable (DeepLink) -> [String: String?]?
  ) {
    self.init(
      pattern: pattern, query: query, isAlias: false, activity: activity, tab: tab, guestRefusal: guestRefusal,
      choices: choices, parse: parse, format: format)
  }

  /// A row that parses `pattern` (which has no parameters) as `link`, and never formats.
  init(alias pattern: String, for link: DeepLink) {
    self.init(
      pattern: pattern, query: [], isAlias: true, activity: nil, tab: nil, guestRefusal: nil, choices: nil,
      parse: { _ throws(AppError) in link }, format: { _ in nil })
  }

  private init(
    pattern: String,
    query: [QueryParameter],
    isAlias: Bool,
    activity: Activity?,
    tab: Tab?,
    guestRefusal: LocalizedText?,
    choices: (parameter: String, names: [String])?,
    parse: @escaping @Sendable (Values) throws(AppError) -> DeepLink,
    format: @escaping @Sendable (DeepLink) -> [String: String?]?
  ) {
    self.pattern = pattern
    self.choices = choices
    self.activity = activity
    self.tab = tab
    self.guestRefusal = guestRefusal
    self.query = query
    self.isAlias = isAlias
    self.parse = parse
    self.format = format
    segments = pattern.split(separator: "/").map { part in
      part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(part.lowercased())
    }
  }

  /// The first segment: the host of a `funapp://` URL, the first path segment of a web one.
  var destination: String {
    guard case .literal(let name) = segments.first else { return "" }
    return name
  }

  /// The canonical form, with placeholders: `funapp://item/<id>[?tab=<name>]`.
  var usage: String {
    let path = segments.map { segment in
      switch segment {
      case .literal(let text): text
      case .parameter(let name): "<\(name)>"
      }
    }
    let query = query.map { parameter in
      parameter.isAlwaysWritten
        ? "?\(parameter.name)=<\(parameter.placeholder)>" : "[?\(parameter.name)=<\(parameter.placeholder)>]"
    }
    return "\(DeepLink.scheme)://" + path.joined(separator: "/") + query.joined()
  }

  /// The row's values in `path` and `query`, or `nil` when the path does not fit the pattern.
  func match(_ path: [String], query: [String: String], invalid: @escaping (LocalizedText) -> AppError) -> Values? {
    guard path.count == segments.count else { return nil }
    var values: [String: String] = [:]
    for (segment, text) in zip(segments, path) {
      switch segment {
      case .literal(let literal):
        guard text.lowercased() == literal else { return nil }
      case .parameter(let name):
        values[name] = text
      }
    }
    for parameter in self.query {
      values[parameter.name] = query[parameter.name]
    }
    return Values(values: values, invalid: invalid)
  }

  /// The `funapp://` URL of `values`, as ``format`` gave them.
  func url(with values: [String: String?]) -> String {
    let path = segments.map { segment in
      switch segment {
      case .literal(let text): text
      case .parameter(let name): Self.encode((values[name] ?? nil) ?? "")
      }
    }
    let query = self.query.compactMap { parameter -> String? in
      let value = values[parameter.name] ?? nil
      guard value != nil || parameter.isAlwaysWritten else { return nil }
      return parameter.name + "=" + Self.encode(value ?? "")
    }
    return "\(DeepLink.scheme)://" + path.joined(separator: "/")
      + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  /// Percent-encodes everything but the unreserved characters, so a value never reads as a
  /// delimiter.
  private static func encode(_ value: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }
}
