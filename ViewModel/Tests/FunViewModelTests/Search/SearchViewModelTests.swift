import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("SearchViewModel")
@MainActor
struct SearchViewModelTests {
  let clock = ManualClock()
  let favorites = MockFavoritesService()
  let toasts = MockToastService()
  let coordinator = MockCoordinator()

  func makeSearch(_ network: MockNetworkService) -> SearchViewModel {
    let search = SearchViewModel(
      catalog: network.fetchCatalog,
      favorites: favorites,
      toasts: toasts,
      clock: clock
    )
    search.coordinator = coordinator
    return search
  }

  func advance(milliseconds: Int) async {
    await clock.advance(by: .milliseconds(milliseconds))
  }

  // MARK: Debounce

  @Test("The search runs 400 ms after the last keystroke, not at 399 ms")
  func debounce() async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = "sw"
    await advance(milliseconds: 399)
    #expect(network.fetchCount == 0)
    #expect(search.results.isEmpty)
    await advance(milliseconds: 1)
    #expect(network.fetchCount == 1)
    #expect(search.results.map(\.id) == ["swiftui", "swiftdata", "concurrency", "swiftpm"])
    #expect(SearchViewModel.debounceInterval == .milliseconds(400))
  }

  @Test("Each keystroke restarts the 400 ms wait")
  func keystrokesRestartTheWait() async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.type("m")
    await advance(milliseconds: 300)
    search.type("a")
    await advance(milliseconds: 300)
    search.type("c")
    await advance(milliseconds: 399)
    #expect(network.fetchCount == 0)
    await advance(milliseconds: 1)
    #expect(network.fetchCount == 1)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
  }

  @Test("A one-character query never searches", arguments: ["s", " s ", "é"])
  func oneCharacterNeverSearches(query: String) async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.setQuery(query)
    await advance(milliseconds: 2_000)
    await search.searchNow()
    #expect(network.fetchCount == 0)
    #expect(search.isQueryTooShort)
    #expect(!search.isEmptyState)
  }

  @Test("An empty query shows every item")
  func emptyQueryShowsAll() async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    await search.searchNow()
    #expect(search.results == CatalogFixtures.items)
    search.query = "macros"
    await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    search.clearQuery()
    await advance(milliseconds: 400)
    #expect(search.results == CatalogFixtures.items)
    #expect(network.fetchCount == 3)
  }

  @Test("The same query and category never search twice in a row")
  func sameQueryNeverRepeats() async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = "sw"
    await advance(milliseconds: 400)
    #expect(network.fetchCount == 1)
    // Typed and deleted within the wait: the query is "sw" again when it ends.
    search.type("i")
    await advance(milliseconds: 100)
    search.deleteBackward()
    await advance(milliseconds: 400)
    // Same folded query, different spelling.
    search.query = " SW "
    await advance(milliseconds: 400)
    await search.searchNow()
    #expect(network.fetchCount == 1)
    await search.refresh()
    #expect(network.fetchCount == 2)
  }

  // MARK: In flight

  @Test("isSearching is true exactly while a search is in flight")
  func isSearchingWhileInFlight() async {
    let search = makeSearch(MockNetworkService(clock: clock, latency: .milliseconds(300)))
    search.query = "sw"
    await advance(milliseconds: 399)
    #expect(!search.isSearching)
    await advance(milliseconds: 1)
    #expect(search.isSearching)
    await advance(milliseconds: 299)
    #expect(search.isSearching)
    #expect(search.results.isEmpty)
    await advance(milliseconds: 1)
    #expect(!search.isSearching)
    #expect(search.results.count == 4)
  }

  @Test("A newer query cancels the search in flight, whose result never shows")
  func newerQueryCancelsOlder() async {
    let network = MockNetworkService(clock: clock, latency: .milliseconds(1_000))
    let search = makeSearch(network)
    search.query = "sw"
    await advance(milliseconds: 500)
    #expect(search.isSearching)
    search.query = "macros"
    await advance(milliseconds: 400)
    #expect(network.fetchCount == 2)
    #expect(search.isSearching)
    // When the first search would have finished.
    await advance(milliseconds: 500)
    #expect(search.results.isEmpty)
    await advance(milliseconds: 500)
    #expect(!search.isSearching)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(toasts.shownToasts.isEmpty)
    #expect(search.error == nil)
  }

  @Test("A late result of a superseded search is dropped")
  func lateResultDropped() async {
    let catalog = ControlledCatalog()
    let search = SearchViewModel(
      catalog: catalog.fetch,
      favorites: favorites,
      toasts: toasts,
      clock: clock
    )
    search.query = "sw"
    await advance(milliseconds: 400)
    search.query = "macros"
    await advance(milliseconds: 400)
    #expect(catalog.requestCount == 2)
    catalog.answer(1, with: .success(CatalogFixtures.items))
    await Task.yieldRepeatedly()
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(!search.isSearching)
    catalog.answer(0, with: .success(CatalogFixtures.items))
    await Task.yieldRepeatedly()
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(!search.isSearching)
  }

  @Test("Shortening the query to one character ends the search in flight")
  func shortQueryEndsSearchInFlight() async {
    let network = MockNetworkService(clock: clock, latency: .milliseconds(1_000))
    let search = makeSearch(network)
    search.query = "sw"
    await advance(milliseconds: 500)
    search.deleteBackward()
    await advance(milliseconds: 400)
    #expect(!search.isSearching)
    await advance(milliseconds: 2_000)
    #expect(search.results.isEmpty)
    #expect(network.fetchCount == 1)
    // "sw" never completed, so typing it again searches.
    search.type("w")
    await advance(milliseconds: 400)
    #expect(network.fetchCount == 2)
  }

  // MARK: Matching and categories

  @Test("Matching ignores case and diacritics", arguments: ["ECRI", "écri", "Écrire une"])
  func caseAndDiacriticInsensitive(query: String) async {
    let search = makeSearch(MockNetworkService())
    search.query = query
    await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["generics"])
  }

  @Test("Categories are All then the catalog's, and changing one searches at once")
  func categoryFilter() async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    #expect(search.categories == ["All"])
    await search.searchNow()
    #expect(search.categories == ["All", "Frameworks", "Language", "Tools"])
    search.selectNextCategory()
    #expect(search.selectedCategory == "Frameworks")
    await Task.yieldRepeatedly()
    #expect(network.fetchCount == 2)
    #expect(search.results.map(\.id) == ["swiftui", "combine", "swiftdata"])
    search.query = "sw"
    await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftui", "swiftdata"])
    search.selectCategory("Tools")
    await Task.yieldRepeatedly()
    #expect(search.results.map(\.id) == ["swiftpm"])
    search.selectCategory("Nope")
    #expect(search.selectedCategory == "Tools")
  }

  @Test("Category navigation wraps around")
  func categoryWraps() async {
    let search = makeSearch(MockNetworkService())
    await search.searchNow()
    search.selectPreviousCategory()
    #expect(search.selectedCategory == "Tools")
    search.selectNextCategory()
    #expect(search.selectedCategory == "All")
  }

  @Test("A completed search without results gives the empty state")
  func emptyState() async {
    let search = makeSearch(MockNetworkService())
    #expect(!search.isEmptyState)
    search.query = "zzz"
    await advance(milliseconds: 399)
    #expect(!search.isEmptyState)
    await advance(milliseconds: 1)
    #expect(search.isEmptyState)
    search.query = "swiftui"
    await advance(milliseconds: 400)
    #expect(!search.isEmptyState)
  }

  @Test("A failed search keeps the results, sets the error and shows an error toast")
  func failure() async {
    let network = MockNetworkService()
    let search = makeSearch(network)
    await search.searchNow()
    network.result = .failure(.simulatedNetworkFailure)
    search.query = "sw"
    await advance(milliseconds: 400)
    #expect(search.results == CatalogFixtures.items)
    #expect(search.error == .simulatedNetworkFailure)
    #expect(toasts.shownToasts == [.error(AppError.simulatedNetworkFailure.message)])
    #expect(!search.isSearching)
    // The failed query can be retried.
    network.result = .success(CatalogFixtures.items)
    await search.searchNow()
    #expect(search.results.count == 4)
    #expect(search.error == nil)
  }

  // MARK: Items

  @Test("Selection, open and favorite act on the results")
  func selectionOpenAndFavorite() async {
    let search = makeSearch(MockNetworkService())
    search.query = "sw"
    await advance(milliseconds: 400)
    #expect(search.selectedItem?.id == "swiftui")
    search.moveSelectionUp()
    #expect(search.selectedIndex == 0)
    search.moveSelectionDown()
    search.moveSelectionDown()
    #expect(search.selectedItem?.id == "concurrency")
    search.openSelected()
    #expect(coordinator.shownDetails.map(\.id) == ["concurrency"])
    search.toggleFavoriteOfSelected()
    #expect(favorites.toggledIDs == ["concurrency"])
    #expect(search.isFavorite("concurrency"))
    #expect(search.select(id: "swiftpm"))
    #expect(!search.select(id: "macros"))
    #expect(search.selectedIndex == 3)
    // New results start from the top.
    search.query = "swift"
    await advance(milliseconds: 400)
    #expect(search.selectedIndex == 0)
  }

  @Test("With the shared catalog store as provider, only the first search fetches")
  func sharedStoreProvider() async {
    let network = MockNetworkService()
    let store = CatalogStore(network: network)
    let search = SearchViewModel(catalog: store.load, favorites: favorites, toasts: toasts, clock: clock)
    await search.searchNow()
    search.query = "macros"
    await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(network.fetchCount == 1)
  }

  @Test("Favorites changed elsewhere show at once")
  func favoritesLive() async {
    let search = makeSearch(MockNetworkService())
    await Task.yieldRepeatedly()
    favorites.toggle("macros")
    await Task.yieldRepeatedly()
    #expect(search.isFavorite("macros"))
  }

  @Test("The model deallocates, even with a search in flight")
  func deallocates() async {
    let network = MockNetworkService(clock: clock, latency: .milliseconds(1_000))
    await expectDeallocation(
      of: { makeSearch(network) },
      afterStart: { search in
        search.query = "sw"
        await advance(milliseconds: 500)
        #expect(search.isSearching)
      }
    )
    await advance(milliseconds: 1_000)
  }
}
