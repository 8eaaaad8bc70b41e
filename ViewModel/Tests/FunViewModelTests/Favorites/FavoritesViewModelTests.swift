import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("FavoritesViewModel")
@MainActor
struct FavoritesViewModelTests {
  let time = VirtualTime.forTests()
  let coordinator = MockCoordinator()
  let toasts = MockToastService()

  func makeFavorites(
    _ service: MockFavoritesService,
    network: MockNetworkService = MockNetworkService()
  ) async -> FavoritesViewModel {
    let stores = TestStores(time: time, toasts: toasts, network: network, favorites: service)
    _ = try? await stores.catalog.load()
    let model = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    model.coordinator = coordinator
    return model
  }

  @Test("Lists the favorited catalog items in catalog order, then the missing ones, counted apart")
  func listsFavorites() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["macros", "swiftui", "not-in-catalog"]))
    #expect(model.list.rows.map(\.id) == ["swiftui", "macros", "not-in-catalog"])
    #expect(model.list.rows.filter { model.list.missingNote(for: $0) != nil }.map(\.id) == ["not-in-catalog"])
    #expect(
      model.favoritesSummary
        == L10n.Favorites.countAndMissing(
          count: L10n.Favorites.count(2), missing: L10n.Common.notInCatalog(1)))
    #expect(model.list.status == .loaded)
  }

  // MARK: Favorites the catalog lacks

  @Test("A saved favorite the catalog lacks is a row after the catalog's, by its id, said to be not in this catalog")
  func missingRows() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["zeta-gone", "combine", "alpha-gone", "swiftui"]))
    let rows = Array(model.list.rows)
    #expect(rows.map(\.id) == ["swiftui", "combine", "alpha-gone", "zeta-gone"])
    #expect(rows.map(\.title) == ["SwiftUI", "Combine", "alpha-gone", "zeta-gone"])
    #expect(
      rows.map { model.list.missingNote(for: $0) } == [
        nil, nil, L10n.Favorites.notInCatalog, L10n.Favorites.notInCatalog,
      ])
    // Still favorites: the row is marked as every favorite is.
    #expect(rows.allSatisfy { model.list.isFavorite($0.id) })
  }

  @Test("Only missing favorites are a list, not the empty state")
  func onlyMissingRows() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["gone-1", "gone-2"]))
    #expect(model.list.status == .loaded)
    #expect(model.list.rows.map(\.id) == ["gone-1", "gone-2"])
    #expect(model.list.selectedItem?.id == "gone-1")
  }

  @Test("Until the catalog has loaded no saved id is listed as missing")
  func noMissingRowsBeforeTheCatalog() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let stores = TestStores(
      time: time, toasts: toasts, network: network, favorites: MockFavoritesService(favorites: ["swiftui", "gone"]))
    let model = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    model.send(.refresh)
    try await time.settle()
    #expect(model.list.rows.isEmpty)
    #expect(model.list.missingNote(for: CatalogFixtures.item("swiftui")) == nil)
    try await time.advance(by: .milliseconds(300))
    #expect(model.list.rows.map(\.id) == ["swiftui", "gone"])
  }

  @Test("Moving and selecting reach a missing row as any other")
  func missingRowsAreSelectable() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui", "gone"]))
    model.list.send(.move(by: 1))
    #expect(model.list.selectedItem?.id == "gone")
    model.list.send(.select(at: 0))
    #expect(model.list.selectedItem?.id == "swiftui")
    #expect(model.list.select(id: "gone"))
    #expect(model.list.selectedIndex == 1)
  }

  @Test("Removing a missing favorite un-favorites it as f does anywhere, with the usual toast and undo")
  func removeMissing() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui", "gone", "macros"])
    let model = await makeFavorites(favorites)
    model.list.select(id: "gone")
    model.send(.removeSelected)
    try await time.settle()
    #expect(favorites.toggledIDs == ["gone"])
    #expect(favorites.removedIDs.isEmpty)
    #expect(favorites.favoriteIDs == ["swiftui", "macros"])
    #expect(toasts.shownToasts == [.info(L10n.Favorites.removed("gone"))])
    #expect(model.list.rows.map(\.id) == ["swiftui", "macros"])
    // The row that took its place is selected.
    #expect(model.list.selectedItem?.id == "macros")
    #expect(model.list.rows.allSatisfy { model.list.missingNote(for: $0) == nil })
    #expect(model.favoritesSummary == L10n.Favorites.count(2))

    model.send(.undoRemoval)
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui", "gone", "macros"])
    #expect(model.list.rows.map(\.id) == ["swiftui", "macros", "gone"])
    #expect(model.list.selectedItem?.id == "gone")
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored("gone")))
  }

  @Test("The list's favorite key removes a missing favorite too")
  func toggleMissing() async throws {
    let favorites = MockFavoritesService(favorites: ["gone"])
    let model = await makeFavorites(favorites)
    model.list.send(.toggleFavoriteOfSelected)
    try await time.settle()
    #expect(favorites.favoriteIDs.isEmpty)
    #expect(model.list.status == .empty)
  }

  @Test("Opening a missing favorite says it is not in this catalog instead of opening an empty detail")
  func openMissing() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui", "gone"]))
    model.list.select(id: "gone")
    model.list.send(.openSelected)
    #expect(coordinator.shownDetails.isEmpty)
    #expect(toasts.shownToasts == [.info(L10n.Favorites.openedMissing("gone"))])
    model.list.send(.open(model.list.rows[0]))
    #expect(coordinator.shownDetails.map(\.id) == ["swiftui"])
  }

  @Test("A refresh that brings a missing favorite back makes it an item again, selection kept")
  func refreshBringsMissingBack() async throws {
    let network = MockNetworkService(result: .success(CatalogFixtures.items.filter { $0.id != "macros" }))
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui", "macros"]), network: network)
    model.list.select(id: "macros")
    #expect(model.list.selectedItem?.title == "macros")
    #expect(model.list.selectedItem.flatMap { model.list.missingNote(for: $0) } == L10n.Favorites.notInCatalog)
    network.result = .success(CatalogFixtures.items)
    model.send(.refresh)
    try await time.settle()
    #expect(model.list.selectedItem == CatalogFixtures.item("macros"))
    #expect(model.list.selectedItem.flatMap { model.list.missingNote(for: $0) } == nil)
    #expect(model.favoritesSummary == L10n.Favorites.count(2))
  }

  @Test("A failed catalog load is the reason nothing is listed, and a refresh recovers")
  func loadErrorAndReload() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui"]), network: network)
    #expect(model.list.status == .failed(.simulatedNetworkFailure))
    #expect(model.list.rows.isEmpty)

    network.result = .success(CatalogFixtures.items)
    model.send(.refresh)
    try await time.settle()
    #expect(model.list.status == .loaded)
    #expect(model.list.rows.map(\.id) == ["swiftui"])
    #expect(network.fetchCount == 2)
  }

  @Test("A failed refresh keeps the favorites and shows an error toast; before a load, the error shows in place too")
  func failedRefreshShowsError() async throws {
    let network = MockNetworkService()
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui"]), network: network)
    network.result = .failure(.simulatedNetworkFailure)
    model.send(.refresh)
    try await time.settle()
    #expect(model.list.rows.map(\.id) == ["swiftui"])
    #expect(toasts.shownToasts == [.error(AppError.simulatedNetworkFailure.message)])

    let neverLoaded = await makeFavorites(
      MockFavoritesService(), network: MockNetworkService(result: .failure(.simulatedNetworkFailure)))
    neverLoaded.send(.refresh)
    try await time.settle()
    #expect(neverLoaded.list.status == .failed(.simulatedNetworkFailure))
    // The same refresh as on every tab: a failure is a toast, whatever shows in place.
    #expect(toasts.shownToasts == Array(repeating: .error(AppError.simulatedNetworkFailure.message), count: 2))
  }

  @Test("A refresh shows busy until the catalog arrives, fetches once, and confirms with a toast")
  func refreshing() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let stores = TestStores(
      time: time, toasts: toasts, network: network, favorites: MockFavoritesService(favorites: ["combine"]))
    let model = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    model.send(.refresh)
    #expect(model.isBusy)
    try await time.advance(by: .milliseconds(100))
    model.send(.refresh)
    try await time.advance(by: .milliseconds(199))
    #expect(model.isBusy)
    try await time.advance(by: .milliseconds(1))
    #expect(!model.isBusy)
    #expect(model.list.rows.map(\.id) == ["combine"])
    #expect(network.fetchCount == 1)
    #expect(toasts.shownToasts == [.success(L10n.Refresh.done)])
  }

  @Test("The first load shows as loading, and busy, until the catalog arrives")
  func loadingWhileFirstLoad() async throws {
    let stores = TestStores(
      time: time, toasts: toasts,
      network: MockNetworkService(clock: time.clock, latency: .milliseconds(300)),
      favorites: MockFavoritesService(favorites: ["combine"])
    )
    let model = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    #expect(model.list.status == .waiting)
    #expect(!model.isBusy)
    model.send(.refresh)
    try await time.advance(by: .milliseconds(299))
    #expect(model.list.status == .loading(lastError: nil))
    #expect(model.isBusy)
    try await time.advance(by: .milliseconds(1))
    #expect(model.list.status == .loaded)
    #expect(!model.isBusy)
    #expect(model.list.rows.map(\.id) == ["combine"])
  }

  @Test("Favorites toggled elsewhere appear and disappear live")
  func live() async throws {
    let favorites = MockFavoritesService()
    let model = await makeFavorites(favorites)
    // The store's first read is done before the mock changes, as a session's is before anyone
    // can change one.
    try await time.settle()
    #expect(model.list.status == .empty)
    favorites.toggle("instruments")
    favorites.toggle("combine")
    try await time.settle()
    #expect(model.list.rows.map(\.id) == ["combine", "instruments"])
    favorites.toggle("combine")
    try await time.settle()
    #expect(model.list.rows.map(\.id) == ["instruments"])
  }

  @Test("Removing the selected item removes its row and selects the next")
  func removeSelected() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine", "macros"])
    let model = await makeFavorites(favorites)
    model.list.send(.move(by: 1))
    #expect(model.list.selectedItem?.id == "combine")
    model.send(.removeSelected)
    try await time.settle()  // the save runs off the main actor
    #expect(favorites.toggledIDs == ["combine"])
    #expect(model.list.rows.map(\.id) == ["swiftui", "macros"])
    #expect(model.list.selectedItem?.id == "macros")
    model.list.send(.toggleFavoriteOfSelected)
    #expect(model.list.selectedItem?.id == "swiftui")
    model.send(.removeSelected)
    #expect(model.list.status == .empty)
    #expect(model.list.selectedItem == nil)
  }

  @Test(
    "A removal says how to undo it; undo brings the row back where it was, selected, saves it, and says so in place of the offer"
  )
  func undoRemoval() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine", "macros"])
    let model = await makeFavorites(favorites)
    #expect(!model.canUndoRemoval)
    model.list.select(id: "combine")
    model.send(.removeSelected)
    let title = CatalogFixtures.item("combine").title
    #expect(toasts.shownToasts == [.info(L10n.Favorites.removed(title))])
    #expect(model.list.rows.map(\.id) == ["swiftui", "macros"])
    #expect(model.canUndoRemoval)

    model.send(.undoRemoval)
    try await time.settle()
    #expect(model.list.rows.map(\.id) == ["swiftui", "combine", "macros"])
    #expect(model.list.selectedItem?.id == "combine")
    #expect(favorites.favoriteIDs.contains("combine"))
    // The newest toast replaces the one showing: "u undoes" no longer shows once it is done.
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored(title)))
    #expect(!model.canUndoRemoval)

    // Undone once; a second undo has nothing left, and says so.
    model.send(.undoRemoval)
    #expect(model.list.rows.count == 3)
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.nothingToUndo))
  }

  @Test("Two removals, two undos: both rows come back, the newest first, each selected as it returns")
  func undoTwoRemovals() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine", "macros"])
    let model = await makeFavorites(favorites)
    model.list.select(id: "combine")
    model.send(.removeSelected)
    model.list.select(id: "macros")
    model.send(.removeSelected)
    #expect(model.list.rows.map(\.id) == ["swiftui"])

    model.send(.undoRemoval)
    #expect(model.list.rows.map(\.id) == ["swiftui", "macros"])
    #expect(model.list.selectedItem?.id == "macros")
    #expect(model.canUndoRemoval)
    model.send(.undoRemoval)
    #expect(model.list.rows.map(\.id) == ["swiftui", "combine", "macros"])
    #expect(model.list.selectedItem?.id == "combine")
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored(CatalogFixtures.item("combine").title)))
    #expect(!model.canUndoRemoval)
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui", "combine", "macros"])
  }

  @Test("x and u on Favorites save as f does, a change to what shows, not the removal a deleted item's favorite takes")
  func removalAndUndoAreFavoriteChanges() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine"])
    let model = await makeFavorites(favorites)
    model.list.select(id: "combine")
    model.send(.removeSelected)
    try await time.settle()
    model.send(.undoRemoval)
    try await time.settle()
    model.list.send(.toggleFavoriteOfSelected)
    try await time.settle()
    #expect(favorites.toggledIDs == ["combine", "combine", "combine"])
    #expect(favorites.removedIDs.isEmpty)
    #expect(favorites.favoriteIDs == ["swiftui"])
  }

  @Test("Undo does nothing but say so when the removed item was favorited again elsewhere")
  func undoAfterFavoritedElsewhere() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine"])
    let model = await makeFavorites(favorites)
    model.send(.removeSelected)
    #expect(model.canUndoRemoval)
    model.list.send(.toggleFavorite(CatalogFixtures.item("swiftui")))
    #expect(!model.canUndoRemoval)
    model.send(.undoRemoval)
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui", "combine"])
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.nothingToUndo))
  }

  @Test("The empty state waits for the catalog")
  func emptyStateWaitsForCatalog() {
    let stores = TestStores(time: time, toasts: toasts, favorites: MockFavoritesService(favorites: ["swiftui"]))
    let model = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    #expect(model.list.status == .waiting)
    #expect(model.list.rows.isEmpty)
  }

  @Test("Opening an item asks the coordinator")
  func open() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftpm"]))
    model.list.send(.openSelected)
    #expect(coordinator.shownDetails.map(\.id) == ["swiftpm"])
    #expect(model.list.isFavorite("swiftpm"))
  }

  @Test("The model deallocates")
  func deallocates() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui"])
    let stores = TestStores(time: time, toasts: toasts, favorites: favorites)
    try await expectDeallocation(
      in: time,
      of: {
        FavoritesViewModel(catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
      },
      afterStart: { model in
        model.send(.refresh)
        favorites.toggle("combine")
        try await time.settle()
        #expect(model.list.rows.map(\.id) == ["swiftui", "combine"])
      }
    )
  }

  // MARK: Status and actions

  @Test(
    "status is waiting, loading, then empty or loaded as favorites come and go; a failure and its retry carry the error"
  )
  func status() async throws {
    let failure = AppError.simulatedNetworkFailure
    let network = MockNetworkService(result: .failure(failure), clock: time.clock, latency: .milliseconds(300))
    let favorites = MockFavoritesService()
    let stores = TestStores(time: time, toasts: toasts, network: network, favorites: favorites)
    let model = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
    #expect(model.list.status == .waiting)
    #expect(!model.isBusy)
    model.send(.refresh)
    try await time.settle()
    #expect(model.list.status == .loading(lastError: nil))
    #expect(model.isBusy)
    try await time.advance(by: .milliseconds(300))
    #expect(model.list.status == .failed(failure))
    #expect(!model.isBusy)
    network.result = .success(CatalogFixtures.items)
    model.send(.refresh)
    try await time.settle()
    #expect(model.list.status == .loading(lastError: failure))
    try await time.advance(by: .milliseconds(300))
    #expect(model.list.status == .empty)
    favorites.toggle("combine")
    try await time.settle()
    #expect(model.list.status == .loaded)
  }

  @Test("send removes the selected favorite and undoes the removal")
  func sendRemovesAndUndoes() async throws {
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui", "combine"]))
    model.send(.removeSelected)
    try await time.settle()
    #expect(model.list.rows.map(\.id) == ["combine"])
    model.send(.undoRemoval)
    try await time.settle()
    #expect(model.list.rows.map(\.id) == ["swiftui", "combine"])
    #expect(model.list.selectedItem?.id == "swiftui")
  }
}
