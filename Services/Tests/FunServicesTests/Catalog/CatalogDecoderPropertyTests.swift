import Foundation
import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunServices

/// Property tests of the catalog decoder: valid catalogs with one random mutation each, and
/// byte-level damage, 10 000 cases each. Replay a failure with
/// `FUN_PROPERTY_SEED=<seed> swift test --filter CatalogDecoderPropertyTests`.
@Suite("CatalogDecoder properties")
struct CatalogDecoderPropertyTests {
  private let decoder = CatalogDecoder()

  private func decode(_ data: Data) -> Result<[FeaturedItem], AppError> {
    do {
      return .success(try decoder.decode(data))
    } catch {
      return .failure(error)
    }
  }

  @Test("A catalog with harmless changes decodes to its items; one breaking change gives the error naming its item")
  func mutatedCatalogs() {
    Property(seed: 0xCA7_0001).check { generator in
      var catalog = generator.catalog()
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        catalog.applyHarmlessChange(using: &generator)
      }
      let expected: Result<[FeaturedItem], AppError>
      if Bool.random(using: &generator), !catalog.items.isEmpty {
        expected = .failure(catalog.applyBreakingChange(using: &generator))
      } else {
        expected = .success(catalog.items)
      }
      let json = catalog.json(escapingNonASCII: Bool.random(using: &generator))
      let result = decode(Data(json.utf8))
      try Property.ensure(result == expected, "\(json)\ndecoded as \(result)\nexpected \(expected)")
    }
  }

  @Test("Truncated, spliced or garbled catalog bytes give items or an AppError saying what is wrong, never a crash")
  func damagedBytes() {
    Property(seed: 0xCA7_0002).check { generator in
      var bytes = Array(generator.catalog().json(escapingNonASCII: Bool.random(using: &generator)).utf8)
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        generator.damage(&bytes)
      }
      switch decode(Data(bytes)) {
      case .success(let items):
        try Property.ensure(
          items.allSatisfy { DeepLink.isValidID($0.id) } && Set(items.map(\.id)).count == items.count,
          "\(String(decoding: bytes, as: UTF8.self).debugDescription) decoded with bad ids: \(items.map(\.id))"
        )
      case .failure(.malformedCatalog(let reason)):
        try Property.ensure(!reason.description.isEmpty, "malformed without a reason")
      case .failure(.missingField(let index, let field)):
        try Property.ensure(index >= 0 && !field.isEmpty, "missingField(\(index), \(field))")
      case .failure(let error):
        throw Property.Counterexample(description: "decode threw \(error), which it promises never to throw")
      }
    }
  }
}

/// A JSON value, written out by ``text(escapingNonASCII:)`` so tests control every byte.
private indirect enum JSONValue: Equatable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  static func == (left: JSONValue, right: JSONValue) -> Bool {
    left.text(escapingNonASCII: false) == right.text(escapingNonASCII: false)
  }

  /// The JSON text; with `escapingNonASCII`, every non-ASCII scalar is a `\u` escape
  /// (a surrogate pair beyond the BMP).
  func text(escapingNonASCII: Bool) -> String {
    switch self {
    case .string(let value):
      return Self.quoted(value, escapingNonASCII: escapingNonASCII)
    case .number(let literal):
      return literal
    case .bool(let value):
      return value ? "true" : "false"
    case .null:
      return "null"
    case .array(let elements):
      return "[" + elements.map { $0.text(escapingNonASCII: escapingNonASCII) }.joined(separator: ",") + "]"
    case .object(let members):
      let body = members.map {
        Self.quoted($0.key, escapingNonASCII: escapingNonASCII) + ":"
          + $0.value.text(escapingNonASCII: escapingNonASCII)
      }
      return "{" + body.joined(separator: ",") + "}"
    }
  }

  private static func quoted(_ text: String, escapingNonASCII: Bool) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20 || (escapingNonASCII && scalar.value >= 0x7F):
        for unit in String(scalar).utf16 {
          result += String(format: "\\u%04x", unit)
        }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

/// A catalog as JSON members, kept beside the items it should decode to.
private struct CatalogDocument {
  static let requiredFields = ["id", "title", "subtitle", "category", "description"]

  var members: [[(key: String, value: JSONValue)]]
  var items: [FeaturedItem]
  var topLevelExtras: [(key: String, value: JSONValue)] = []
  /// An item written as another kind of value.
  var replacement: (index: Int, value: JSONValue)?

  func json(escapingNonASCII: Bool) -> String {
    let list = JSONValue.array(
      members.enumerated().map { index, fields in
        replacement.map { $0.index == index ? $0.value : .object(fields) } ?? .object(fields)
      }
    )
    return JSONValue.object([(key: "items", value: list)] + topLevelExtras).text(escapingNonASCII: escapingNonASCII)
  }

  /// Reorders fields, adds unknown fields, or drops `featured` where it is false: the items
  /// decoded stay the same.
  mutating func applyHarmlessChange(using generator: inout SplitMix64) {
    let unknown = (key: generator.fieldName(), value: generator.anyValue(depth: 2))
    let topLevelUnknown = (key: unknown.key == "items" ? "version" : unknown.key, value: unknown.value)
    guard let index = members.indices.randomElement(using: &generator) else {
      topLevelExtras.append(topLevelUnknown)
      return
    }
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      members[index].shuffle(using: &generator)
    case 1 where !items[index].isFeatured:
      members[index].removeAll { $0.key == "featured" }
    case 2:
      topLevelExtras.append(topLevelUnknown)
    default:
      members[index].insert(unknown, at: Int.random(in: 0...members[index].count, using: &generator))
    }
  }

  /// Breaks one item in one way and returns the error that names it.
  mutating func applyBreakingChange(using generator: inout SplitMix64) -> AppError {
    let index = Int.random(in: 0..<members.count, using: &generator)
    let field = Self.requiredFields.randomElement(using: &generator) ?? "id"
    switch Int.random(in: 0..<6, using: &generator) {
    case 0:
      members[index].removeAll { $0.key == field }
      return .missingField(itemIndex: index, field: field)
    case 1:
      set(field, to: generator.nonString(), at: index)
      return .malformedCatalog(reason: L10n.Reason.fieldNotString(index: String(index), field: field))
    case 2:
      set(
        "featured", to: Bool.random(using: &generator) ? .string("yes") : generator.nonString(excludingBool: true),
        at: index)
      return .malformedCatalog(reason: L10n.Reason.featuredNotBoolean(String(index)))
    case 3:
      let id = generator.invalidID()
      set("id", to: .string(id), at: index)
      return .malformedCatalog(reason: L10n.Reason.idNotSlug(index: String(index), id: id))
    case 4 where index > 0:
      let first = Int.random(in: 0..<index, using: &generator)
      set("id", to: .string(items[first].id), at: index)
      return .malformedCatalog(
        reason: L10n.Reason.repeatedID(index: String(index), id: items[first].id, first: String(first)))
    default:
      var value = generator.nonString()
      while case .object = value { value = generator.nonString() }
      replacement = (index, value)
      return .malformedCatalog(reason: L10n.Reason.itemNotObject(String(index)))
    }
  }

  private mutating func set(_ key: String, to value: JSONValue, at index: Int) {
    if let position = members[index].firstIndex(where: { $0.key == key }) {
      members[index][position].value = value
    } else {
      members[index].append((key: key, value: value))
    }
  }
}

extension SplitMix64 {
  /// Text for titles and descriptions: quotes, backslashes, escape sequences and controls,
  /// unicode of every width. The decoder keeps them as they are; sanitising is the frontend's job.
  fileprivate static let textPieces = [
    "Swift", " ", "é", "中文", "😀", "👨\u{200D}👩\u{200D}👧", "e\u{301}", "\"", "\\", "\\u0041", "/", "\u{1B}[2J",
    "\u{1B}]0;title\u{07}", "\u{0}", "\n", "\t", "\u{7F}", "\u{9B}", "\u{202E}", "\u{FEFF}", "{", "}", "[", "]", ":",
    ",",
  ]

  fileprivate mutating func text() -> String {
    (0..<Int.random(in: 0...8, using: &self)).map { _ in Self.textPieces.randomElement(using: &self) ?? "" }.joined()
  }

  fileprivate mutating func slug() -> String {
    let characters = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.")
    return String((0..<Int.random(in: 1...12, using: &self)).map { _ in characters.randomElement(using: &self) ?? "a" })
  }

  fileprivate mutating func invalidID() -> String {
    [
      "", "has space", "ansi\u{1B}[31m", "a/b", "café", "😀", String(repeating: "a", count: 101), "tab\t", "quote\"",
    ].randomElement(using: &self) ?? ""
  }

  /// A valid catalog of 0 to 6 items with distinct ids.
  fileprivate mutating func catalog() -> CatalogDocument {
    var items: [FeaturedItem] = []
    for _ in 0..<Int.random(in: 0...6, using: &self) {
      var id = slug()
      while items.contains(where: { $0.id == id }) { id += "x" }
      items.append(
        FeaturedItem(
          id: id, title: text(), subtitle: text(), category: text(), description: text(),
          isFeatured: Bool.random(using: &self)
        )
      )
    }
    let members = items.map { item -> [(key: String, value: JSONValue)] in
      var fields: [(key: String, value: JSONValue)] = [
        ("id", .string(item.id)), ("title", .string(item.title)), ("subtitle", .string(item.subtitle)),
        ("category", .string(item.category)), ("description", .string(item.description)),
      ]
      if item.isFeatured || Bool.random(using: &self) {
        fields.append(("featured", .bool(item.isFeatured)))
      }
      return fields
    }
    return CatalogDocument(members: members, items: items)
  }

  fileprivate mutating func fieldName() -> String {
    ["rating", "tags", "extra", "Title", "ID", "featured ", "", "é", "items", "\u{1B}"].randomElement(using: &self)
      ?? "x"
  }

  /// A value that is not a string (and, with `excludingBool`, not a boolean either).
  fileprivate mutating func nonString(excludingBool: Bool = false) -> JSONValue {
    let choices: [JSONValue] = [
      .number("42"), .number("-1.5e3"), .number("0"), .null, .array([]), .array([.string("x")]), .object([]),
      .object([(key: "a", value: .number("1"))]),
    ]
    if !excludingBool && Bool.random(using: &self) {
      return .bool(Bool.random(using: &self))
    }
    return choices.randomElement(using: &self) ?? .null
  }

  fileprivate mutating func anyValue(depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &self) {
    case 0: return .string(text())
    case 1: return .number(["1", "-0", "3.25", "1e308", "12345678901234567890"].randomElement(using: &self) ?? "1")
    case 2: return .bool(Bool.random(using: &self))
    case 3: return .null
    case 4: return .array((0..<Int.random(in: 0...3, using: &self)).map { _ in anyValue(depth: depth - 1) })
    default:
      return .object((0..<Int.random(in: 0...3, using: &self)).map { _ in (fieldName(), anyValue(depth: depth - 1)) })
    }
  }

  /// Damages JSON bytes: cuts them short, inserts garbage (invalid UTF-8, stray brackets, deep
  /// nesting), deletes or duplicates a range, or flips a byte.
  fileprivate mutating func damage(_ bytes: inout [UInt8]) {
    let position = Int.random(in: 0...bytes.count, using: &self)
    let end = Int.random(in: position...min(bytes.count, position + 40), using: &self)
    switch Int.random(in: 0..<6, using: &self) {
    case 0:
      bytes.removeLast(bytes.count - position)
    case 1:
      let garbage: [[UInt8]] = [
        [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0], Array("\"".utf8), Array("{".utf8), Array("]".utf8), Array(",".utf8),
        Array("\\u00".utf8), Array("\\uD800".utf8), Array("\u{1B}[2J".utf8), Array("null".utf8), Array("1e999".utf8),
        Array(repeating: UInt8(ascii: "["), count: Int.random(in: 1...600, using: &self)),
        Array(String(repeating: "{\"a\":", count: Int.random(in: 1...600, using: &self)).utf8),
        (0..<Int.random(in: 1...16, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) },
      ]
      bytes.insert(contentsOf: garbage.randomElement(using: &self) ?? [], at: position)
    case 2:
      bytes.removeSubrange(position..<end)
    case 3:
      bytes.insert(contentsOf: bytes[position..<end], at: end)
    default:
      guard position < bytes.count else { return }
      bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &self)
    }
  }
}
