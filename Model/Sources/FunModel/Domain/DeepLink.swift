import Foundation

/// A place in the app that a URL can name.
///
/// Accepted forms (the `https://fun.example/…` host works the same as `funapp://`):
///
/// | URL | link |
/// |---|---|
/// | `funapp://tab/<name>` | ``tab(_:)`` |
/// | `funapp://item/<id>[?tab=<name>]` | ``item(id:tab:)`` |
/// | `funapp://search[?q=<text>]` | ``search(query:)`` |
/// | `funapp://settings`, `funapp://profile` | ``tab(_:)`` |
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

  /// The custom scheme.
  public static let scheme = "funapp"
  /// The web host whose paths mirror the custom scheme.
  public static let webHost = "fun.example"

  /// Parses a URL string.
  public init(parsing text: String) throws(AppError) {
    func invalid(_ reason: String) -> AppError {
      .invalidDeepLink(link: text, reason: reason)
    }
    // URLComponents quietly takes a stray `%` as a literal; a link with one is malformed.
    guard Self.hasWellFormedEscapes(text) else {
      throw invalid("malformed percent-encoding")
    }
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
      throw invalid("not a URL")
    }
    var segments = components.percentEncodedPath.split(separator: "/").map(String.init)
    switch scheme {
    case Self.scheme:
      guard let host = components.percentEncodedHost, !host.isEmpty else {
        throw invalid("missing a destination after funapp://")
      }
      segments.insert(host, at: 0)
    case "https":
      guard components.host?.lowercased() == Self.webHost else {
        throw invalid("unknown host \"\(components.host ?? "")\"")
      }
    default:
      throw invalid("unknown scheme \"\(scheme)\"")
    }
    var decoded: [String] = []
    for segment in segments {
      guard let text = segment.removingPercentEncoding else { throw invalid("malformed percent-encoding") }
      decoded.append(text)
    }
    var query: [String: String] = [:]
    for item in components.percentEncodedQueryItems ?? [] {
      guard let name = Self.decodedQueryText(item.name), let value = Self.decodedQueryText(item.value ?? "") else {
        throw invalid("malformed percent-encoding")
      }
      if query[name] == nil { query[name] = value }
    }
    self = try Self.route(decoded, query: query, invalid: invalid)
  }

  private static func route(
    _ segments: [String],
    query: [String: String],
    invalid: (String) -> AppError
  ) throws(AppError) -> DeepLink {
    guard let destination = segments.first?.lowercased() else {
      throw invalid("missing a destination")
    }
    let rest = Array(segments.dropFirst())
    switch destination {
    case "tab":
      guard rest.count == 1 else { throw invalid("expected funapp://tab/<name>") }
      guard let tab = Tab(rawValue: rest[0].lowercased()) else {
        throw invalid("unknown tab \"\(rest[0])\"")
      }
      return .tab(tab)
    case "item":
      guard rest.count == 1 else { throw invalid("expected funapp://item/<id>") }
      guard isValidID(rest[0]) else { throw invalid("invalid item id \"\(rest[0])\"") }
      var tab: Tab?
      if let name = query["tab"] {
        guard let named = Tab(rawValue: name.lowercased()) else { throw invalid("unknown tab \"\(name)\"") }
        tab = named
      }
      return .item(id: rest[0], tab: tab)
    case "search":
      guard rest.isEmpty else { throw invalid("expected funapp://search?q=<text>") }
      return .search(query: query["q"] ?? "")
    case "settings", "profile":
      guard rest.isEmpty else { throw invalid("unexpected path after \(destination)") }
      return .tab(destination == "settings" ? .settings : .profile)
    default:
      throw invalid("unknown destination \"\(segments[0])\"")
    }
  }

  /// Percent-decodes a query name or value, or `nil` when it is not UTF-8.
  ///
  /// Foundation's decoding (`queryItems`, `removingPercentEncoding`) drops a leading U+FEFF as
  /// if it were a byte-order mark, so a search for text starting with one would not survive
  /// ``url``; a letter put in front while decoding, and removed after, keeps it.
  private static func decodedQueryText(_ text: String) -> String? {
    ("a" + text).removingPercentEncoding.map { String($0.unicodeScalars.dropFirst()) }
  }

  /// Whether every `%` in `text` starts a two-hex-digit escape.
  private static func hasWellFormedEscapes(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.count,
          Character(Unicode.Scalar(bytes[index + 1])).isHexDigit,
          Character(Unicode.Scalar(bytes[index + 2])).isHexDigit
        else { return false }
        index += 3
      } else {
        index += 1
      }
    }
    return true
  }

  /// Item ids are slugs: letters, digits, `-`, `_` and `.`, at most 100 characters.
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty && id.count <= 100
      && id.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
      }
  }

  /// The canonical `funapp://` URL for the link.
  public var url: String {
    var components = URLComponents()
    components.scheme = Self.scheme
    switch self {
    case .tab(let tab):
      components.host = "tab"
      components.path = "/\(tab.rawValue)"
    case .item(let id, let tab):
      components.host = "item"
      components.path = "/\(id)"
      if let tab {
        components.queryItems = [URLQueryItem(name: "tab", value: tab.rawValue)]
      }
    case .search(let query):
      components.host = "search"
      components.percentEncodedQuery = "q=" + Self.encodeQueryValue(query)
    }
    return components.string ?? "\(Self.scheme)://"
  }

  private static func encodeQueryValue(_ value: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }
}
