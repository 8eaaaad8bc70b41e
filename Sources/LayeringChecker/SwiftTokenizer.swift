/// One token of Swift source, as far as finding imports needs: words, attributes, punctuation
/// and whole string literals. Comments produce no tokens.
struct SwiftToken: Equatable, Sendable {
  /// What the token is.
  enum Kind: Equatable, Sendable {
    /// An identifier or keyword (`import`, `struct`, `FunCore`, `#if`); `backticked` for `` `name` ``.
    case word(String, backticked: Bool)
    /// An attribute such as `@testable`, without the `@`.
    case attribute(String)
    /// A whole string literal, single-line, multi-line or raw, with its text as written between
    /// the delimiters (escapes and interpolations untouched); its contents are not tokenised.
    /// Regex literals are strings too.
    case string(String)
    /// A number literal.
    case number
    /// Any other single character: `.`, `;`, `(`, `)`, `{`, `}`, operators.
    case punctuation(Character)
  }

  /// What the token is.
  let kind: Kind
  /// The 1-based line the token starts on.
  let line: Int
}

/// Splits Swift source into ``SwiftToken``s, skipping comments (nested block comments included)
/// and swallowing string literals whole (multi-line, raw, and interpolations inside them), so
/// that text inside comments and strings can never look like code.
///
/// It is a lexer, not a parser: it knows nothing of declarations or `#if` conditions, so every
/// line of code is seen whichever way the conditions go. Regex literals `/…/` are not
/// recognised; extended ones `#/…/#` are.
struct SwiftTokenizer {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var tokens: [SwiftToken] = []

  private init(_ source: String) {
    bytes = Array(source.utf8)
  }

  /// The tokens of `source`, in order.
  static func tokens(in source: String) -> [SwiftToken] {
    var tokenizer = SwiftTokenizer(source)
    tokenizer.scanCode(insideInterpolation: false)
    return tokenizer.tokens
  }

  private func peek(_ offset: Int = 0) -> UInt8? {
    let position = index + offset
    return position < bytes.count ? bytes[position] : nil
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
  }

  private static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
  }

  private mutating func emit(_ kind: SwiftToken.Kind, line: Int) {
    tokens.append(SwiftToken(kind: kind, line: line))
  }

  /// Advances one byte, counting lines.
  private mutating func step() {
    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
    index += 1
  }

  private mutating func readIdentifier() -> String {
    let start = index
    while let byte = peek(), Self.isIdentifierContinuation(byte) {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Scans code until the end of input or, inside a string interpolation, the `)` that closes it.
  private mutating func scanCode(insideInterpolation: Bool) {
    var parenthesisDepth = 0
    while let byte = peek() {
      let startLine = line
      switch byte {
      case UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        step()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        while let next = peek(), next != UInt8(ascii: "\n") {
          index += 1
        }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "\""):
        emit(.string(scanString(hashes: 0)), line: startLine)
      case UInt8(ascii: "#"):
        scanPound(startLine: startLine)
      case UInt8(ascii: "`"):
        index += 1
        let name = readIdentifier()
        if peek() == UInt8(ascii: "`") { index += 1 }
        emit(.word(name, backticked: true), line: startLine)
      case UInt8(ascii: "@") where peek(1).map(Self.isIdentifierStart) == true:
        index += 1
        emit(.attribute(readIdentifier()), line: startLine)
      case _ where Self.isIdentifierStart(byte):
        emit(.word(readIdentifier(), backticked: false), line: startLine)
      case _ where Self.isDigit(byte):
        while let next = peek(), Self.isIdentifierContinuation(next) || next == UInt8(ascii: ".") {
          index += 1
        }
        emit(.number, line: startLine)
      default:
        if byte == UInt8(ascii: "(") {
          parenthesisDepth += 1
        } else if byte == UInt8(ascii: ")") {
          if insideInterpolation && parenthesisDepth == 0 {
            index += 1
            return
          }
          parenthesisDepth -= 1
        }
        index += 1
        emit(.punctuation(Character(Unicode.Scalar(byte))), line: startLine)
      }
    }
  }

  /// `#if`, `#endif`, `#filePath`… become words; `#"…"#` is a raw string; `#/…/#` a regex.
  private mutating func scanPound(startLine: Int) {
    var hashes = 0
    while peek(hashes) == UInt8(ascii: "#") {
      hashes += 1
    }
    switch peek(hashes) {
    case UInt8(ascii: "\""):
      index += hashes
      emit(.string(scanString(hashes: hashes)), line: startLine)
    case UInt8(ascii: "/"):
      index += hashes + 1
      let closing = [UInt8(ascii: "/")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
      while peek() != nil, !matches(closing) {
        step()
      }
      index = min(index + closing.count, bytes.count)
      emit(.string(""), line: startLine)
    case let next? where hashes == 1 && Self.isIdentifierStart(next):
      index += 1
      emit(.word("#" + readIdentifier(), backticked: false), line: startLine)
    default:
      index += 1
      emit(.punctuation("#"), line: startLine)
    }
  }

  private func matches(_ sequence: [UInt8]) -> Bool {
    guard index + sequence.count <= bytes.count else { return false }
    return bytes[index..<(index + sequence.count)].elementsEqual(sequence)
  }

  private mutating func skipBlockComment() {
    var depth = 0
    while peek() != nil {
      if matches(Array("/*".utf8)) {
        depth += 1
        index += 2
      } else if matches(Array("*/".utf8)) {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        step()
      }
    }
  }

  /// Scans a string literal whose opening `#`s are already consumed; `index` is at its first `"`.
  /// Returns the text between the delimiters.
  private mutating func scanString(hashes: Int) -> String {
    let pounds = Array(repeating: UInt8(ascii: "#"), count: hashes)
    let isMultiline = matches(Array("\"\"\"".utf8))
    let closing = (isMultiline ? Array("\"\"\"".utf8) : [UInt8(ascii: "\"")]) + pounds
    let escape = [UInt8(ascii: "\\")] + pounds
    index += isMultiline ? 3 : 1
    let start = index
    while let byte = peek() {
      if matches(closing) {
        let content = text(from: start)
        index += closing.count
        return content
      }
      if matches(escape) {
        index += escape.count
        if peek() == UInt8(ascii: "(") {
          index += 1
          scanCode(insideInterpolation: true)
        } else if peek() != nil {
          step()
        }
        continue
      }
      if byte == UInt8(ascii: "\n") && !isMultiline {
        return text(from: start)  // An unterminated single-line string ends at the line's end.
      }
      step()
    }
    return text(from: start)
  }

  /// The source from `start` up to the current index.
  private func text(from start: Int) -> String {
    String(decoding: bytes[start..<index], as: UTF8.self)
  }
}
