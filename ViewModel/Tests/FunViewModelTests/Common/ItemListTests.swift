import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("ItemList")
@MainActor
struct ItemListTests {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()
  let coordinator = MockCoordinator()

  /// The tab's list over the fixture catalog, every item a row: Favorites has them all saved.
  func loadedScreen(_ tab: ListTab, favorites: MockFavoritesService) async throws -> ListTab.Screen {
    let stores = TestStores(time: time, favorites: favorites)
    try await stores.catalog.load()
    let screen = await tab.screen(over: stores, toasts: toasts, coordinator: coordinator, time: time)
    try await time.settle()
    return screen
  }

  @Test(
    "Every tab's list moves by row and by page, clamped, selects by id, marks favorites and opens the same way",
    arguments: ListTab.allCases)
  func sameBehaviourOnEveryTab(tab: ListTab) async throws {
    let everyID = Set(CatalogFixtures.items.map(\.id))
    let saved: Set<String> = tab == .favorites ? everyID : ["macros"]
    let screen = try await loadedScreen(tab, favorites: MockFavoritesService(favorites: saved))
    let list = screen.list
    let last = CatalogFixtures.items.count - 1
    #expect(Array(list.rows) == CatalogFixtures.items)
    #expect(list.selectedIndex == 0)

    list.send(.move(by: -1))
    #expect(list.selectedIndex == 0)
    list.send(.move(by: 3))
    #expect(list.selectedItem == CatalogFixtures.items[3])
    list.send(.move(by: 100))
    #expect(list.selectedIndex == last)
    list.send(.move(by: 1))
    #expect(list.selectedIndex == last)
    list.send(.move(by: -2))
    #expect(list.selectedIndex == last - 2)

    #expect(list.select(id: "macros"))
    #expect(!list.select(id: "nope"))
    #expect(list.selectedItem?.id == "macros")
    #expect(list.isFavorite("macros"))
    #expect(list.isFavorite("combine") == (tab == .favorites))
    list.send(.openSelected)
    list.send(.open(CatalogFixtures.item("swiftui")))
    #expect(coordinator.shownDetails.map(\.id) == ["macros", "swiftui"])

    list.resetSelection()
    #expect(list.selectedItem == CatalogFixtures.items[0])
    _ = screen.owner
  }

  @Test(
    "Favoriting the selected row flips it in the shared store on every tab; on Favorites its row goes",
    arguments: ListTab.allCases)
  func favoriteOnEveryTab(tab: ListTab) async throws {
    let service = MockFavoritesService(favorites: tab == .favorites ? ["swiftui", "combine"] : [])
    let screen = try await loadedScreen(tab, favorites: service)
    let list = screen.list
    #expect(list.selectedItem?.id == "swiftui")

    #expect(list.isSelectedFavorite == (tab == .favorites))
    list.send(.toggleFavoriteOfSelected)
    // Shown at once; saved once the app settles.
    #expect(list.isFavorite("swiftui") == (tab != .favorites))
    // What `f` does next, which the hints name: the selected row's state (on Favorites, the row
    // that took the removed one's place).
    #expect(list.isSelectedFavorite)
    try await time.settle()
    #expect(service.toggledIDs == ["swiftui"])
    if tab == .favorites {
      #expect(list.rows.map(\.id) == ["combine"])
      #expect(list.selectedItem?.id == "combine")
    } else {
      #expect(list.selectedItem?.id == "swiftui")
    }
    _ = screen.owner
  }

  @Test("The selection follows its item when the rows change, and takes the row that replaced a removed one")
  func selectionFollowsItsItem() async throws {
    let stores = TestStores(time: time)
    let source = RowSource(CatalogFixtures.items)
    var opened: [String] = []
    let list = ItemList(
      rows: { CatalogItems(source.items) }, showsCatalogStatus: false, catalog: stores.catalog,
      favorites: stores.favorites,
      open: { opened.append($0.id) })
    #expect(list.select(id: "macros"))
    let position = list.selectedIndex

    source.items.reverse()
    #expect(list.selectedItem?.id == "macros")
    #expect(list.selectedIndex == CatalogFixtures.items.count - 1 - position)

    source.items = CatalogFixtures.items.filter { $0.id != "macros" }
    #expect(list.selectedIndex == position)
    #expect(list.selectedItem == source.items[position])

    source.items = []
    #expect(list.selectedItem == nil)
    list.send(.openSelected)
    list.send(.toggleFavoriteOfSelected)
    #expect(opened.isEmpty)
    #expect(stores.favorites.savedIDs.isEmpty)
  }

  @Test(
    "send drives every tab's list: select, move, favorite the selected or a given item, open",
    arguments: ListTab.allCases)
  func send(tab: ListTab) async throws {
    let everyID = Set(CatalogFixtures.items.map(\.id))
    let favorites = MockFavoritesService(favorites: tab == .favorites ? everyID : [])
    let screen = try await loadedScreen(tab, favorites: favorites)
    let list = screen.list
    list.send(.select(at: 2))
    #expect(list.selectedIndex == 2)
    list.send(.move(by: -1))
    #expect(list.selectedIndex == 1)
    list.send(.move(by: 100))
    #expect(list.selectedIndex == CatalogFixtures.items.count - 1)
    list.send(.select(at: 0))
    let first = try #require(list.selectedItem)
    let wasFavorite = list.isFavorite(first.id)
    list.send(.toggleFavoriteOfSelected)
    #expect(list.isFavorite(first.id) != wasFavorite)
    let other = CatalogFixtures.item("macros")
    let otherWasFavorite = list.isFavorite(other.id)
    list.send(.toggleFavorite(other))
    #expect(list.isFavorite(other.id) != otherWasFavorite)
    try await time.settle()
    list.send(.select(at: 0))
    let opened = try #require(list.selectedItem)
    list.send(.openSelected)
    list.send(.open(other))
    #expect(coordinator.shownDetails.map(\.id) == [opened.id, "macros"])
    _ = screen.owner
  }

  @Test(
    "After a failed first load the tabs that show its status list nothing, so keys and commands cannot reach your own items unseen; Search still lists them",
    arguments: ListTab.allCases)
  func noRowsWhileTheStatusStandsIn(tab: ListTab) async throws {
    let service = MockFavoritesService(favorites: ["mine"])
    let stores = TestStores(
      time: time, network: MockNetworkService(result: .failure(.simulatedNetworkFailure)), favorites: service)
    _ = try? await stores.catalog.load()
    let mine = FeaturedItem(
      id: "mine", title: "Mine", subtitle: "Yours", category: "Tools", description: "", isFeatured: false)
    stores.catalog.showOwnItems([mine], owner: ObjectIdentifier(RowSource.self), didMerge: { _ in })
    let screen = await tab.screen(over: stores, toasts: toasts, coordinator: coordinator, time: time)
    try await time.settle()
    let list = screen.list
    #expect(list.status == .failed(.simulatedNetworkFailure))
    #expect(stores.catalog.isOwn("mine"))

    list.send(.select(at: 0))
    list.send(.toggleFavoriteOfSelected)
    list.send(.openSelected)
    try await time.settle()
    if tab == .search {
      #expect(list.rows.map(\.id) == ["mine"])
      #expect(service.toggledIDs == ["mine"])
      #expect(coordinator.shownDetails.map(\.id) == ["mine"])
    } else {
      #expect(list.rows.isEmpty)
      #expect(list.selectedItem == nil)
      #expect(service.toggledIDs.isEmpty)
      #expect(coordinator.shownDetails.isEmpty)
    }
    _ = screen.owner
  }
}

/// Rows a test changes under a list.
@MainActor
private final class RowSource {
  var items: [FeaturedItem]

  init(_ items: [FeaturedItem]) {
    self.items = items
  }
}
