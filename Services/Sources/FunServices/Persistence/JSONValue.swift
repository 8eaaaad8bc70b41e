import Foundation

/// Any JSON value, read and written as it is: how a state file's top-level members that this
/// version of Fun does not know are kept until the file is written again (see `StateDocument`).
///
/// A number is kept as the text it was written with and written back verbatim, so an integer
/// beyond 64 bits, a decimal with more digits than a `Double` holds, `-0` or `1E+2` comes back
/// exactly as it was (two numbers are equal when their texts are). A string is kept as its
/// text, an object by key; both are written as the rest of the file is, indented, keys sorted.
enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// The number's text as written, such as `-0.10e+400`.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Nesting deeper than this is refused, as `JSONDecoder` refuses it.
  static let maximumDepth = 512

  /// Why text is not one JSON value, and where.
  struct SyntaxError: Error, Equatable {
    /// The byte offset at which the text stops being JSON.
    let offset: Int
  }

  /// The value `data` holds: JSON (RFC 8259) in UTF-8, whitespace around it allowed, and a
  /// comma before the end of an array or object, as `JSONDecoder` reads it.
  /// - Throws: ``SyntaxError`` when `data` is anything else.
  init(parsing data: Data) throws(SyntaxError) {
    self = try Self.members(parsing: data).value
  }

  /// A member of an object as written: its key, and the bytes from the key's opening quote to
  /// the end of its value.
  typealias WrittenMember = (key: String, text: Range<Int>)

  /// The value `data` holds and, when it is an object, its members in the order written.
  static func members(parsing data: Data) throws(SyntaxError) -> (value: JSONValue, members: [WrittenMember]) {
    var parser = Parser(bytes: [UInt8](data))
    return try parser.document()
  }

  /// The value as a state file holds it: as `JSONEncoder` writes with `.prettyPrinted` and
  /// `.sortedKeys`, nested `depth` levels deep (two spaces each), numbers verbatim.
  func formatted(depth: Int = 0) -> String {
    var text = ""
    write(to: &text, depth: depth)
    return text
  }

  private func write(to text: inout String, depth: Int) {
    switch self {
    case .null: text += "null"
    case .bool(let bool): text += bool ? "true" : "false"
    case .number(let literal): text += literal
    case .string(let string): Self.writeString(string, to: &text)
    case .array(let elements):
      guard !elements.isEmpty else {
        text += "[\n\n" + Self.indent(depth) + "]"
        return
      }
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += (index == 0 ? "" : ",\n") + Self.indent(depth + 1)
        element.write(to: &text, depth: depth + 1)
      }
      text += "\n" + Self.indent(depth) + "]"
    case .object(let members):
      guard !members.isEmpty else {
        text += "{\n\n" + Self.indent(depth) + "}"
        return
      }
      text += "{\n"
      for (index, key) in members.keys.sorted().enumerated() {
        text += (index == 0 ? "" : ",\n") + Self.indent(depth + 1)
        Self.writeString(key, to: &text)
        text += " : "
        members[key]?.write(to: &text, depth: depth + 1)
      }
      text += "\n" + Self.indent(depth) + "}"
    }
  }

  private static func indent(_ depth: Int) -> String {
    String(repeating: "  ", count: depth)
  }

  /// `string` quoted and escaped as `JSONEncoder` escapes it.
  static func writeString(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "/": text += "\\/"
      case "\u{08}": text += "\\b"
      case "\u{0C}": text += "\\f"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}

/// A strict recursive-descent reader of JSON bytes, depth-bounded so hostile nesting cannot
/// exhaust the stack.
private struct Parser {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    // A byte order mark, which some editors write, is not part of the text.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  private var failure: JSONValue.SyntaxError {
    JSONValue.SyntaxError(offset: index)
  }

  mutating func document() throws(JSONValue.SyntaxError) -> (value: JSONValue, members: [JSONValue.WrittenMember]) {
    skipWhitespace()
    var members: [JSONValue.WrittenMember] = []
    let value: JSONValue
    if peek == UInt8(ascii: "{") {
      value = try object(depth: 1) { members.append($0) }
    } else {
      value = try self.value(depth: 0)
    }
    skipWhitespace()
    guard index == bytes.count else { throw failure }
    return (value, members)
  }

  private var peek: UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      index += 1
    }
  }

  private mutating func expect(_ byte: UInt8) throws(JSONValue.SyntaxError) {
    guard peek == byte else { throw failure }
    index += 1
  }

  private mutating func literal(_ text: String, _ value: JSONValue) throws(JSONValue.SyntaxError) -> JSONValue {
    for byte in text.utf8 {
      try expect(byte)
    }
    return value
  }

  private mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
    skipWhitespace()
    guard let byte = peek else { throw failure }
    switch byte {
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "{"): return try object(depth: depth + 1) { _ in }
    default: throw failure
    }
  }

  private mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
    guard depth <= JSONValue.maximumDepth else { throw failure }
    try expect(UInt8(ascii: "["))
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try value(depth: depth))
      skipWhitespace()
      if peek == UInt8(ascii: ",") {
        index += 1
        // A comma before the end, which JSONDecoder takes too: refusing it would set aside a
        // file that reads.
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        }
      } else {
        try expect(UInt8(ascii: "]"))
        return .array(elements)
      }
    }
  }

  /// An object; `found` hears each member as written.
  private mutating func object(
    depth: Int, found: (JSONValue.WrittenMember) -> Void
  ) throws(JSONValue.SyntaxError) -> JSONValue {
    guard depth <= JSONValue.maximumDepth else { throw failure }
    try expect(UInt8(ascii: "{"))
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      let keyStart = index
      let key = try string()
      skipWhitespace()
      try expect(UInt8(ascii: ":"))
      let member = try value(depth: depth)
      found((key, keyStart..<index))
      members[key] = member
      skipWhitespace()
      if peek == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
      } else {
        try expect(UInt8(ascii: "}"))
        return .object(members)
      }
    }
  }

  /// A number's text, checked against JSON's grammar: `-`, an integer part without leading
  /// zeros, an optional fraction and an optional exponent.
  private mutating func number() throws(JSONValue.SyntaxError) -> String {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    if peek == UInt8(ascii: "0") {
      index += 1
    } else {
      try digits()
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      try digits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      try digits()
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// One or more decimal digits.
  private mutating func digits() throws(JSONValue.SyntaxError) {
    guard let first = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw failure }
    while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      index += 1
    }
  }

  /// A string's text: escapes resolved, valid UTF-8, no raw control characters, and no
  /// `\u` escape that makes no character (a lone surrogate).
  private mutating func string() throws(JSONValue.SyntaxError) -> String {
    try expect(UInt8(ascii: "\""))
    var utf8: [UInt8] = []
    while true {
      guard let byte = peek, byte >= 0x20 else { throw failure }
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: utf8, as: UTF8.self) else { throw JSONValue.SyntaxError(offset: index - 1) }
        return text
      case UInt8(ascii: "\\"):
        try escape(into: &utf8)
      default:
        utf8.append(byte)
      }
    }
  }

  private mutating func escape(into utf8: inout [UInt8]) throws(JSONValue.SyntaxError) {
    guard let byte = peek else { throw failure }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var value = try hexQuad()
      if (0xD800...0xDBFF).contains(value) {
        try expect(UInt8(ascii: "\\"))
        try expect(UInt8(ascii: "u"))
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { throw failure }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else { throw failure }
      utf8.append(contentsOf: String(scalar).utf8)
    default:
      throw failure
    }
  }

  private mutating func hexQuad() throws(JSONValue.SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { throw failure }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
