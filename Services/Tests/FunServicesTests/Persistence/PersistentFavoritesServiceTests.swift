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
    first.setFavorite("swiftui", to: true)
    first.setFavorite("macros", to: true)
    first.setFavorite("swiftpm", to: true)
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
    first.setFavorite("field-notes", to: true)
    second.setFavorite("swiftui", to: true)  // saved by another Fun since `first` last read
    first.rename("field-notes", to: "mine")
    first.rename("not-there", to: "other")

    #expect(first.favoriteIDs == ["mine", "swiftui"])
    #expect(try storedIDs(in: temporary.url) == ["mine", "swiftui"])
  }

  @Test("Setting a favorite on, then off, removes it; setting it to what it is already changes nothing")
  func setOnThenOff() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.setFavorite("swiftui", to: true)
    #expect(service.favoriteIDs.contains("swiftui"))
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])
    service.setFavorite("swiftui", to: true)
    service.setFavorite("swiftui", to: false)
    // The repeated "on" published nothing: the next set is the one without it.
    #expect(await changes.next() == [])
    service.setFavorite("swiftui", to: false)
    #expect(!service.favoriteIDs.contains("swiftui"))
    #expect(try storedIDs(in: temporary.url) == [])
  }

  @Test("The change stream starts with the current set, then follows each change")
  func changeStream() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.setFavorite("swiftui", to: true)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])
    service.setFavorite("combine", to: true)
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

    first.setFavorite("swiftui", to: true)
    #expect(second.favoriteIDs == [])
    second.reloadIfChanged()
    #expect(second.favoriteIDs == ["swiftui"])
    #expect(await secondChanges.next() == ["swiftui"])

    second.setFavorite("macros", to: true)
    first.reloadIfChanged()
    #expect(first.favoriteIDs == ["swiftui", "macros"])
    #expect(try storedIDs(in: temporary.url) == ["swiftui", "macros"])
  }

  @Test("reloadIfChanged reads nothing and publishes nothing when the file has not changed, its own saves included")
  func reloadWithoutChange() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.setFavorite("swiftui", to: true)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])
    service.reloadIfChanged()
    service.reloadIfChanged()
    service.setFavorite("combine", to: true)
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

    service.setFavorite("swiftui", to: true)
    #expect(try storedIDs(in: temporary.url) == ["swiftui"])
  }

  @Test("Fifty concurrent changes leave a valid file that matches memory")
  func concurrentChanges() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<50 {
        // Fifty ids, each added once: a change made from a stale copy would lose another's.
        group.addTask { service.setFavorite("item-\(index)", to: true) }
      }
    }
    let expected = Set((0..<50).map { "item-\($0)" })
    #expect(service.favoriteIDs == expected)
    #expect(try storedIDs(in: temporary.url) == expected)
    #expect(temporary.fileNames.allSatisfy { !$0.contains(".tmp-") && !$0.contains("corrupt") })
  }

  @Test("A file found corrupt at a change is set aside with a toast, and the change applies to what memory held")
  func corruptAtChange() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.setFavorite("swiftui", to: true)
    try Data("not json".utf8).write(to: temporary.url.appendingPathComponent("favorites.json"))

    service.setFavorite("combine", to: true)

    #expect(service.favoriteIDs == ["swiftui", "combine"])
    #expect(try storedIDs(in: temporary.url) == ["swiftui", "combine"])
    #expect(toasts.shownToasts.map(\.style) == [.error])
    #expect(toasts.shownToasts.first?.message.hasPrefix("favorites.json was corrupt") == true)
    #expect(temporary.fileNames.contains { $0.hasPrefix("favorites.json.corrupt-") })
  }

  @Test(
    "A press means what its screen showed, whatever the file holds: A and B both favorite x, so x is one; B then removes it"
  )
  func setSaysWhatTheFileEndsWith() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    first.setFavorite("y", to: true)

    // `second` has not seen `first`'s x (nor y): its screen showed x as no favorite.
    first.setFavorite("x", to: true)
    second.setFavorite("x", to: true)
    #expect(try storedIDs(in: temporary.url) == ["x", "y"])
    #expect(second.favoriteIDs == ["x", "y"])

    second.setFavorite("x", to: false)
    #expect(try storedIDs(in: temporary.url) == ["y"])
  }

  @Test("Two instances on one directory writing at once lose nothing and leave a valid file")
  func twoInstances() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<25 {
        group.addTask { first.setFavorite("first-\(index)", to: true) }
        group.addTask { second.setFavorite("second-\(index)", to: true) }
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

    service.setFavorite("swiftui", to: true)
    service.setFavorite("combine", to: true)

    #expect(service.favoriteIDs == ["swiftui", "combine"])
    let toast = try #require(toasts.shownToasts.first)
    #expect(toasts.shownToasts.count == 1, "the same failure is toasted once")
    #expect(toast.style == .error)
    #expect(toast.message.hasPrefix("Cannot save to \(temporary.url.path)"))
    #expect(toast.message.hasSuffix("changes are kept until you quit"))
    let errors = logger.entries.filter { $0.level == .error && $0.category == "favorites" }
    #expect(errors.count == 2, "every failed save is logged")
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
    service.setFavorite("swiftui", to: true)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == ["swiftui"])

    scope.end()
    service.setFavorite("combine", to: true)

    #expect(await changes.next() == nil)
    #expect(try StateFile<StoredIDs>(directory: temporary.url, name: "favorites.json").read()?.ids == ["swiftui"])
    #expect(service.favoriteIDs == ["swiftui"])
    #expect(logger.entries.contains { $0.level == .warning && $0.message.contains("after its session ended") })
  }
}
