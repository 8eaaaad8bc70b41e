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
    let written = try JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(value))
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
        "zz": FutureMember.value, "aa": .string("text"), "big": .integer(9_007_199_254_740_993),
      ])
    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(
      text.hasPrefix("{\n  \"aa\" : \"text\",\n  \"big\" : 9007199254740993,\n  \"ids\" : [\n    \"a\"\n  ],\n  \"zz\"")
    )
    #expect(
      try members(ofFileAt: file.url) == [
        "ids": .array([.string("a")]), "zz": FutureMember.value, "aa": .string("text"),
        "big": .integer(9_007_199_254_740_993),
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

}
