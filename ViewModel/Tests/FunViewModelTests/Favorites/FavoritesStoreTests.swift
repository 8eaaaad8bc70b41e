import Foundation
import FunModelTestSupport
import Observation
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("FavoritesStore")
@MainActor
struct FavoritesStoreTests {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()

  @Test("Another Fun's favorites show within a second of the clock; a toggle here after that keeps both")
  func anotherInstanceShowsWithinASecond() async throws {
    let service = MockFavoritesService(favorites: ["swiftui"])
    let stores = TestStores(time: time, favorites: service, watchesOutsideChanges: true)
    try await time.settle()

    service.saveElsewhere(["swiftui", "macros"])
    try await time.advance(by: .milliseconds(999))
    #expect(stores.favorites.savedIDs == ["swiftui"])
    try await time.advance(by: .milliseconds(1))
    #expect(stores.favorites.savedIDs == ["swiftui", "macros"])
    // One read as the store starts, one look a second later.
    #expect(service.reloadChecks == 2)

    stores.favorites.toggle("actors")
    try await time.settle()
    #expect(service.favoriteIDs == ["swiftui", "macros", "actors"])
    #expect(stores.favorites.savedIDs == ["swiftui", "macros", "actors"])
  }

  @Test("Without a watch clock the store reads the file once as it starts and never looks again through a long wait")
  func noWatchWithoutClock() async throws {
    let service = MockFavoritesService()
    let stores = TestStores(time: time, favorites: service)
    // Not read as the store is made (on the main actor), but in its task.
    #expect(service.reloadChecks == 0)
    try await time.settle()
    try await time.advance(by: .seconds(86_400))
    #expect(service.reloadChecks == 1)
    #expect(stores.favorites.savedIDs.isEmpty)
  }

  @Test("The watch for another Fun's saves ends with the store, and leaves the app idle between looks")
  func watchEndsWithTheStore() async throws {
    let service = MockFavoritesService()
    var store: FavoritesStore? = FavoritesStore(
      service: service, catalog: TestStores(time: time).catalog, toasts: MockToastService(), tasks: time.tasks,
      watchClock: time.clock)
    try await time.settle()
    try await time.advance(by: .seconds(3))
    // The read as it starts, then a look every second.
    #expect(service.reloadChecks == 4)
    #expect(store != nil)
    store = nil
    try await time.advance(by: .seconds(3))
    #expect(service.reloadChecks == 4)
  }

  @Test(
    "The summary reads as a person says it: the count, the missing ones beside it, and when every saved one is missing, how many are saved and that none is here",
    arguments: [
      ([], "0 favorites", "0 Favoriten"),
      (["macros", "swiftui"], "2 favorites", "2 Favoriten"),
      (["macros", "gone"], "1 favorite · 1 not in this catalog", "1 Favorit · 1 nicht in diesem Katalog"),
      (["gone", "also-gone"], "2 favorites, none in this catalog", "2 Favoriten, keiner in diesem Katalog"),
      (["gone"], "1 favorite, not in this catalog", "1 Favorit, nicht in diesem Katalog"),
    ] as [(Set<String>, String, String)]
  )
  func summary(saved: Set<String>, english: String, german: String) async throws {
    let stores = TestStores(time: time, favorites: MockFavoritesService(favorites: saved))
    // Before the catalog has loaded no count is known, and every id would look missing.
    #expect(stores.favorites.summary == nil)
    try await stores.catalog.load()
    let summary = try #require(stores.favorites.summary)
    #expect(Localizer(language: .en)(summary) == english)
    #expect(Localizer(language: .de)(summary) == german)
  }

  @Test(
    "Lists and counts the saved ids the catalog has, in catalog order, and reports the rest as missing",
    arguments: [
      ([], [], 0),
      (["macros", "swiftui"], ["swiftui", "macros"], 0),
      (["macros", "gone", "swiftui", "also-gone"], ["swiftui", "macros"], 2),
      (["gone"], [], 1),
    ] as [(Set<String>, [String], Int)]
  )
  func rule(saved: Set<String>, listedIDs: [String], missing: Int) async throws {
    let service = MockFavoritesService(favorites: saved)
    let stores = TestStores(time: time, favorites: service)
    let favorites = stores.favorites
    #expect(favorites.count == nil)
    #expect(favorites.items.isEmpty)
    #expect(favorites.missingCount == 0)

    try await stores.catalog.load()
    #expect(favorites.items.map(\.id) == listedIDs)
    #expect(favorites.count == listedIDs.count)
    #expect(favorites.missingCount == missing)
    // Missing ids are kept, never deleted behind the person's back.
    #expect(favorites.savedIDs == saved)
    #expect(service.favoriteIDs == saved)
    #expect(service.removedIDs.isEmpty)
    #expect(saved.allSatisfy { favorites.contains($0) })
  }

  @Test(
    "Its rows are the listed favorites, then the missing ids, sorted",
    arguments: [
      ([], []),
      (["macros", "swiftui"], ["swiftui", "macros"]),
      (["macros", "gone", "swiftui", "also-gone"], ["swiftui", "macros", "also-gone", "gone"]),
      (["gone"], ["gone"]),
    ] as [(Set<String>, [String])]
  )
  func rows(saved: Set<String>, rowIDs: [String]) async throws {
    let stores = TestStores(time: time, favorites: MockFavoritesService(favorites: saved))
    let favorites = stores.favorites
    #expect(favorites.rows.isEmpty)
    #expect(favorites.missingIDs.isEmpty)
    try await stores.catalog.load()
    #expect(favorites.rows.map(\.id) == rowIDs)
    #expect(favorites.missingIDs == rowIDs.filter { stores.catalog.item(withID: $0) == nil })
    #expect(favorites.missingIDs == favorites.missingIDs.sorted())
  }

  @Test("The count stays unknown while the catalog fails to load, and is known once it recovers")
  func countUnknownUntilLoaded() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let service = MockFavoritesService(favorites: ["combine", "gone"])
    let stores = TestStores(time: time, network: network, favorites: service)
    _ = try? await stores.catalog.load()
    #expect(stores.favorites.count == nil)
    #expect(stores.favorites.missingCount == 0)
    #expect(stores.favorites.items.isEmpty)

    network.result = .success(CatalogFixtures.items)
    try await stores.catalog.reload()
    #expect(stores.favorites.count == 1)
    #expect(stores.favorites.missingCount == 1)
  }

  @Test("Every removal says so and is kept for undo; each undo brings back the newest one still removed")
  func undoIsAStack() async throws {
    let stores = TestStores(
      time: time, toasts: toasts, favorites: MockFavoritesService(favorites: ["swiftui", "combine", "actors"]))
    _ = try await stores.catalog.load()
    try await time.settle()
    #expect(!stores.favorites.canUndoRemoval)

    stores.favorites.toggle("swiftui")
    stores.favorites.toggle("combine")
    #expect(
      toasts.shownToasts == [.info(L10n.Favorites.removed("SwiftUI")), .info(L10n.Favorites.removed("Combine"))])
    #expect(stores.favorites.canUndoRemoval)

    #expect(stores.favorites.undoRemoval() == "combine")
    #expect(stores.favorites.contains("combine"))
    #expect(!stores.favorites.contains("swiftui"))
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored("Combine")))
    #expect(stores.favorites.undoRemoval() == "swiftui")
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored("SwiftUI")))
    #expect(!stores.favorites.canUndoRemoval)
    #expect(stores.favorites.undoRemoval() == nil)
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.nothingToUndo))
    try await time.settle()
    #expect(stores.favorites.savedIDs == ["swiftui", "combine", "actors"])
  }

  @Test("Adding a favorite is quiet and leaves nothing to undo")
  func addingIsQuiet() async throws {
    let stores = TestStores(time: time, toasts: toasts)
    _ = try await stores.catalog.load()
    try await time.settle()
    stores.favorites.toggle("swiftui")
    #expect(toasts.shownToasts.isEmpty)
    #expect(!stores.favorites.canUndoRemoval)
  }

  @Test("Only the last undoLimit removals can be undone; the oldest beyond it are forgotten")
  func undoIsBounded() async throws {
    let limit = FavoritesStore.undoLimit
    let ids = (0...limit).map { "saved-\($0)" }
    let stores = TestStores(time: time, toasts: toasts, favorites: MockFavoritesService(favorites: Set(ids)))
    try await time.settle()
    for id in ids { stores.favorites.toggle(id) }

    let restored = (0..<limit).compactMap { _ in stores.favorites.undoRemoval() }
    #expect(restored == Array(ids.reversed().prefix(limit)))
    #expect(!stores.favorites.canUndoRemoval)
    #expect(stores.favorites.undoRemoval() == nil)
    #expect(!stores.favorites.contains("saved-0"))
  }

  @Test("An item favorited again by other means drops out of the undo stack")
  func favoritedAgainDropsOut() async throws {
    let service = MockFavoritesService(favorites: ["swiftui", "combine", "macros"])
    let stores = TestStores(time: time, toasts: toasts, favorites: service)
    _ = try await stores.catalog.load()
    try await time.settle()
    stores.favorites.toggle("swiftui")
    stores.favorites.toggle("combine")
    stores.favorites.toggle("combine")

    #expect(stores.favorites.undoRemoval() == "swiftui")
    #expect(!stores.favorites.canUndoRemoval)
    // Removed again: undone once, not twice over its first removal.
    stores.favorites.toggle("swiftui")
    #expect(stores.favorites.undoRemoval() == "swiftui")
    #expect(stores.favorites.undoRemoval() == nil)

    // Favorited again by another Fun on the same files: the undo passes over it.
    stores.favorites.toggle("combine")
    stores.favorites.toggle("macros")
    try await time.settle()
    service.saveElsewhere(["swiftui", "macros"])
    service.reloadIfChanged()
    try await time.settle()
    #expect(stores.favorites.undoRemoval() == "combine", "not macros, removed last but a favorite again")
    #expect(stores.favorites.undoRemoval() == nil)
  }

  @Test("An id the loaded catalog lacks can be removed as a favorite but never added; before the load any can")
  func canToggleOnlyWhatTheCatalogHasOrIsSaved() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let stores = TestStores(time: time, network: network, favorites: MockFavoritesService(favorites: ["gone"]))
    _ = try? await stores.catalog.load()
    try await time.settle()
    #expect(stores.favorites.canToggle("nowhere"))

    network.result = .success(CatalogFixtures.items)
    try await stores.catalog.reload()
    #expect(stores.favorites.canToggle("swiftui"))
    #expect(stores.favorites.canToggle("gone"))
    #expect(!stores.favorites.canToggle("nowhere"))
  }

  @Test("A refresh that drops or brings back an item moves it between listed and missing")
  func refreshMovesItemsBetweenListedAndMissing() async throws {
    let network = MockNetworkService(result: .success(CatalogFixtures.items.filter { $0.id != "macros" }))
    let service = MockFavoritesService(favorites: ["swiftui", "macros"])
    let stores = TestStores(time: time, network: network, favorites: service)
    try await stores.catalog.load()
    #expect(stores.favorites.items.map(\.id) == ["swiftui"])
    #expect(stores.favorites.count == 1)
    #expect(stores.favorites.missingCount == 1)

    network.result = .success(CatalogFixtures.items)
    try await stores.catalog.reload()
    #expect(stores.favorites.items.map(\.id) == ["swiftui", "macros"])
    #expect(stores.favorites.count == 2)
    #expect(stores.favorites.missingCount == 0)
  }

  @Test("A toggle on one screen shows at once on every screen that shares the store")
  func toggleShowsEverywhereAtOnce() async throws {
    let service = MockFavoritesService()
    let stores = TestStores(time: time, favorites: service)
    let home = stores.home(toasts: toasts)
    let search = SearchViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toasts: toasts,
      clock: time.clock,
      tasks: time.tasks
    )
    let favoritesTab = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    let profile = ProfileViewModel(
      session: MockProfileDetailsService.adaSession, details: MockProfileDetailsService(),
      favorites: stores.favorites, tasks: time.tasks)
    let detail = DetailViewModel(
      item: CatalogFixtures.item("combine"), catalog: stores.catalog, favorites: stores.favorites, toasts: toasts,
      clipboard: NoClipboard())
    _ = try? await stores.catalog.load()
    await search.searchNow()
    try await time.settle()
    #expect(profile.favoritesSummary == L10n.Favorites.count(0))

    // No await between the toggle and the checks: nothing waits for a stream or a task.
    home.list.send(.toggleFavorite(CatalogFixtures.item("combine")))
    #expect(home.list.isFavorite("combine"))
    #expect(search.list.isFavorite("combine"))
    #expect(favoritesTab.list.rows.map(\.id) == ["combine"])
    #expect(favoritesTab.list.isFavorite("combine"))
    #expect(profile.favoritesSummary == L10n.Favorites.count(1))
    #expect(detail.isFavorite)

    detail.send(.toggleFavorite)
    #expect(!home.list.isFavorite("combine"))
    #expect(!search.list.isFavorite("combine"))
    #expect(favoritesTab.list.rows.isEmpty)
    #expect(favoritesTab.list.status == .empty)
    #expect(profile.favoritesSummary == L10n.Favorites.count(0))
    #expect(!detail.isFavorite)

    search.list.send(.toggleFavorite(CatalogFixtures.item("macros")))
    #expect(favoritesTab.list.rows.map(\.id) == ["macros"])
    #expect(profile.favoritesSummary == L10n.Favorites.count(1))
    #expect(home.list.isFavorite("macros"))
    try await time.settle()  // the save runs off the main actor
    #expect(service.toggledIDs == ["combine", "combine", "macros"])
  }

  @Test("A change published by the service arrives through its stream once the app settles")
  func serviceChangesArriveThroughTheStream() async throws {
    let service = MockFavoritesService(favorites: ["swiftui"])
    let stores = TestStores(time: time, favorites: service)
    // Another store on the same service: another window, or the service changed by itself.
    let other = FavoritesStore(
      service: service, catalog: stores.catalog, toasts: MockToastService(), tasks: time.tasks, watchClock: nil)
    let profile = ProfileViewModel(
      session: MockProfileDetailsService.adaSession, details: MockProfileDetailsService(),
      favorites: stores.favorites, tasks: time.tasks)
    try await stores.catalog.load()
    try await time.settle()
    #expect(profile.favoritesSummary == L10n.Favorites.count(1))

    other.toggle("macros")
    #expect(other.contains("macros"))
    // The store's subscription runs on the main actor, which this test holds until it awaits:
    // the change can only have arrived through the stream, not by reading the service.
    #expect(!stores.favorites.contains("macros"))
    try await time.settle()
    #expect(stores.favorites.contains("macros"))
    #expect(stores.favorites.savedIDs == ["swiftui", "macros"])
    #expect(stores.favorites.items.map(\.id) == ["swiftui", "macros"])
    #expect(profile.favoritesSummary == L10n.Favorites.count(2))

    service.remove("swiftui")
    try await time.settle()
    #expect(stores.favorites.savedIDs == ["macros"])
    #expect(other.savedIDs == ["macros"])
    #expect(profile.favoritesSummary == L10n.Favorites.count(1))
  }

  @Test("Each change sets the saved ids once: observers hear of it when it is made, not again when it is saved")
  func eachChangeSetsTheSavedIDsOnce() async throws {
    let service = MockFavoritesService(favorites: ["swiftui"])
    let stores = TestStores(time: time, favorites: service)
    try await time.settle()
    let notifications = Locked(0)
    func observe() {
      withObservationTracking {
        _ = stores.favorites.savedIDs
      } onChange: {
        notifications.withLock { $0 += 1 }
      }
    }

    observe()
    stores.favorites.toggle("macros")
    #expect(notifications.withLock { $0 } == 1)
    observe()
    // The save runs, the service publishes the same ids and the queue ends: nothing changes.
    try await time.settle()
    #expect(service.favoriteIDs == ["swiftui", "macros"])
    #expect(notifications.withLock { $0 } == 1)
    #expect(stores.favorites.savedIDs == ["swiftui", "macros"])
  }

  @Test("A change made elsewhere while this store saves shows once its saves end")
  func changeElsewhereDuringSavesShowsAfterThem() async throws {
    let service = MockFavoritesService()
    let stores = TestStores(time: time, favorites: service)
    try await time.settle()

    stores.favorites.toggle("macros")
    // Another instance changes the same file before this store's save has run.
    service.toggle("combine")
    #expect(stores.favorites.savedIDs == ["macros"])
    try await time.settle()
    #expect(stores.favorites.savedIDs == ["macros", "combine"])
    #expect(!stores.favorites.isSaving)
  }

  @Test("Favorites and Profile agree when a saved favorite is not in the catalog")
  func favoritesAndProfileAgree() async throws {
    let network = MockNetworkService(result: .success(CatalogFixtures.items.filter { $0.id != "macros" }))
    let service = MockFavoritesService(favorites: ["swiftui", "macros", "not-in-any-catalog"])
    let stores = TestStores(time: time, network: network, favorites: service)
    let favoritesTab = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    let profile = ProfileViewModel(
      session: MockProfileDetailsService.adaSession, details: MockProfileDetailsService(),
      favorites: stores.favorites, tasks: time.tasks)
    #expect(profile.favoritesSummary == nil)
    #expect(favoritesTab.list.rows.isEmpty)
    #expect(favoritesTab.list.status == .waiting)

    // Favorites lists the missing ones too, after the favorites and marked: Profile counts the
    // rows that are items and the rows that are not, apart.
    func listed() -> (items: Int, missing: Int) {
      let missing = favoritesTab.list.rows.count { favoritesTab.list.missingNote(for: $0) != nil }
      return (favoritesTab.list.rows.count - missing, missing)
    }

    favoritesTab.send(.refresh)
    try await time.settle()
    #expect(favoritesTab.list.rows.map(\.id) == ["swiftui", "macros", "not-in-any-catalog"])
    #expect(listed() == (1, 2))
    #expect(profile.favoritesSummary == favoritesTab.favoritesSummary)
    #expect(
      profile.favoritesSummary
        == L10n.Favorites.countAndMissing(count: L10n.Favorites.count(1), missing: L10n.Common.notInCatalog(2)))

    network.result = .success(CatalogFixtures.items)
    favoritesTab.send(.refresh)
    try await time.settle()
    #expect(favoritesTab.list.rows.map(\.id) == ["swiftui", "macros", "not-in-any-catalog"])
    #expect(listed() == (2, 1))
    #expect(profile.favoritesSummary == favoritesTab.favoritesSummary)
    #expect(
      profile.favoritesSummary
        == L10n.Favorites.countAndMissing(count: L10n.Favorites.count(2), missing: L10n.Common.notInCatalog(1)))

    service.remove("not-in-any-catalog")
    try await time.settle()
    #expect(listed() == (2, 0))
    #expect(profile.favoritesSummary == L10n.Favorites.count(2))
    #expect(profile.favoritesSummary == favoritesTab.favoritesSummary)
  }

  @Test("The store deallocates, ending its subscription")
  func deallocates() async throws {
    let service = MockFavoritesService(favorites: ["swiftui"])
    try await expectDeallocation(
      in: time,
      of: {
        FavoritesStore(
          service: service, catalog: TestStores(time: time).catalog, toasts: MockToastService(), tasks: time.tasks,
          watchClock: nil)
      },
      afterStart: { store in
        service.toggle("combine")
        try await time.settle()
        #expect(store.savedIDs == ["swiftui", "combine"])
      }
    )
    #expect(time.tasks.taskCount == 0)
  }

  @Test(
    "A press during the first read does what the screen showed: a saved favorite shown as none is kept, not removed",
    arguments: [(1, ["swiftui", "macros"]), (2, ["macros"])] as [(Int, Set<String>)])
  func pressDuringTheFirstReadKeepsItsIntent(presses: Int, saved: Set<String>) async throws {
    let service = HeldReadFavorites(file: ["swiftui", "macros"])
    let store = FavoritesStore(
      service: service, catalog: TestStores(time: time).catalog, toasts: MockToastService(), tasks: time.tasks,
      watchClock: nil)
    #expect(!store.contains("swiftui"), "not read yet: the screen shows no favorite")

    // One press: "make it a favorite", as the screen showed; two: that, then "remove it".
    for _ in 0..<presses { store.toggle("swiftui") }
    #expect(store.contains("swiftui") == (presses == 1))
    // Released once the saves wait behind the read (the main actor runs tasks in order).
    time.tasks.start("release the read") { service.reading.signal() }
    await store.finishSaving()
    try await time.settle()

    #expect(service.file == saved)
    #expect(store.savedIDs == saved)
    #expect(store.hasLoaded)
  }

  @Test("Saves run off the main actor, one after another in the order asked, and the app is busy until they end")
  func savesRunOffTheMainActorInOrder() async throws {
    let service = ThreadRecordingFavorites()
    let store = FavoritesStore(
      service: service, catalog: TestStores(time: time).catalog, toasts: MockToastService(), tasks: time.tasks,
      watchClock: nil)

    for id in ["a", "b", "a", "c", "b", "a"] {
      store.toggle(id)
    }
    store.remove("c")

    #expect(store.savedIDs == ["a"], "shown at once")
    #expect(store.isSaving)
    try await time.settle()
    #expect(service.calls.withLock { $0 } == ["a", "b", "a", "c", "b", "a", "-c"])
    #expect(service.onMainThread.withLock { $0 } == false)
    #expect(service.favoriteIDs == ["a"])
    #expect(store.savedIDs == ["a"])
    #expect(!store.isSaving)
  }
}

/// A favorites service that records its calls and whether any ran on the main thread.
private final class ThreadRecordingFavorites: FavoritesService {
  let calls = Locked<[String]>([])
  let onMainThread = Locked(false)
  private let mock = MockFavoritesService()

  var favoriteIDs: Set<String> { mock.favoriteIDs }

  func toggle(_ id: String) {
    record(id)
    mock.toggle(id)
  }

  func remove(_ id: String) {
    record("-" + id)
    mock.remove(id)
  }

  func rename(_ id: String, to newID: String) {
    record(id + ">" + newID)
    mock.rename(id, to: newID)
  }

  func changes() -> MulticastStream<Set<String>>.Subscription {
    mock.changes()
  }

  func reloadIfChanged() {
    mock.reloadIfChanged()
  }

  private func record(_ call: String) {
    calls.withLock { $0.append(call) }
    if Thread.isMainThread {
      onMainThread.withLock { $0 = true }
    }
  }
}
