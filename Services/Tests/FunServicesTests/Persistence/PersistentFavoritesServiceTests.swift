import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("PersistentFavoritesService")
struct PersistentFavoritesServiceTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()

  private func service(_ directory: URL) -> PersistentFavoritesService {
    PersistentFavoritesService(
      directory: directory,
      logger: logger,
      toasts: toasts,
      now: { Date(timeIntervalSince1970: 1_779_403_258) }
    )
  }

  private func storedIDs(in directory: URL) throws -> Set<String>? {
    try StateFile<StoredIDs>(directory: directory, name: "favorites.json").read()?.ids
  }

  @Test("Favorites survive a restart")
  func roundTrip() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    first.toggle("swiftui")
    first.toggle("macros")
    first.toggle("swiftpm")
    first.remove("macros")
    first.remove("not-there")

    #expect(service(temporary.url).favoriteIDs == ["swiftui", "swiftpm"])
    #expect(try storedIDs(in: temporary.url) == ["swiftui", "swiftpm"])
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("A rename moves a saved favorite under the lock, keeping another instance's change; an absent id stays absent")
  func rename() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    first.toggle("field-notes")
    second.toggle("swiftui")  // saved by another Fun since `first` last read
    first.rename("field-notes", to: "mine")
    first.rename("not-there", to: "other")

    #expect(first.favoriteIDs == ["mine", "swiftui"])
    #expect(try storedIDs(in: temporary.url) == ["mine", "swiftui"])
  }

  @Test("Toggling a favorite twice removes it")
  func toggleTwice() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.toggle("swiftui")
    #expect(service.favoriteIDs.contains("swiftui"))
    service.toggle("swiftui")
    #expect(!service.favoriteIDs.contains("swiftui"))
    #expect(try storedIDs(in: temporary.url) == [])
  }

  @Test("The change stream starts with the current set, then follows each change")
  func changeStream() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.toggle("swiftui")
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])
    service.toggle("combine")
    #expect(await changes.next() == ["swiftui", "combine"])
    service.remove("swiftui")
    #expect(await changes.next() == ["combine"])
  }

  @Test("Two instances on one profile: each shows the other's saves after reloadIfChanged, and nothing is lost")
  func twoInstancesReload() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    var secondChanges = second.changes().makeAsyncIterator()
    #expect(await secondChanges.next() == [])
    #expect(second.favoriteIDs == [])

    first.toggle("swiftui")
    #expect(second.favoriteIDs == [])
    second.reloadIfChanged()
    #expect(second.favoriteIDs == ["swiftui"])
    #expect(await secondChanges.next() == ["swiftui"])

    second.toggle("macros")
    first.reloadIfChanged()
    #expect(first.favoriteIDs == ["swiftui", "macros"])
    #expect(try storedIDs(in: temporary.url) == ["swiftui", "macros"])
  }

  @Test("reloadIfChanged reads nothing and publishes nothing when the file has not changed, its own saves included")
  func reloadWithoutChange() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.toggle("swiftui")
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])
    service.reloadIfChanged()
    service.reloadIfChanged()
    service.toggle("combine")
    #expect(await changes.next() == ["swiftui", "combine"])
    #expect(!logger.entries.contains { $0.message.contains("Reloaded") })
  }

  @Test("A corrupt file is quarantined: empty favorites, a warning logged and an error toast")
  func corruptFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let garbage = Data("[\"swiftui\",".utf8)
    try garbage.write(to: temporary.url.appendingPathComponent("favorites.json"))

    let service = service(temporary.url)

    let quarantined = temporary.url.appendingPathComponent("favorites.json.corrupt-20260521T224058Z").path
    let error = AppError.corruptStateFile(name: "favorites.json", movedTo: quarantined)
    #expect(service.favoriteIDs.isEmpty)
    #expect(FileManager.default.contents(atPath: quarantined) == garbage)
    #expect(
      logger.entries.contains { $0.level == .warning && $0.message == error.message && $0.category == "favorites" })
    #expect(toasts.shownToasts == [.error(error.message)])

    service.toggle("swiftui")
    #expect(try storedIDs(in: temporary.url) == ["swiftui"])
  }

  @Test("Fifty concurrent toggles leave a valid file that matches memory")
  func concurrentToggles() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<50 {
        group.addTask { service.toggle("item-\(index % 10)") }
      }
    }
    // Each id was toggled five times, an odd number, so every one of them is a favorite.
    let expected = Set((0..<10).map { "item-\($0)" })
    #expect(service.favoriteIDs == expected)
    #expect(try storedIDs(in: temporary.url) == expected)
    #expect(temporary.fileNames.allSatisfy { !$0.contains(".tmp-") && !$0.contains("corrupt") })
  }

  @Test("A file found corrupt at a change is set aside with a toast, and the change applies to what memory held")
  func corruptAtChange() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.toggle("swiftui")
    try Data("not json".utf8).write(to: temporary.url.appendingPathComponent("favorites.json"))

    service.toggle("combine")

    #expect(service.favoriteIDs == ["swiftui", "combine"])
    #expect(try storedIDs(in: temporary.url) == ["swiftui", "combine"])
    #expect(toasts.shownToasts.map(\.style) == [.error])
    #expect(toasts.shownToasts.first?.message.hasPrefix("favorites.json was corrupt") == true)
    #expect(temporary.fileNames.contains { $0.hasPrefix("favorites.json.corrupt-") })
  }

  @Test("A toggle flips what the file holds, not what the instance last saw: A and B both favorite x, so x is off")
  func toggleDecidesFromTheFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)

    first.toggle("x")
    second.toggle("x")

    #expect(try storedIDs(in: temporary.url) == [])
    #expect(second.favoriteIDs == [])
  }

  @Test("Two instances on one directory writing at once lose nothing and leave a valid file")
  func twoInstances() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<25 {
        group.addTask { first.toggle("first-\(index)") }
        group.addTask { second.toggle("second-\(index)") }
      }
    }
    let everything = Set((0..<25).flatMap { ["first-\($0)", "second-\($0)"] })
    #expect(try storedIDs(in: temporary.url) == everything)
    #expect(service(temporary.url).favoriteIDs == everything)
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("When the directory cannot be written, changes stay in memory with one error toast")
  func unwritableDirectory() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(try temporary.unwritableDirectory())

    service.toggle("swiftui")
    service.toggle("combine")

    #expect(service.favoriteIDs == ["swiftui", "combine"])
    let toast = try #require(toasts.shownToasts.first)
    #expect(toasts.shownToasts.count == 1, "the same failure is toasted once")
    #expect(toast.style == .error)
    #expect(toast.message.hasPrefix("Cannot save to \(temporary.url.path)"))
    #expect(toast.message.hasSuffix("changes are kept until you quit"))
    let errors = logger.entries.filter { $0.level == .error && $0.category == "favorites" }
    #expect(errors.count == 2, "every failed save is logged")
  }

  @Test("A toggle keeps the members of favorites.json this version does not know, and saves the new ids")
  func keepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("favorites.json")
    try Data(#"{"ids":["swiftui"],"extra":\#(FutureMember.text)}"#.utf8).write(to: url)

    service(temporary.url).toggle("actors")

    #expect(
      try members(ofFileAt: url) == [
        "ids": .array([.string("actors"), .string("swiftui")]), "extra": FutureMember.value,
      ])
  }
}

/// The favorites file as written, decoded independently of the service.
private struct StoredIDs: Codable, Sendable {
  let ids: Set<String>
}

@Suite("PersistentFavoritesService at the end of its session")
struct PersistentFavoritesServiceScopeTests {
  @Test("Ending its scope finishes the change stream and nothing is saved afterwards")
  func scopeEndFinishesAndStopsSaving() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let logger = MockLoggerService()
    let scope = ServiceLocator().makeScope()
    let service = PersistentFavoritesService(directory: temporary.url, logger: logger, toasts: MockToastService())
    scope.register(.favorites, service as any FavoritesService)
    service.toggle("swiftui")
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])

    scope.end()
    service.toggle("combine")

    #expect(await changes.next() == nil)
    #expect(try StateFile<StoredIDs>(directory: temporary.url, name: "favorites.json").read()?.ids == ["swiftui"])
    #expect(service.favoriteIDs == ["swiftui"])
    #expect(logger.entries.contains { $0.level == .warning && $0.message.contains("after its session ended") })
  }
}
