import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("StateDocument")
struct StateDocumentTests {
  private static let date = Date(timeIntervalSince1970: 1_735_689_600)

  /// Each state file's value, with every member it can hold set.
  static let everyStateFileObject: [(String, any StateFileObject)] = [
    ("settings.json", FeatureToggles.defaults),
    ("favorites.json", StoredFavorites(ids: ["a"])),
    ("my-items.json", StoredMyItems(items: [])),
    ("profile.json", UserProfile(displayName: "Ada", name: "ada", bio: "", createdAt: date)),
    ("session.json", RememberedProfile(profile: "ada")),
    ("migration.json", MigrationMarker(profile: "ada", isFinished: true)),
  ]

  @Test("Each state file's known keys are exactly the members its value writes", arguments: everyStateFileObject)
  func knownKeysAreTheWrittenOnes(name: String, value: any StateFileObject) throws {
    guard case .object(let written) = try JSONValue(parsing: JSONEncoder().encode(value)) else {
      Issue.record("\(name) is not written as an object")
      return
    }
    #expect(Set(written.keys) == type(of: value).knownKeys, "\(name)")
  }

  @Test("Unknown members of every JSON kind are read and written back as they were, sorted among the known")
  func unknownMembersRoundTrip() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<StoredFavorites>(directory: temporary.url, name: "favorites.json")
    try Data(#"{"ids":["b"],"zz":\#(FutureMember.text),"aa":"text","big":9007199254740993}"#.utf8).write(to: file.url)

    let document = try #require(try file.readDocument())
    try file.write(StateDocument(StoredFavorites(ids: ["a"]), unknownMembers: document.unknownMembers))

    #expect(
      document.unknownMembers == [
        "zz": FutureMember.value, "aa": .string("text"), "big": .number("9007199254740993"),
      ])
    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(
      text.hasPrefix("{\n  \"aa\" : \"text\",\n  \"big\" : 9007199254740993,\n  \"ids\" : [\n    \"a\"\n  ],\n  \"zz\"")
    )
    #expect(
      try members(ofFileAt: file.url) == [
        "ids": .array([.string("a")]), "zz": FutureMember.value, "aa": .string("text"),
        "big": .number("9007199254740993"),
      ])
  }

  @Test("A kept member under a known key never replaces the value's, nor brings back one the value leaves out")
  func knownKeysComeFromTheValue() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<RememberedProfile>(directory: temporary.url, name: "session.json")

    try file.write(
      StateDocument(RememberedProfile(profile: nil), unknownMembers: ["profile": .string("old"), "x": .null]))

    #expect(try members(ofFileAt: file.url) == ["x": .null])
  }

  @Test("A value that is no object keeps nothing: its file is only the value")
  func nonObjectKeepsNothing() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<[String]>(directory: temporary.url, name: "list.json")
    try Data(#"["a"]"#.utf8).write(to: file.url)

    #expect(try file.readDocument()?.unknownMembers == [:])
    try file.write(["b"])
    #expect(try file.read() == ["b"])
  }

  @Test("A file set aside as corrupt leaves nothing to keep: the next save starts fresh")
  func corruptFileKeepsNothing() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("favorites.json")
    try Data(#"{"ids":"not a list","future":\#(FutureMember.text)}"#.utf8).write(to: url)
    let toasts = MockToastService()
    let service = PersistentFavoritesService(directory: temporary.url, logger: MockLoggerService(), toasts: toasts)

    service.toggle("a")

    #expect(try members(ofFileAt: url) == ["ids": .array([.string("a")])])
    #expect(toasts.shownToasts.count == 1)
  }

  /// Favorites kept by a `PersistedState` over `file`, as `PersistentFavoritesService` keeps them.
  private func favorites(_ file: StateFile<StoredFavorites>, toasts: MockToastService) -> PersistedState<
    StoredFavorites, Set<String>
  > {
    PersistedState(
      file: file, defaultValue: StoredFavorites(ids: []), logger: MockLoggerService(), toasts: toasts,
      category: "favorites", publish: { $0.ids })
  }

  @Test("A save after a refused write still writes the members this version does not know")
  func saveAfterRefusedWriteKeepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("favorites.json")
    try Data(#"{"ids":["a"],"future":\#(FutureMember.text)}"#.utf8).write(to: url)
    let refusesNextWrite = Locked(true)
    var calls = FileSystem.WriteCalls.system
    calls.write = { descriptor, bytes in
      refusesNextWrite.withLock { refuses in
        defer { refuses = false }
        return refuses ? EIO : nil
      } ?? FileSystem.WriteCalls.system.write(descriptor, bytes)
    }
    let toasts = MockToastService()
    let state = favorites(
      StateFile(directory: temporary.url, name: "favorites.json", writeCalls: calls), toasts: toasts)

    state.update { $0.ids.insert("b") }
    #expect(try members(ofFileAt: url) == ["ids": .array([.string("a")]), "future": FutureMember.value])
    #expect(toasts.shownToasts.count == 1, "the refused write is reported")
    state.update { $0.ids.insert("c") }

    #expect(
      try members(ofFileAt: url) == [
        "ids": .array([.string("a"), .string("b"), .string("c")]), "future": FutureMember.value,
      ])
  }

  @Test("A save after one that failed because the folder was out of reach still writes the members it read before")
  func saveAfterUnreachableFolderKeepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let folder = temporary.url.appendingPathComponent("profile")
    let away = temporary.url.appendingPathComponent("away")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("favorites.json")
    try Data(#"{"ids":["a"],"future":\#(FutureMember.text)}"#.utf8).write(to: url)
    let toasts = MockToastService()
    let state = favorites(StateFile(directory: folder, name: "favorites.json"), toasts: toasts)
    state.update { $0.ids.insert("b") }

    // A file where the folder belongs: neither reading nor writing reaches favorites.json, even as root.
    try FileManager.default.moveItem(at: folder, to: away)
    try Data("not a folder".utf8).write(to: folder)
    state.update { $0.ids.insert("c") }
    #expect(!toasts.shownToasts.isEmpty, "the failed save is reported")
    try FileManager.default.removeItem(at: folder)
    try FileManager.default.moveItem(at: away, to: folder)
    state.update { $0.ids.insert("d") }

    #expect(
      try members(ofFileAt: url) == [
        "ids": .array(["a", "b", "c", "d"].map(JSONValue.string)), "future": FutureMember.value,
      ])
  }

  /// Numbers a `Double` or a 64-bit integer would change: beyond their range or precision,
  /// negative zero, exponents in every spelling, trailing zeros.
  static let trickyNumbers = [
    "123456789012345678901234567890", "0.1000000000000000055511151231257827", "-0", "-0.0", "0", "0.0",
    "1.0", "2.50", "1e2", "1E2", "1e+2", "1E-2", "-1.5E+10", "1E400", "-1e-400", "123.456e-789",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "1.7976931348623157e309", "9223372036854775807",
    "9223372036854775808", "-9223372036854775809", "18446744073709551616", "0.30000000000000004",
    "100000000000000000000000000000000000000000000000000000000000000000000001", "-0e-0",
  ]

  @Test("An unknown member's number is written back exactly as it was written", arguments: trickyNumbers)
  func numbersRoundTripAsWritten(literal: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<StoredFavorites>(directory: temporary.url, name: "favorites.json")
    try Data(#"{"ids":[],"n":\#(literal),"nested":{"list":[\#(literal),{"deep":\#(literal)}]}}"#.utf8).write(
      to: file.url)

    let document = try #require(try file.readDocument())
    try file.write(StateDocument(StoredFavorites(ids: ["a"]), unknownMembers: document.unknownMembers))

    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(text.contains("\"n\" : \(literal),\n"), "\(text)")
    #expect(text.contains("\"list\" : [\n      \(literal),\n"), "\(text)")
    #expect(text.contains("\"deep\" : \(literal)\n"), "\(text)")
    #expect(document.unknownMembers["n"] == .number(literal))
    let again = try #require(try file.readDocument())
    #expect(again.unknownMembers == document.unknownMembers)
  }

  @Test("A saved file is the value's members as the encoder writes them, with the kept ones sorted among them")
  func writtenLikeTheEncoder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<StoredFavorites>(directory: temporary.url, name: "favorites.json")
    let kept: [String: JSONValue] = [
      "a": .string("q\"b\\s/\n\t\u{01}é😀"), "z": .object(["y": .array([]), "x": .object([:]), "w": .null]),
    ]

    try file.write(StateDocument(StoredFavorites(ids: ["1", "2"]), unknownMembers: kept))

    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(
      text == """
        {
          "a" : "q\\"b\\\\s\\/\\n\\t\\u0001é😀",
          "ids" : [
            "1",
            "2"
          ],
          "z" : {
            "w" : null,
            "x" : {

            },
            "y" : [

            ]
          }
        }

        """)
    #expect(try file.readDocument()?.unknownMembers == kept)
  }

  @Test(
    "Text that is not JSON is refused, where JSONDecoder refuses it too",
    arguments: [
      "01", "1.", ".5", "+1", "-", "1e", "1e+", "--1", "0x10", "NaN", "Infinity", "[,]", "[1,,]", "{\"a\" 1}", "{,}",
      "{a:1}", "\"\\ud800\"", "\"\\udc00x\"", "\"\\ud800\\u0041\"", "\"\u{01}\"", "\"\\x\"", "tru", "nul", "[",
      "\"open",
      "1 2", String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
    ])
  func refusesWhatIsNotJSON(text: String) {
    #expect(throws: JSONValue.SyntaxError.self) { try JSONValue(parsing: Data(text.utf8)) }
    #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONAnything.self, from: Data(text.utf8)) }
  }

  @Test("Nesting up to JSONDecoder's depth, escapes, surrogate pairs and a comma before the end are read")
  func readsWhatIsJSON() throws {
    #expect(
      try JSONValue(parsing: Data(#"[1,{"a":[],},]"#.utf8)) == .array([.number("1"), .object(["a": .array([])])]))
    let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONValue(parsing: Data(deep.utf8)) }
    #expect(
      try JSONValue(parsing: Data(#" {"k\u00e9":["\ud83d\ude00\/\b\f",true,false,null,-0.5e-3]} "#.utf8))
        == .object(["ké": .array([.string("😀/\u{08}\u{0C}"), .bool(true), .bool(false), .null, .number("-0.5e-3")])]))
  }
}

/// Whatever JSON text holds, read by `JSONDecoder` without keeping it.
private struct JSONAnything: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { return }
    if (try? container.decode(Bool.self)) != nil { return }
    if (try? container.decode(Decimal.self)) != nil { return }
    if (try? container.decode(String.self)) != nil { return }
    if (try? container.decode([JSONAnything].self)) != nil { return }
    _ = try container.decode([String: JSONAnything].self)
  }
}
