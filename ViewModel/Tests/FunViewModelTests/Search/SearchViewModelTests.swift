import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("SearchViewModel")
@MainActor
struct SearchViewModelTests {
  let time = VirtualTime.forTests()
  let favorites = MockFavoritesService()
  let toasts = MockToastService()
  let coordinator = MockCoordinator()

  /// The ids `sw` finds in the fixture catalog.
  let swiftIDs = ["swiftui", "swiftdata", "concurrency", "swiftpm"]

  func makeSearch(_ network: MockNetworkService) -> SearchViewModel {
    makeSearch(TestStores(time: time, network: network, favorites: favorites))
  }

  func makeSearch(_ stores: TestStores) -> SearchViewModel {
    let search = SearchViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toasts: toasts,
      clock: time.clock,
      tasks: time.tasks
    )
    search.coordinator = coordinator
    return search
  }

  func advance(milliseconds: Int) async throws {
    try await time.advance(by: .milliseconds(milliseconds))
  }

  @Test("f on a result that is a favorite says so in a toast that offers the undo, and the undo brings it back")
  func removalIsToldAndUndone() async throws {
    let stores = TestStores(time: time, toasts: toasts, favorites: MockFavoritesService(favorites: ["swiftdata"]))
    let search = makeSearch(stores)
    search.query = "swift data"
    try await advance(milliseconds: 400)
    #expect(search.list.selectedItem?.id == "swiftdata")

    search.list.send(.toggleFavoriteOfSelected)
    #expect(!search.list.isFavorite("swiftdata"))
    #expect(toasts.shownToasts == [.info(L10n.Favorites.removed("SwiftData"))])

    stores.favorites.undoRemoval()
    #expect(search.list.isFavorite("swiftdata"))
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored("SwiftData")))
    #expect(!stores.favorites.canUndoRemoval)
  }

  // MARK: Debounce

  @Test("The search runs 400 ms after the last keystroke, not at 399 ms")
  func debounce() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 399)
    #expect(network.fetchCount == 0)
    #expect(search.results.isEmpty)
    #expect(!search.isSearching)
    try await advance(milliseconds: 1)
    #expect(network.fetchCount == 1)
    #expect(search.results.map(\.id) == swiftIDs)
    #expect(SearchViewModel.debounceInterval == .milliseconds(400))
  }

  @Test("isDebouncing is true from an edit until its wait ends, and a category change ends it at once")
  func debouncingFlag() async throws {
    let search = makeSearch(MockNetworkService())
    #expect(!search.isDebouncing)
    search.query = "sw"
    #expect(search.isDebouncing)
    try await advance(milliseconds: 399)
    #expect(search.isDebouncing)
    try await advance(milliseconds: 1)
    #expect(!search.isDebouncing)
    search.query = "swi"
    #expect(search.isDebouncing)
    search.send(.selectNextCategory)
    #expect(!search.isDebouncing)
  }

  @Test("Each keystroke restarts the 400 ms wait")
  func keystrokesRestartTheWait() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.send(.edit(.insert("m")))
    try await advance(milliseconds: 300)
    search.send(.edit(.insert("a")))
    try await advance(milliseconds: 300)
    search.send(.edit(.insert("c")))
    try await advance(milliseconds: 399)
    #expect(network.fetchCount == 0)
    #expect(search.results.isEmpty)
    try await advance(milliseconds: 1)
    #expect(network.fetchCount == 1)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
  }

  @Test("Once the catalog is loaded, each keystroke still restarts the wait")
  func keystrokesRestartTheWaitOnLoadedCatalog() async throws {
    let search = makeSearch(MockNetworkService())
    await search.searchNow()
    #expect(Array(search.results) == CatalogFixtures.items)
    search.send(.edit(.insert("m")))
    try await advance(milliseconds: 300)
    search.send(.edit(.insert("a")))
    try await advance(milliseconds: 300)
    search.send(.edit(.insert("c")))
    try await advance(milliseconds: 399)
    #expect(Array(search.results) == CatalogFixtures.items)
    try await advance(milliseconds: 1)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
  }

  @Test("A one-character query never searches", arguments: ["s", " s ", "é"])
  func oneCharacterNeverSearches(query: String) async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = query
    try await advance(milliseconds: 2_000)
    await search.searchNow()
    #expect(network.fetchCount == 0)
    #expect(search.results.isEmpty)
    #expect(search.isQueryTooShort)
    #expect(!search.isEmptyState)
  }

  @Test("Deleting back to one character shows no results once the debounce ends, not the longer query's")
  func shortenedQueryShowsNoStaleResults() async throws {
    let search = makeSearch(MockNetworkService())
    search.query = "swift"
    try await advance(milliseconds: 400)
    #expect(!search.results.isEmpty)
    for _ in 0..<4 { search.send(.edit(.delete(.characterBackward))) }
    #expect(search.query == "s")
    #expect(search.isQueryTooShort)
    // Until the wait ends the results are marked as stale, as for any edit.
    #expect(search.isDebouncing)
    try await advance(milliseconds: 400)
    #expect(search.results.isEmpty)
    #expect(search.matchedQuery == nil)
    #expect(!search.isDebouncing)
    #expect(!search.isEmptyState)
    // Typed again, the query searches again.
    search.send(.edit(.insert("w")))
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == swiftIDs)
  }

  @Test("Moving the cursor in the field searches nothing; an edit in the middle of the query does")
  func cursorMotionsDoNotSearch() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 400)
    search.list.send(.select(at: 2))
    search.send(.edit(.move(.start)))
    search.send(.edit(.move(.wordForward)))
    #expect(!search.isDebouncing)
    search.send(.edit(.move(.characterBackward)))
    search.send(.edit(.insert("i")))
    #expect(search.query == "siw")
    #expect(search.field.cursor == 2)
    #expect(search.isDebouncing)
  }

  @Test("A link's query replaces the field, cursor at its end, and searches at once")
  func searchForLinkQuery() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = "zzz"
    await search.search(for: "macros")
    #expect(search.field == LineEditor("macros"))
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(!search.isDebouncing)
  }

  @Test("A link's query is searched in every category, whatever category was chosen before")
  func linkQuerySearchesAllCategories() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    await search.searchNow()
    let other = try #require(search.categories.last ?? nil)
    search.send(.selectPreviousCategory)
    await search.searchNow()
    #expect(search.selectedCategory == other)
    await search.search(for: "macros")
    #expect(search.selectedCategory == nil)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
  }

  @Test("An empty query shows every item, and the catalog is fetched only once")
  func emptyQueryShowsAll() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    await search.searchNow()
    #expect(Array(search.results) == CatalogFixtures.items)
    search.query = "macros"
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    search.send(.edit(.delete(.start)))
    try await advance(milliseconds: 400)
    #expect(Array(search.results) == CatalogFixtures.items)
    #expect(network.fetchCount == 1)
  }

  @Test("The same query and category never search twice in a row")
  func sameQueryNeverRepeats() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == swiftIDs)
    // Every applied search starts from the first row, so a repeated one would show as a
    // selection back on row 0.
    search.list.send(.select(at: 2))
    // Typed and deleted within the wait: the query is "sw" again when it ends.
    search.send(.edit(.insert("i")))
    try await advance(milliseconds: 100)
    search.send(.edit(.delete(.characterBackward)))
    try await advance(milliseconds: 400)
    #expect(search.list.selectedIndex == 2)
    // Same folded query, different spelling.
    search.query = " SW "
    try await advance(milliseconds: 400)
    await search.searchNow()
    #expect(search.list.selectedIndex == 2)
    #expect(!search.isSearching)
    #expect(network.fetchCount == 1)
    // A refresh searches again even so, on a fetched-again catalog.
    search.send(.refresh)
    #expect(search.isSearching)
    try await time.settle()
    #expect(!search.isSearching)
    #expect(search.list.selectedIndex == 0)
    #expect(network.fetchCount == 2)
  }

  // MARK: In flight

  @Test("isSearching is true exactly while a search waits for the catalog")
  func isSearchingWhileInFlight() async throws {
    let search = makeSearch(MockNetworkService(clock: time.clock, latency: .milliseconds(300)))
    search.query = "sw"
    try await advance(milliseconds: 399)
    #expect(!search.isSearching)
    try await advance(milliseconds: 1)
    #expect(search.isSearching)
    try await advance(milliseconds: 299)
    #expect(search.isSearching)
    #expect(search.results.isEmpty)
    #expect(!search.isEmptyState)
    try await advance(milliseconds: 1)
    #expect(!search.isSearching)
    #expect(search.results.map(\.id) == swiftIDs)
  }

  @Test("A newer query replaces the search waiting for the catalog, whose result never shows")
  func newerQueryReplacesOlder() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(1_000))
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 500)
    #expect(search.isSearching)
    search.query = "macros"
    try await advance(milliseconds: 400)
    // The newer search joins the fetch in flight rather than starting another.
    #expect(network.fetchCount == 1)
    #expect(search.isSearching)
    #expect(search.results.isEmpty)
    // When the fetch arrives, at 1.4 s.
    try await advance(milliseconds: 499)
    #expect(search.isSearching)
    try await advance(milliseconds: 1)
    #expect(!search.isSearching)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    try await advance(milliseconds: 1_000)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(network.fetchCount == 1)
    #expect(toasts.shownToasts.isEmpty)
    #expect(search.error == nil)
  }

  @Test("A newer query shows its results during a refresh; the refresh still lands for them and says how it went")
  func newerQueryDuringRefresh() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(1_000))
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 1_400)
    #expect(search.results.map(\.id) == swiftIDs)
    network.result = .success(CatalogFixtures.items.reversed())
    search.send(.refresh)
    #expect(search.status == .refreshing)
    search.query = "macros"
    // The catalog is loaded, so the newer query applies as soon as its debounce ends, while
    // the refresh's fetch is still in flight: its results show, and the status still says the
    // catalog is on its way.
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(search.status == .refreshing)
    search.list.send(.select(at: 1))
    // The refresh lands: the newer query's results come from the new catalog, the selection
    // stays on its item, and the toast says the catalog was refreshed.
    try await advance(milliseconds: 600)
    #expect(network.fetchCount == 2)
    #expect(search.results.map(\.id) == ["macros", "swiftdata"])
    #expect(search.list.selectedItem?.id == "macros")
    #expect(search.status == .results(count: 2, isUpdating: false))
    #expect(toasts.shownToasts == [.success(L10n.Refresh.done)])
  }

  @Test("A refresh that fails while a newer query is typed still says so")
  func newerQueryDuringFailedRefresh() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(1_000))
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 1_400)
    network.result = .failure(.simulatedNetworkFailure)
    search.send(.refresh)
    search.query = "macros"
    try await advance(milliseconds: 1_000)
    #expect(network.fetchCount == 2)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(search.error == nil, "the loaded catalog stays searchable")
    #expect(toasts.shownToasts == [.error(AppError.simulatedNetworkFailure.message)])
  }

  @Test("Shortening the query to one character ends the search in flight")
  func shortQueryEndsSearchInFlight() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(1_000))
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 500)
    search.send(.edit(.delete(.characterBackward)))
    try await advance(milliseconds: 400)
    #expect(!search.isSearching)
    try await advance(milliseconds: 2_000)
    #expect(search.results.isEmpty)
    #expect(network.fetchCount == 1)
    // "sw" never completed, so typing it again searches, at once on the loaded catalog.
    search.send(.edit(.insert("w")))
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == swiftIDs)
    #expect(network.fetchCount == 1)
  }

  // MARK: Matching and categories

  @Test("Matching ignores case and diacritics", arguments: ["ECRI", "écri", "Écrire une"])
  func caseAndDiacriticInsensitive(query: String) async throws {
    let search = makeSearch(MockNetworkService())
    search.query = query
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["generics"])
  }

  @Test("Categories are all (nil) then the catalog's, and changing one searches at once")
  func categoryFilter() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    #expect(search.categories == [nil])
    // Before the catalog has loaded, a step lands on all categories again: no search starts.
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == nil)
    #expect(!search.isSearching)
    await search.searchNow()
    #expect(search.categories == [nil, "Frameworks", "Language", "Tools"])
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == "Frameworks")
    // No await: on a loaded catalog the search applies without a task.
    #expect(search.results.map(\.id) == ["swiftui", "combine", "swiftdata"])
    #expect(!search.isSearching)
    search.query = "sw"
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftui", "swiftdata"])
    search.send(.selectNextCategory)
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == "Tools")
    #expect(search.results.map(\.id) == ["swiftpm"])
    #expect(network.fetchCount == 1)
  }

  @Test("Changing the category ends a pending debounce")
  func categoryEndsDebounce() async throws {
    let search = makeSearch(MockNetworkService())
    await search.searchNow()
    search.query = "sw"
    try await time.settle()
    #expect(time.clock.sleeperCount == 1)
    search.send(.selectPreviousCategory)
    #expect(search.selectedCategory == "Tools")
    #expect(search.results.map(\.id) == ["swiftpm"])
    try await time.settle()
    #expect(time.clock.sleeperCount == 0)
  }

  @Test("Category navigation wraps around")
  func categoryWraps() async {
    let search = makeSearch(MockNetworkService())
    await search.searchNow()
    search.send(.selectPreviousCategory)
    #expect(search.selectedCategory == "Tools")
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == nil)
  }

  @Test("A catalog category named \"All\" is listed and filters to its own items, apart from all categories")
  func categoryNamedAll() async throws {
    let items =
      CatalogFixtures.items.filter { $0.category == "Tools" }
      + [
        FeaturedItem(
          id: "everything", title: "Everything", subtitle: "In the All category", category: "All", description: "",
          isFeatured: false)
      ]
    let search = makeSearch(MockNetworkService(result: .success(items)))
    await search.searchNow()
    #expect(search.categories == [nil, "All", "Tools"])
    #expect(search.categoryName == L10n.Search.allCategories)
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == "All")
    #expect(search.categoryName == .verbatim("All"))
    #expect(search.results.map(\.id) == ["everything"])
    search.send(.selectNextCategory)
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == nil)
    #expect(search.results.map(\.id) == ["swiftpm", "instruments", "everything"])
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == "All")
    #expect(search.results.map(\.id) == ["everything"])
  }

  @Test("A completed search without results gives the empty state")
  func emptyState() async throws {
    let search = makeSearch(MockNetworkService())
    #expect(!search.isEmptyState)
    search.query = "zzz"
    try await advance(milliseconds: 399)
    #expect(!search.isEmptyState)
    try await advance(milliseconds: 1)
    #expect(search.isEmptyState)
    search.query = "swiftui"
    try await advance(milliseconds: 400)
    #expect(!search.isEmptyState)
  }

  // MARK: Failures

  @Test(
    "A search whose catalog fails to load shows the error in place, toasting nothing (the session's start does); a retry recovers"
  )
  func failure() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let search = makeSearch(network)
    search.query = "sw"
    try await advance(milliseconds: 400)
    #expect(search.results.isEmpty)
    #expect(search.error == .simulatedNetworkFailure)
    #expect(search.status == .failed(.simulatedNetworkFailure))
    #expect(toasts.shownToasts.isEmpty)
    #expect(!search.isSearching)
    #expect(!search.isEmptyState)
    // The failed query can be retried.
    network.result = .success(CatalogFixtures.items)
    await search.searchNow()
    #expect(search.results.map(\.id) == swiftIDs)
    #expect(search.error == nil)
    #expect(network.fetchCount == 2)
  }

  @Test("A failed refresh keeps the results and shows an error toast, but no error")
  func failedRefresh() async throws {
    let network = MockNetworkService()
    let search = makeSearch(network)
    await search.searchNow()
    network.result = .failure(.simulatedNetworkFailure)
    search.send(.refresh)
    try await time.settle()
    #expect(Array(search.results) == CatalogFixtures.items)
    #expect(search.error == nil)
    #expect(toasts.shownToasts == [.error(AppError.simulatedNetworkFailure.message)])
    #expect(!search.isSearching)
    #expect(network.fetchCount == 2)
  }

  @Test("Search's error clears and its results show when Home's refresh recovers the shared catalog")
  func recoveryElsewhereClearsTheError() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let stores = TestStores(time: time, network: network, favorites: favorites)
    let search = makeSearch(stores)
    let home = stores.home(toasts: toasts)
    search.query = "sw"
    try await advance(milliseconds: 400)
    #expect(search.error == .simulatedNetworkFailure)
    #expect(search.results.isEmpty)

    network.result = .success(CatalogFixtures.items)
    home.send(.refresh)
    try await time.settle()
    #expect(home.list.status == .loaded)
    #expect(search.error == nil)
    #expect(search.results.map(\.id) == swiftIDs)
    #expect(!search.isSearching)
    #expect(!search.isEmptyState)
    #expect(network.fetchCount == 2)
  }

  // MARK: Items

  @Test("Selection, open and favorite act on the results")
  func selectionOpenAndFavorite() async throws {
    let search = makeSearch(MockNetworkService())
    search.query = "sw"
    try await advance(milliseconds: 400)
    #expect(search.list.selectedItem?.id == "swiftui")
    search.list.send(.move(by: -1))
    #expect(search.list.selectedIndex == 0)
    search.list.send(.move(by: 1))
    search.list.send(.move(by: 1))
    #expect(search.list.selectedItem?.id == "concurrency")
    search.list.send(.openSelected)
    #expect(coordinator.shownDetails.map(\.id) == ["concurrency"])
    search.list.send(.toggleFavoriteOfSelected)
    try await time.settle()  // the save runs off the main actor
    #expect(favorites.toggledIDs == ["concurrency"])
    #expect(search.list.isFavorite("concurrency"))
    #expect(search.list.select(id: "swiftpm"))
    #expect(!search.list.select(id: "macros"))
    #expect(search.list.selectedIndex == 3)
    // New results start from the top.
    search.query = "swift"
    try await advance(milliseconds: 400)
    #expect(search.list.selectedIndex == 0)
  }

  @Test("With a catalog store shared with Home, Search fetches nothing of its own")
  func sharedStore() async throws {
    let network = MockNetworkService()
    let stores = TestStores(time: time, network: network, favorites: favorites)
    let home = stores.home(toasts: toasts)
    let search = makeSearch(stores)
    _ = try? await stores.catalog.load()
    #expect(home.list.rows.count == CatalogFixtures.items.count)
    await search.searchNow()
    search.query = "macros"
    try await advance(milliseconds: 400)
    #expect(search.results.map(\.id) == ["swiftdata", "macros"])
    #expect(network.fetchCount == 1)
  }

  @Test("Favorites changed elsewhere show at once")
  func favoritesLive() async throws {
    let search = makeSearch(MockNetworkService())
    try await time.settle()
    #expect(!search.list.isFavorite("macros"))
    favorites.toggle("macros")
    try await time.settle()
    #expect(search.list.isFavorite("macros"))
  }

  @Test("The model deallocates, even with a search in flight, and leaves no task behind")
  func deallocates() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(1_000))
    try await expectDeallocation(
      in: time,
      of: { makeSearch(network) },
      afterStart: { search in
        search.query = "sw"
        try await advance(milliseconds: 500)
        #expect(search.isSearching)
      }
    )
    try await advance(milliseconds: 1_000)
    // The search's last task lets go of the stores as it ends; theirs end at the next settle.
    try await time.settle()
    #expect(time.tasks.taskCount == 0)
    #expect(time.clock.sleeperCount == 0)
  }

  // MARK: Status and actions

  @Test("status says what the status line shows, in order: loading, searching, too short, no results, failed, results")
  func status() async throws {
    let failure = AppError.simulatedNetworkFailure
    let progress = CatalogLoadProgress.reading(bytesRead: 10, totalBytes: 100)
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300), progress: [progress])
    let search = makeSearch(network)
    #expect(search.status == .results(count: 0, isUpdating: false))
    #expect(!search.isBusy)
    search.send(.edit(.insert("s")))
    // Before the catalog has loaded there are no results to mark as updating: the edit searches.
    #expect(search.status == .searching)
    #expect(search.isBusy)
    try await advance(milliseconds: 400)
    #expect(search.status == .queryTooShort)
    #expect(!search.isBusy)
    search.send(.edit(.insert("w")))
    try await advance(milliseconds: 400)
    #expect(search.status == .searching)
    #expect(search.isBusy)
    // The one progress step comes halfway through the load's wait.
    try await advance(milliseconds: 150)
    #expect(search.status == .loadingCatalog(progress))
    #expect(search.isBusy)
    try await advance(milliseconds: 150)
    #expect(search.status == .results(count: swiftIDs.count, isUpdating: false))
    search.send(.edit(.insert("i")))
    // Once the catalog has loaded, the previous query's results stay, marked as updating.
    #expect(search.status == .results(count: swiftIDs.count, isUpdating: true))
    search.send(.edit(.insert("zz")))
    try await advance(milliseconds: 400)
    #expect(search.status == .noResults(countInAllCategories: nil))

    let failing = makeSearch(MockNetworkService(result: .failure(failure)))
    await failing.searchNow()
    #expect(failing.status == .failed(failure))
    #expect(failing.error == failure)
  }

  @Test("A first edit on a loaded catalog says Searching while it waits out the debounce, never 0 results")
  func firstEditOnLoadedCatalog() async throws {
    let stores = TestStores(time: time, network: MockNetworkService(), favorites: favorites)
    _ = try await stores.catalog.load()
    let search = makeSearch(stores)
    search.send(.edit(.insert("sw")))
    try await advance(milliseconds: 399)
    #expect(search.status == .searching)
    try await advance(milliseconds: 1)
    #expect(search.status == .results(count: swiftIDs.count, isUpdating: false))
  }

  @Test("status counts the query's matches in every category when the filter hides them; send steps categories")
  func statusBehindACategory() async throws {
    let search = makeSearch(MockNetworkService())
    await search.search(for: "Instruments")
    #expect(search.categories == [nil, "Frameworks", "Language", "Tools"])
    search.send(.selectPreviousCategory)
    #expect(search.selectedCategory == "Tools")
    #expect(search.status == .results(count: 1, isUpdating: false))
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == nil)
    search.send(.selectNextCategory)
    #expect(search.selectedCategory == "Frameworks")
    #expect(search.status == .noResults(countInAllCategories: 1))
  }

  @Test("statusText words the status once for both views: the count in All behind a filter, updating while debouncing")
  func statusText() async throws {
    let search = makeSearch(MockNetworkService())
    await search.search(for: "Instruments")
    #expect(search.statusText == L10n.Search.results(1))
    #expect(search.categoryName == L10n.Search.allCategories)
    search.send(.selectNextCategory)
    #expect(search.categoryName == .verbatim("Frameworks"))
    #expect(
      search.statusText
        == L10n.Search.noResultsIn(category: .verbatim("Frameworks"), count: 1, all: L10n.Search.allCategories))
    #expect(search.statusText?.description == "No results in Frameworks — 1 in All")
    search.send(.selectPreviousCategory)
    search.send(.edit(.insert("s")))
    #expect(search.statusText?.description == "1 result · updating…")
    try await advance(milliseconds: 400)
    #expect(search.statusText == L10n.Search.noResults)
  }

  @Test("Refreshing is the status during a refresh, and send(.refresh) searches again from the first row")
  func statusWhileRefreshing() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let search = makeSearch(network)
    let first = time.tasks.start("search") { await search.searchNow() }
    try await advance(milliseconds: 300)
    await first.value
    search.list.send(.move(by: 2))
    search.send(.refresh)
    #expect(search.status == .refreshing)
    #expect(search.list.selectedIndex == 0)
    try await advance(milliseconds: 300)
    #expect(search.status == .results(count: CatalogFixtures.items.count, isUpdating: false))
  }
}
