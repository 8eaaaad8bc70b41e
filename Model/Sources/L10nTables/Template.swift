/// The pieces of a table text: literal text and `{name}` or `{name:type}` placeholders. A
/// brace that opens no valid placeholder is literal text.
public enum Template {
  /// One piece of a text.
  public enum Token: Equatable, Sendable {
    /// Text shown as it is.
    case literal(String)
    /// A placeholder, with its type if the text names one.
    case placeholder(name: String, type: String?)
  }

  /// Splits `text` into literal text and placeholders.
  public static func parse(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      literal += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
      let inside = rest[afterOpen..<close]
      let parts = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      if let name = parts.first, isIdentifier(name), parts.count == 1 || isIdentifier(parts[1]) {
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        literal = ""
        tokens.append(.placeholder(name: String(name), type: parts.count == 2 ? String(parts[1]) : nil))
      } else {
        literal += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty { tokens.append(.literal(literal)) }
    return tokens
  }

  /// `text` with every placeholder written `{name}`, its type dropped: the form compiled in.
  public static func untyped(_ text: String) -> String {
    parse(text).map { token in
      switch token {
      case .literal(let literal): literal
      case .placeholder(let name, _): "{\(name)}"
      }
    }.joined()
  }

  private static func isIdentifier(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }
}
