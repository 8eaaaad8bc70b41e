import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

/// A state directory of the earlier layout (favorites at the top) moves into the first profile
/// that signs in: once, under a lock, with a marker, surviving an interruption at any point.
@Suite("Migration of the earlier layout")
struct LegacyStateMigrationTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()

  private func service(_ directory: URL) -> LocalProfilesService {
    LocalProfilesService(
      stateDirectory: directory, logger: logger, toasts: toasts, now: { Date(timeIntervalSince1970: 1_735_689_600) })
  }

  private func writeFavorites(_ ids: [String], to relative: String, in directory: TemporaryDirectory) throws {
    let url = directory.url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"ids\":[\(ids.map { "\"\($0)\"" }.joined(separator: ","))]}".utf8).write(to: url)
  }

  private func writeMarker(profile: String, finished: Bool, in directory: TemporaryDirectory) throws {
    try Data("{\"profile\":\"\(profile)\",\"finished\":\(finished)}".utf8)
      .write(to: directory.url.appendingPathComponent("migration.json"))
  }

  /// The ids of a favorites file, checked to be written sorted and without duplicates.
  private func savedIDs(_ relative: String, in directory: TemporaryDirectory) throws -> [String]? {
    guard let data = FileManager.default.contents(atPath: directory.path(relative)) else { return nil }
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let ids = try #require(document["ids"] as? [String])
    #expect(ids == ids.sorted() && Set(ids).count == ids.count, "\(relative) holds \(ids)")
    return ids
  }

  private var legacyExists: (TemporaryDirectory) -> Bool {
    { FileManager.default.fileExists(atPath: $0.path("favorites.json")) }
  }

  @Test("The first profile that signs in gets the old favorites, with a toast; the old file goes")
  func migratesIntoFirstProfile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try writeFavorites(["swiftui", "actors", "macros"], to: "favorites.json", in: temporary)
    try Data("{\"showsFeaturedCarousel\":false}".utf8).write(to: temporary.url.appendingPathComponent("settings.json"))

    _ = try service(temporary.url).signIn("ada")

    #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == ["actors", "macros", "swiftui"])
    #expect(!legacyExists(temporary))
    #expect(FileManager.default.fileExists(atPath: temporary.path("settings.json")), "app-wide files stay")
    #expect(toasts.shownToasts == [.info("Moved 3 favorites of the earlier layout into profile ada")])
  }

  @Test("It happens once: the next profile gets nothing, and a later sign-in toasts nothing")
  func once() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try writeFavorites(["swiftui"], to: "favorites.json", in: temporary)
    let service = service(temporary.url)
    _ = try service.signIn("ada")

    _ = try service.signIn("bob")
    _ = try service.signIn("ada")

    #expect(try savedIDs("profiles/bob/favorites.json", in: temporary) == nil)
    #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == ["swiftui"])
    #expect(toasts.shownToasts.count == 1)
  }

  @Test("Favorites the profile already had are kept beside the migrated ones")
  func mergesWithExisting() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try writeFavorites(["swiftui", "actors"], to: "favorites.json", in: temporary)
    try writeFavorites(["actors", "lldb"], to: "profiles/ada/favorites.json", in: temporary)

    _ = try service(temporary.url).signIn("ADA")

    #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == ["actors", "lldb", "swiftui"])
  }

  /// Where an interrupted migration stopped: what it left on disk.
  enum Interruption: String, CaseIterable {
    /// The marker names the target, nothing moved yet.
    case afterMarking
    /// The ids are in the profile too (and the profile changed since).
    case afterMerging
    /// The marker says finished, the old file is still there.
    case afterFinishing
  }

  @Test("Interrupted at any point, the next sign-in (even another profile's) loses and doubles nothing")
  func interrupted() throws {
    for interruption in Interruption.allCases {
      let temporary = try TemporaryDirectory()
      defer { temporary.remove() }
      let toasts = MockToastService()
      try writeFavorites(["swiftui", "actors"], to: "favorites.json", in: temporary)
      try FileManager.default.createDirectory(
        at: temporary.url.appendingPathComponent("profiles/ada"), withIntermediateDirectories: true)
      switch interruption {
      case .afterMarking:
        try writeMarker(profile: "ada", finished: false, in: temporary)
      case .afterMerging:
        try writeMarker(profile: "ada", finished: false, in: temporary)
        try writeFavorites(["actors", "swiftui", "lldb"], to: "profiles/ada/favorites.json", in: temporary)
      case .afterFinishing:
        try writeMarker(profile: "ada", finished: true, in: temporary)
        try writeFavorites(["actors", "swiftui", "lldb"], to: "profiles/ada/favorites.json", in: temporary)
      }

      _ = try LocalProfilesService(stateDirectory: temporary.url, logger: logger, toasts: toasts, now: { Date() })
        .signIn("bob")

      let expected = interruption == .afterMarking ? ["actors", "swiftui"] : ["actors", "lldb", "swiftui"]
      #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == expected, "\(interruption)")
      #expect(try savedIDs("profiles/bob/favorites.json", in: temporary) == nil, "\(interruption)")
      #expect(!legacyExists(temporary), "\(interruption)")
      let marker =
        try JSONSerialization.jsonObject(
          with: try Data(contentsOf: temporary.url.appendingPathComponent("migration.json"))) as? [String: Any]
      #expect(marker?["finished"] as? Bool == true && marker?["profile"] as? String == "ada", "\(interruption)")
      #expect(toasts.shownToasts.count == (interruption == .afterFinishing ? 0 : 1), "\(interruption)")
    }
  }

  @Test("Two instances signing in to different profiles at once migrate once, into one of them")
  func concurrentSignIns() async throws {
    for round in 0..<10 {
      let temporary = try TemporaryDirectory()
      defer { temporary.remove() }
      let toasts = MockToastService()
      try writeFavorites((0..<200).map { "item-\($0)" }, to: "favorites.json", in: temporary)
      let services = (0..<2).map { _ in
        LocalProfilesService(stateDirectory: temporary.url, logger: logger, toasts: toasts, now: { Date() })
      }

      await withTaskGroup(of: Void.self) { group in
        for (index, service) in services.enumerated() {
          group.addTask { _ = try? service.signIn(index == 0 ? "ada" : "bob") }
        }
      }

      let ada = try savedIDs("profiles/ada/favorites.json", in: temporary)
      let bob = try savedIDs("profiles/bob/favorites.json", in: temporary)
      #expect([ada, bob].compactMap { $0 }.count == 1, "round \(round)")
      #expect(Set(ada ?? bob ?? []).count == 200, "round \(round)")
      #expect(toasts.shownToasts.count == 1, "round \(round)")
      #expect(!legacyExists(temporary))
    }
  }

  @Test("A marker naming a profile that does not exist makes no such profile: the one signing in gets the favorites")
  func markerNamingNoProfile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try writeFavorites(["swiftui"], to: "favorites.json", in: temporary)
    try writeMarker(profile: "zed", finished: false, in: temporary)

    _ = try service(temporary.url).signIn("ada")

    #expect(!FileManager.default.fileExists(atPath: temporary.path("profiles/zed")))
    #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == ["swiftui"])
    #expect(!legacyExists(temporary))
    #expect(logger.entries.contains { $0.message.contains("migration.json names profile zed, which does not exist") })
  }

  /// What is planted where `migration.json` belongs, and how its toast begins.
  enum PlantedMarker: String, CaseIterable {
    case fifo
    case link
    case corrupt

    var toastPrefix: String {
      switch self {
      case .fifo: "migration.json was set aside (it is a FIFO, not a regular file); moved to "
      case .link: "migration.json was set aside (it is a symbolic link, not a regular file); moved to "
      case .corrupt: "migration.json was corrupt; moved to "
      }
    }
  }

  @Test(
    "A migration.json that is no regular file, or corrupt, is set aside with a toast that says so, as every state file is; the favorites move all the same",
    arguments: PlantedMarker.allCases, [true, false]
  )
  func plantedMarker(_ planted: PlantedMarker, withOldFavorites: Bool) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let marker = temporary.path("migration.json")
    switch planted {
    case .fifo: #expect(mkfifo(marker, 0o600) == 0)
    case .link: #expect(symlink(try temporary.write("{}", to: "elsewhere.json"), marker) == 0)
    case .corrupt: _ = try temporary.write("{", to: "migration.json")
    }
    if withOldFavorites {
      try writeFavorites(["swiftui"], to: "favorites.json", in: temporary)
    }

    _ = try service(temporary.url).signIn("ada")

    let setAside = toasts.shownToasts.filter { $0.style == .error }
    #expect(setAside.count == 1, "\(toasts.shownToasts)")
    #expect(setAside.first?.message.hasPrefix(planted.toastPrefix) == true, "\(setAside)")
    #expect(temporary.fileNames.contains { $0.hasPrefix("migration.json.corrupt-") })
    #expect(logger.entries.contains { $0.level == .warning && $0.message.hasPrefix(planted.toastPrefix) })
    if withOldFavorites {
      #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == ["swiftui"])
      #expect(!legacyExists(temporary))
      #expect(toasts.shownToasts.contains(.info("Moved 1 favorite of the earlier layout into profile ada")))
    }
  }

  @Test("A corrupt old file is quarantined as any state file is; the profile signs in empty")
  func corruptLegacy() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try Data("[1,".utf8).write(to: temporary.url.appendingPathComponent("favorites.json"))

    let ada = try service(temporary.url).signIn("ada")

    #expect(ada.value == "ada")
    #expect(temporary.fileNames.contains { $0.hasPrefix("favorites.json.corrupt-") })
    #expect(toasts.shownToasts.first?.message.hasPrefix("favorites.json was corrupt") == true)
    #expect(try savedIDs("profiles/ada/favorites.json", in: temporary) == nil)
  }

  @Test("When the profile cannot be written, nothing is lost: the old file stays for the next sign-in")
  func unwritableProfile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try writeFavorites(["swiftui"], to: "favorites.json", in: temporary)
    // A file where the profile's folder belongs: nothing can be created in it, even by root.
    try FileManager.default.createDirectory(
      at: temporary.url.appendingPathComponent("profiles"), withIntermediateDirectories: true)
    try Data().write(to: temporary.url.appendingPathComponent("profiles/ada"))
    let service = service(temporary.url)

    _ = try service.signIn("ada")

    #expect(legacyExists(temporary))
    #expect(toasts.shownToasts.last?.style == .error)
    try FileManager.default.removeItem(at: temporary.url.appendingPathComponent("profiles/ada"))
    _ = try service.signIn("bob")
    // The marker chose ada, but ada was never made: no ghost folder, the one signing in gets them.
    #expect(!FileManager.default.fileExists(atPath: temporary.path("profiles/ada")))
    #expect(try savedIDs("profiles/bob/favorites.json", in: temporary) == ["swiftui"])
    #expect(!legacyExists(temporary))
  }

  @Test("A migration keeps the members this version does not know of migration.json and of the profile's favorites")
  func keepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try writeFavorites(["swiftui"], to: "favorites.json", in: temporary)
    try FileManager.default.createDirectory(
      at: temporary.url.appendingPathComponent("profiles/ada"), withIntermediateDirectories: true)
    let favorites = temporary.url.appendingPathComponent("profiles/ada/favorites.json")
    try Data(#"{"ids":["actors"],"extra":\#(FutureMember.text)}"#.utf8).write(to: favorites)
    let marker = temporary.url.appendingPathComponent("migration.json")
    try Data(#"{"profile":"ada","finished":false,"note":\#(FutureMember.text)}"#.utf8).write(to: marker)

    _ = try service(temporary.url).signIn("ada")

    #expect(
      try members(ofFileAt: marker) == ["profile": .string("ada"), "finished": .bool(true), "note": FutureMember.value])
    #expect(
      try members(ofFileAt: favorites) == [
        "ids": .array([.string("actors"), .string("swiftui")]), "extra": FutureMember.value,
      ])
  }

  @Test(
    "The old favorites.json's members this version does not know move into the profile; its own win a key both hold")
  func movesUnknownMembersOfTheOldFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try Data(#"{"ids":["swiftui"],"future":\#(FutureMember.text),"shared":"old"}"#.utf8)
      .write(to: temporary.url.appendingPathComponent("favorites.json"))
    try FileManager.default.createDirectory(
      at: temporary.url.appendingPathComponent("profiles/ada"), withIntermediateDirectories: true)
    let favorites = temporary.url.appendingPathComponent("profiles/ada/favorites.json")
    try Data(#"{"ids":["actors"],"shared":"profile's"}"#.utf8).write(to: favorites)

    _ = try service(temporary.url).signIn("ada")

    #expect(
      try members(ofFileAt: favorites) == [
        "ids": .array([.string("actors"), .string("swiftui")]), "future": FutureMember.value,
        "shared": .string("profile's"),
      ])
    #expect(!legacyExists(temporary))
  }
}
