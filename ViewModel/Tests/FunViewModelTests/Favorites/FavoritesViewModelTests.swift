import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("FavoritesViewModel")
@MainActor
struct FavoritesViewModelTests {
  let coordinator = MockCoordinator()

  func makeFavorites(
    _ favorites: MockFavoritesService,
    network: MockNetworkService = MockNetworkService()
  ) async -> FavoritesViewModel {
    let store = CatalogStore(network: network)
    _ = await store.waitUntilLoaded()
    let model = FavoritesViewModel(catalog: store, favorites: favorites)
    model.coordinator = coordinator
    return model
  }

  @Test("Lists the favorited catalog items in catalog order")
  func listsFavorites() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["macros", "swiftui", "not-in-catalog"]))
    #expect(model.favoriteItems.map(\.id) == ["swiftui", "macros"])
    #expect(model.listItems == model.favoriteItems)
    #expect(!model.isEmptyState)
  }

  @Test("A failed catalog load is the reason nothing is listed, and reload recovers")
  func loadErrorAndReload() async {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftui"]), network: network)
    #expect(model.loadError == .simulatedNetworkFailure)
    #expect(!model.isEmptyState)
    #expect(model.favoriteItems.isEmpty)

    network.result = .success(CatalogFixtures.items)
    await model.reload()
    #expect(model.loadError == nil)
    #expect(model.favoriteItems.map(\.id) == ["swiftui"])
    #expect(network.fetchCount == 2)
  }

  @Test("Favorites toggled elsewhere appear and disappear live")
  func live() async {
    let favorites = MockFavoritesService()
    let model = await makeFavorites(favorites)
    #expect(model.isEmptyState)
    favorites.toggle("instruments")
    favorites.toggle("combine")
    await Task.yieldRepeatedly()
    #expect(model.favoriteItems.map(\.id) == ["combine", "instruments"])
    favorites.toggle("combine")
    await Task.yieldRepeatedly()
    #expect(model.favoriteItems.map(\.id) == ["instruments"])
  }

  @Test("Removing the selected item removes its row and selects the next")
  func removeSelected() async {
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine", "macros"])
    let model = await makeFavorites(favorites)
    model.moveSelectionDown()
    #expect(model.selectedItem?.id == "combine")
    model.removeSelected()
    #expect(favorites.removedIDs == ["combine"])
    #expect(model.favoriteItems.map(\.id) == ["swiftui", "macros"])
    #expect(model.selectedItem?.id == "macros")
    model.toggleFavoriteOfSelected()
    #expect(model.selectedItem?.id == "swiftui")
    model.remove(CatalogFixtures.item("swiftui"))
    #expect(model.isEmptyState)
    #expect(model.selectedItem == nil)
  }

  @Test("The empty state waits for the catalog")
  func emptyStateWaitsForCatalog() {
    let store = CatalogStore(network: MockNetworkService())
    let model = FavoritesViewModel(catalog: store, favorites: MockFavoritesService(favorites: ["swiftui"]))
    #expect(!model.isEmptyState)
    #expect(model.favoriteItems.isEmpty)
  }

  @Test("Opening an item asks the coordinator")
  func open() async {
    let model = await makeFavorites(MockFavoritesService(favorites: ["swiftpm"]))
    model.openSelected()
    #expect(coordinator.shownDetails.map(\.id) == ["swiftpm"])
    #expect(model.isFavorite("swiftpm"))
  }

  @Test("The model deallocates")
  func deallocates() async {
    let store = CatalogStore(network: MockNetworkService())
    let favorites = MockFavoritesService(favorites: ["swiftui"])
    await expectDeallocation(
      of: { FavoritesViewModel(catalog: store, favorites: favorites) },
      afterStart: { _ in
        favorites.toggle("combine")
        await Task.yieldRepeatedly()
      }
    )
  }
}
