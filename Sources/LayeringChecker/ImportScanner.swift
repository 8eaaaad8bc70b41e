/// Finds every `import` declaration in Swift source, with its line number.
///
/// Catches every spelling the compiler accepts: plain, `@testable`, `@_exported`,
/// `@preconcurrency`, `@_spi(…)` and other attributes (also on the line before), access-level
/// imports (`public import X` … `fileprivate import X`), scoped imports (`import struct X.Y`,
/// `class`, `enum`, `protocol`, `func`, `var`, `let`, `typealias`), several imports on one
/// line separated by `;`, and imports inside `#if … #endif` whatever the condition. Text in
/// comments and string literals is ignored.
public enum ImportScanner {
  static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
  static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

  /// Every import declaration in `source`, in source order.
  public static func imports(in source: String) -> [ImportDeclaration] {
    let tokens = SwiftTokenizer.tokens(in: source)
    return tokens.indices.compactMap { declaration(at: $0, in: tokens) }
  }

  private static func word(_ token: SwiftToken?) -> String? {
    if case .word(let text, _)? = token?.kind { return text }
    return nil
  }

  private static func declaration(at index: Int, in tokens: [SwiftToken]) -> ImportDeclaration? {
    guard case .word("import", backticked: false) = tokens[index].kind else { return nil }
    let keywordLine = tokens[index].line

    // Walk back over the modifiers and attributes that may precede `import`.
    var start = index
    var attributes: [String] = []
    var accessLevel: String?
    while start > 0 {
      let previous = tokens[start - 1]
      if case .attribute(let name) = previous.kind {
        attributes.insert(name, at: 0)
        start -= 1
      } else if let name = word(previous), accessLevels.contains(name), accessLevel == nil {
        accessLevel = name
        start -= 1
      } else if previous.kind == .punctuation(")"), let open = attributeArgumentsOpening(closing: start - 1, in: tokens)
      {
        start = open  // The attribute that owns the arguments is the next `previous`.
      } else {
        break
      }
    }
    // The declaration must begin a statement: first token, a new line, or after `;`, `{`, `}`.
    if start > 0 {
      let before = tokens[start - 1]
      let beginsStatement =
        before.line < tokens[start].line
        || [.punctuation(";"), .punctuation("{"), .punctuation("}")].contains(before.kind)
      guard beginsStatement else { return nil }
    }

    var cursor = index + 1
    var kind: String?
    if let candidate = word(tokens[safe: cursor]), importKinds.contains(candidate),
      word(tokens[safe: cursor + 1]) != nil
    {
      kind = candidate
      cursor += 1
    }
    guard let first = word(tokens[safe: cursor]) else { return nil }
    var path = [first]
    cursor += 1
    while tokens[safe: cursor]?.kind == .punctuation("."), let component = word(tokens[safe: cursor + 1]) {
      path.append(component)
      cursor += 2
    }
    return ImportDeclaration(
      path: path,
      kind: kind,
      attributes: attributes,
      accessLevel: accessLevel,
      line: keywordLine
    )
  }

  /// For `@_spi(Name)`: given the index of `)`, the index of its `(` when an attribute precedes it.
  private static func attributeArgumentsOpening(closing: Int, in tokens: [SwiftToken]) -> Int? {
    var depth = 0
    var cursor = closing
    while cursor >= 0 {
      switch tokens[cursor].kind {
      case .punctuation(")"): depth += 1
      case .punctuation("("): depth -= 1
      default: break
      }
      if depth == 0 {
        guard cursor > 0, case .attribute = tokens[cursor - 1].kind else { return nil }
        return cursor
      }
      cursor -= 1
    }
    return nil
  }
}
