import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("HomeViewModel")
@MainActor
struct HomeViewModelTests {
  let time = VirtualTime.forTests()
  let favorites = MockFavoritesService()
  let featureToggles = MockFeatureToggleService()
  let toasts = MockToastService()
  let coordinator = MockCoordinator()

  /// Home over stores of its own, with their catalog, which the session would load.
  func makeHome(_ network: MockNetworkService = MockNetworkService()) -> (HomeViewModel, CatalogStore) {
    let stores = TestStores(time: time, network: network, favorites: favorites, toggles: featureToggles)
    let home = stores.home(toasts: toasts)
    home.coordinator = coordinator
    return (home, stores.catalog)
  }

  @Test("f on a favorite on Home says so in a toast that offers the undo, and the undo brings it back")
  func removalIsToldAndUndone() async throws {
    let stores = TestStores(time: time, toasts: toasts, favorites: MockFavoritesService(favorites: ["swiftui"]))
    let home = stores.home()
    _ = try await stores.catalog.load()
    try await time.settle()
    #expect(home.list.select(id: "swiftui"))

    home.list.send(.toggleFavoriteOfSelected)
    #expect(!home.list.isFavorite("swiftui"))
    #expect(toasts.shownToasts == [.info(L10n.Favorites.removed("SwiftUI"))])
    #expect(stores.favorites.canUndoRemoval)

    stores.favorites.undoRemoval()
    #expect(home.list.isFavorite("swiftui"))
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored("SwiftUI")))
  }

  // MARK: Loading

  @Test("The first load shows as loading, and busy, until the items arrive")
  func firstLoad() async throws {
    let (home, catalog) = makeHome(MockNetworkService(clock: time.clock, latency: .milliseconds(300)))
    #expect(home.list.status == .waiting)
    let load = time.tasks.start("load") { _ = try? await catalog.load() }
    try await time.settle()
    #expect(home.list.status == .loading(lastError: nil))
    #expect(home.isBusy)
    #expect(home.list.rows.isEmpty)
    try await time.advance(by: .milliseconds(299))
    #expect(home.list.status == .loading(lastError: nil))
    try await time.advance(by: .milliseconds(1))
    await load.value
    #expect(home.list.status == .loaded)
    #expect(!home.isBusy)
    #expect(Array(home.list.rows) == CatalogFixtures.items)
    #expect(home.featuredItems == CatalogFixtures.featured)
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("A failed first load is the status; Home toasts nothing of it (the session's start does, once)")
  func failedLoad() async {
    let (home, catalog) = makeHome(MockNetworkService(result: .failure(.simulatedNetworkFailure)))
    _ = try? await catalog.load()
    #expect(home.list.status == .failed(.simulatedNetworkFailure))
    #expect(!home.isBusy)
    #expect(home.list.rows.isEmpty)
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("Refresh shows busy, reloads once however often it is asked, and confirms with a toast")
  func refresh() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let (home, catalog) = makeHome(network)
    let load = time.tasks.start("load") { _ = try? await catalog.load() }
    try await time.advance(by: .milliseconds(300))
    await load.value
    network.result = .success(Array(CatalogFixtures.items.prefix(3)))
    home.send(.refresh)
    #expect(home.isBusy)
    try await time.settle()
    home.send(.refresh)
    #expect(home.isBusy)
    #expect(home.list.status == .loaded)
    #expect(Array(home.list.rows) == CatalogFixtures.items)
    try await time.advance(by: .milliseconds(300))
    #expect(!home.isBusy)
    #expect(home.list.rows.map(\.id) == ["swiftui", "combine", "swiftdata"])
    #expect(network.fetchCount == 2)
    #expect(toasts.shownToasts == [.success(L10n.Refresh.done)])
  }

  @Test("A failed refresh keeps the old items and shows an error toast")
  func failedRefresh() async throws {
    let network = MockNetworkService()
    let (home, catalog) = makeHome(network)
    _ = try? await catalog.load()
    network.result = .failure(.timeout(url: "https://fun.example/catalog.json", seconds: 10))
    home.send(.refresh)
    try await time.settle()
    #expect(Array(home.list.rows) == CatalogFixtures.items)
    #expect(home.list.status == .loaded)
    #expect(!home.isBusy)
    #expect(toasts.shownToasts.map(\.style) == [.error])
    #expect(toasts.shownToasts.first?.message.contains("did not answer within 10 s") == true)
  }

  @Test("A refresh after a failed first load clears the error and shows the items")
  func refreshRecoversFailedLoad() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let (home, catalog) = makeHome(network)
    _ = try? await catalog.load()
    #expect(home.list.status == .failed(.simulatedNetworkFailure))
    network.result = .success(CatalogFixtures.items)
    home.send(.refresh)
    try await time.settle()
    #expect(home.list.status == .loaded)
    #expect(Array(home.list.rows) == CatalogFixtures.items)
    // The load's failure is the session's to toast; the refresh's outcome is Home's.
    #expect(toasts.shownToasts == [.success(L10n.Refresh.done)])
  }

  // MARK: Carousel

  @Test(
    "The carousel shows the featured items in pages of 3",
    arguments: [(0, [Int]()), (1, [1]), (15, [3]), (22, [3, 1]), (43, [3, 3, 1])]
  )
  func carouselPages(catalogSize: Int, pageSizes: [Int]) async {
    // Generated catalogs feature every seventh item.
    let (home, catalog) = makeHome(MockNetworkService(result: .success(CatalogFixtures.generated(count: catalogSize))))
    _ = try? await catalog.load()
    // The pages as a person sees them: the one on show, then each next page in turn.
    var pages: [[FeaturedItem]] = []
    for _ in 0..<home.carouselPageCount {
      pages.append(home.currentCarouselPage)
      home.send(.nextCarouselPage)
    }
    #expect(pages.map(\.count) == pageSizes)
    #expect(pages.flatMap(\.self) == catalog.featuredItems)
  }

  @Test("Carousel paging is clamped at both ends")
  func carouselPaging() async {
    let (home, catalog) = makeHome()
    _ = try? await catalog.load()
    #expect(home.carouselPageIndex == 0)
    #expect(home.currentCarouselPage.map(\.id) == ["swiftui", "combine", "concurrency"])
    home.send(.previousCarouselPage)
    #expect(home.carouselPageIndex == 0)
    home.send(.nextCarouselPage)
    #expect(home.carouselPageIndex == 1)
    #expect(home.currentCarouselPage.map(\.id) == ["swiftpm"])
    home.send(.nextCarouselPage)
    #expect(home.carouselPageIndex == 1)
    home.send(.previousCarouselPage)
    #expect(home.carouselPageIndex == 0)
  }

  @Test("The card focus goes card to card across pages, stays at both ends, and the list takes it back")
  func cardFocus() async {
    let (home, catalog) = makeHome()
    #expect(home.focusedCard == nil)
    home.send(.focusCard(0))
    #expect(home.focusedCard == nil, "no cards to focus before the catalog loads")
    _ = try? await catalog.load()
    home.send(.focusCard(0))
    #expect(home.focusedCardItem?.id == "swiftui")
    home.send(.moveCardFocus(by: -1))
    #expect(home.focusedCardItem?.id == "swiftui")
    home.send(.moveCardFocus(by: 1))
    home.send(.moveCardFocus(by: 1))
    home.send(.moveCardFocus(by: 1))
    #expect(home.carouselPageIndex == 1)
    #expect(home.focusedCard == 0)
    #expect(home.focusedCardItem?.id == "swiftpm")
    home.send(.moveCardFocus(by: 1))
    #expect(home.focusedCardItem?.id == "swiftpm")
    home.send(.moveCardFocus(by: -1))
    #expect((home.carouselPageIndex, home.focusedCard) == (0, 2))
    home.send(.leaveCards)
    #expect(home.focusedCard == nil)
    home.send(.focusCard(2))
    featureToggles.toggle(.featuredCarousel)
    try? await time.settle()
    #expect(home.focusedCard == nil, "a hidden carousel has no focus")
    home.list.send(.move(by: 1))
    featureToggles.toggle(.featuredCarousel)
    try? await time.settle()
    #expect(home.focusedCard == nil, "the selection moved while the carousel was hidden: the list has the focus")
    #expect(home.list.selectedIndex == 1)

    home.list.send(.move(by: -1))
    home.send(.moveSelection(by: -1))
    #expect(home.focusedCard == 0)
    featureToggles.toggle(.featuredCarousel)
    try? await time.settle()
    home.list.send(.move(by: 1))
    home.list.send(.move(by: -1))
    featureToggles.toggle(.featuredCarousel)
    try? await time.settle()
    #expect(
      (home.list.selectedIndex, home.focusedCard) == (0, nil),
      "moved away and back to the same row: the list still has the focus")
  }

  @Test("↑ on the first row hands the focus to the first card, once the carousel shows and has loaded")
  func upFromFirstRowFocusesCards() async throws {
    let (home, catalog) = makeHome()
    home.send(.moveSelection(by: -1))
    _ = try? await catalog.load()
    #expect(home.focusedCard == nil, "no focus taken during the first load comes back with the cards")
    home.send(.moveSelection(by: 1))
    #expect(home.list.selectedIndex == 1)
    home.send(.moveSelection(by: -1))
    #expect((home.list.selectedIndex, home.focusedCard) == (0, nil))
    home.send(.moveSelection(by: -1))
    #expect(home.focusedCardItem?.id == "swiftui")
    home.send(.leaveCards)
    featureToggles.toggle(.featuredCarousel)
    try await time.settle()
    home.send(.moveSelection(by: -1))
    featureToggles.toggle(.featuredCarousel)
    try await time.settle()
    #expect(home.focusedCard == nil, "↑ with the carousel off keeps no focus for when it shows")
  }

  @Test("The page index stays valid when a refresh leaves fewer pages")
  func carouselPageClampedAfterRefresh() async throws {
    let network = MockNetworkService()
    let (home, catalog) = makeHome(network)
    _ = try? await catalog.load()
    home.send(.nextCarouselPage)
    #expect(home.carouselPageIndex == 1)
    network.result = .success(Array(CatalogFixtures.items.prefix(2)))
    home.send(.refresh)
    try await time.settle()
    #expect(home.carouselPageIndex == 0)
    #expect(home.currentCarouselPage.map(\.id) == ["swiftui", "combine"])
  }

  @Test("The carousel hides and shows as soon as its toggle changes")
  func carouselToggleLive() async throws {
    let (home, catalog) = makeHome()
    #expect(!home.showsCarousel, "no featured items to show before the catalog loads")
    _ = try? await catalog.load()
    #expect(home.showsCarousel)
    featureToggles.toggle(.featuredCarousel)
    try await time.settle()
    #expect(!home.showsCarousel)
    featureToggles.toggle(.featuredCarousel)
    try await time.settle()
    #expect(home.showsCarousel)
  }

  @Test("A carousel that is off at start is hidden from the first render")
  func carouselOffAtStart() {
    let toggles = MockFeatureToggleService(
      toggles: FeatureToggles(showsFeaturedCarousel: false, appearance: .system, simulatesNetworkFailure: false)
    )
    let stores = TestStores(time: time, toggles: toggles)
    let home = stores.home(toasts: toasts)
    #expect(!home.showsCarousel)
  }

  // MARK: Items

  @Test("Favorite marks follow the favorites service live")
  func favoritesLive() async throws {
    let (home, catalog) = makeHome()
    _ = try? await catalog.load()
    // The store's first read of the favorites is done, as a session's is before anyone can
    // change one.
    try await time.settle()
    #expect(!home.list.isFavorite("combine"))
    favorites.toggle("combine")
    try await time.settle()
    #expect(home.list.isFavorite("combine"))
    favorites.remove("combine")
    try await time.settle()
    #expect(!home.list.isFavorite("combine"))
  }

  @Test("Selection moves over the all-items list, clamped, and opens and favorites")
  func selection() async throws {
    let (home, catalog) = makeHome()
    _ = try? await catalog.load()
    #expect(home.list.selectedItem?.id == "swiftui")
    home.list.send(.move(by: -1))
    #expect(home.list.selectedIndex == 0)
    home.list.send(.move(by: 1))
    home.list.send(.move(by: 1))
    #expect(home.list.selectedItem?.id == "swiftdata")
    home.list.send(.openSelected)
    #expect(coordinator.shownDetails.map(\.id) == ["swiftdata"])
    home.list.send(.toggleFavoriteOfSelected)
    try await time.settle()  // the save runs off the main actor
    #expect(favorites.toggledIDs == ["swiftdata"])
    #expect(home.list.isFavorite("swiftdata"))
    home.list.send(.select(at: 100))
    #expect(home.list.selectedItem?.id == "instruments")
    home.list.send(.move(by: 1))
    #expect(home.list.selectedIndex == CatalogFixtures.items.count - 1)
    home.list.send(.open(CatalogFixtures.item("macros")))
    #expect(coordinator.shownDetails.map(\.id) == ["swiftdata", "macros"])
  }

  @Test("The selection follows its item when a refresh reorders the list")
  func selectionFollowsItem() async throws {
    let network = MockNetworkService()
    let (home, catalog) = makeHome(network)
    _ = try? await catalog.load()
    #expect(home.list.select(id: "macros"))
    #expect(home.list.selectedIndex == 4)
    network.result = .success(CatalogFixtures.items.reversed())
    home.send(.refresh)
    try await time.settle()
    #expect(home.list.selectedItem?.id == "macros")
    #expect(home.list.selectedIndex == 3)
  }

  @Test("Nothing is selected or opened before the catalog loads")
  func emptyListSelection() {
    let (home, _) = makeHome()
    #expect(home.list.selectedItem == nil)
    home.list.send(.move(by: 1))
    home.list.send(.openSelected)
    home.list.send(.toggleFavoriteOfSelected)
    #expect(coordinator.shownDetails.isEmpty)
    #expect(favorites.toggledIDs.isEmpty)
  }

  @Test("showProfile asks the coordinator")
  func showProfile() {
    let (home, _) = makeHome()
    home.send(.showProfile)
    #expect(coordinator.showProfileCount == 1)
  }

  @Test("The model deallocates, even with a refresh in flight, and leaves no task behind")
  func deallocates() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    var catalog: CatalogStore?
    try await expectDeallocation(
      in: time,
      of: {
        let (home, store) = makeHome(network)
        catalog = store
        return home
      },
      afterStart: { home in
        let store = try #require(catalog)
        // From here only Home holds the catalog, so it goes with Home.
        catalog = nil
        let load = time.tasks.start("load") { _ = try? await store.load() }
        try await time.advance(by: .milliseconds(300))
        await load.value
        home.send(.refresh)
        try await time.settle()
        #expect(home.isBusy)
      }
    )
    try await time.advance(by: .milliseconds(300))
    try await time.settle()
    #expect(time.tasks.taskCount == 0)
  }

  // MARK: Status and actions

  @Test("status goes waiting, loading, loaded (empty for a catalog without items); isBusy while a load or refresh runs")
  func statusOfTheFirstLoad() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let (home, catalog) = makeHome(network)
    #expect(home.list.status == .waiting)
    #expect(!home.isBusy)
    let load = time.tasks.start("load") { _ = try? await catalog.load() }
    try await time.settle()
    #expect(home.list.status == .loading(lastError: nil))
    #expect(home.isBusy)
    try await time.advance(by: .milliseconds(300))
    await load.value
    #expect(home.list.status == .loaded)
    #expect(!home.isBusy)
    network.result = .success([])
    home.send(.refresh)
    #expect(home.isBusy)
    try await time.advance(by: .milliseconds(300))
    #expect(home.list.status == .empty)
    #expect(!home.isBusy)
  }

  @Test("After a failed first load, status is the failure; a retry in flight still carries it, and its success loads")
  func statusAfterAFailure() async throws {
    let failure = AppError.simulatedNetworkFailure
    let network = MockNetworkService(result: .failure(failure), clock: time.clock, latency: .milliseconds(300))
    let (home, catalog) = makeHome(network)
    let load = time.tasks.start("load") { _ = try? await catalog.load() }
    try await time.advance(by: .milliseconds(300))
    await load.value
    #expect(home.list.status == .failed(failure))
    network.result = .success(CatalogFixtures.items)
    home.send(.refresh)
    try await time.settle()
    #expect(home.list.status == .loading(lastError: failure))
    try await time.advance(by: .milliseconds(300))
    #expect(home.list.status == .loaded)
  }

  @Test("send pages the carousel both ways and shows the profile")
  func sendDrivesTheCarousel() async {
    let (home, catalog) = makeHome()
    _ = try? await catalog.load()
    #expect(home.carouselPageCount > 1)
    home.send(.nextCarouselPage)
    #expect(home.carouselPageIndex == 1)
    home.send(.previousCarouselPage)
    #expect(home.carouselPageIndex == 0)
    home.send(.showProfile)
    #expect(coordinator.showProfileCount == 1)
  }
}
