import Foundation
import FunCore
import FunModel
import Observation

/// The Search tab: a query field, a category filter and the matching items.
///
/// When searches run:
/// - Editing the query (``Action/edit(_:)`` on ``field``) waits the debounce (`debounceInterval`)
///   on the injected clock; each edit that changes the text cancels the wait and starts another, and the search
///   runs when one ends. Moving the cursor searches nothing.
/// - Changing the category (``Action/selectNextCategory``, ``Action/selectPreviousCategory``) searches at
///   once: it is one deliberate key press, not typing, so there is nothing to wait for. It also ends a pending wait, since the search
///   uses the current query anyway.
/// - ``searchNow()`` searches at once (the session's start calls it, `AppCoordinator.start()`),
///   and so does ``search(for:)`` (a `funapp://search?q=` link); ``Action/refresh`` fetches the
///   catalog again, as every list tab does, and searches again even when nothing changed.
///
/// A search runs only when the trimmed query is empty (everything, filtered by category) or
/// has at least `minimumQueryLength` characters; when the debounce ends on a shorter query it
/// shows no results (``Status/queryTooShort`` says why) and ends any search in flight: results
/// of an earlier query under it would read as its own. It never runs twice in a row for the same query and
/// category (queries compare folded, so `Swift` and `swift` are the same). A newer search
/// cancels the one in flight, whose result then never shows; a refresh's fetch goes on under
/// it, and its toast still says how the refresh went. ``Status/searching`` is the
/// status exactly while a search waits for the catalog (not while the debounce waits).
///
/// What the tab shows is one ``status``; ``isBusy`` says whether anything is still on its way.
///
/// A search needs the catalog: the first one waits for the shared ``CatalogStore`` to load;
/// once it has, a search is applied at once. A failure shows in place (``Status/failed(_:)``; the
/// session's start toasts the first load's, once, for every tab); the failed query
/// stays the applied one, so its results show as soon as the catalog loads, and until then the
/// same query may search again. The error is the store's load error, and the results are
/// found again in every catalog the store fetches, so a catalog that recovers anywhere (a
/// refresh on Home) shows here at once.
@Observable
@MainActor
public final class SearchViewModel {
  /// How long after the last keystroke the search runs.
  static let debounceInterval: Duration = .milliseconds(400)

  /// The fewest characters a non-empty trimmed query needs before it is searched.
  static let minimumQueryLength = 2

  /// The search field: its text is the query; every change to the text restarts the debounce.
  public private(set) var field = LineEditor() {
    didSet {
      if field.text != oldValue.text { scheduleSearch() }
    }
  }

  /// The text of ``field``; setting it replaces the text, the cursor at its end.
  var query: String {
    get { field.text }
    set { field = LineEditor(newValue) }
  }

  /// The active category filter, one of ``categories``; `nil` filters nothing (all categories).
  /// Not a name standing for "all": a catalog may name a category anything, "All" too.
  public private(set) var selectedCategory: String?

  /// Where opening an item goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SearchCoordinating)?

  /// The results; opening one shows its detail. Each applied search starts on the first row.
  @ObservationIgnored public private(set) lazy var list = ItemList(
    rows: { [weak self] in self?.results ?? CatalogItems() },
    showsCatalogStatus: false,
    catalog: catalog,
    favorites: favorites,
    open: { [weak self] item in self?.coordinator?.showDetail(for: item) }
  )

  // The state besides the two inputs above: what shows, and what is on its way. Whether the
  // debounce waits and whether a search waits for the catalog are both read from `pending`.
  /// The last applied search and what it found; `nil` before any.
  private var applied: AppliedSearch?
  /// The one task in flight, if any: the debounce's wait, or a search waiting for the catalog.
  private var pending: PendingSearch?

  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private let catalogRefresh: CatalogRefresh

  /// Creates the screen's model; nothing is searched until the query or category changes
  /// or ``searchNow()`` is called.
  /// - Parameters:
  ///   - catalog: the shared catalog to search.
  ///   - favorites: the shared favorites, for the marks and the favorite toggle.
  ///   - toasts: where a refresh reports how it went.
  ///   - clock: the clock the debounce waits on.
  ///   - tasks: the tracker the debounce and the searches run in.
  public init(
    catalog: CatalogStore,
    favorites: FavoritesStore,
    toasts: any ToastService,
    clock: any Clock<Duration>,
    tasks: TaskTracker
  ) {
    self.catalog = catalog
    self.favorites = favorites
    self.clock = clock
    self.tasks = tasks
    catalogRefresh = CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)
    followCatalog()
  }

  /// What the user can do on the Search tab besides what its ``list`` does.
  public enum Action: Equatable, Sendable {
    /// Edits the search field: a key or a paste (a paste is one edit, so it is debounced once).
    case edit(LineEditor.Edit)
    /// Selects the next category, wrapping from the last to all categories, and searches.
    case selectNextCategory
    /// Selects the previous category, wrapping from all categories to the last, and searches.
    case selectPreviousCategory
    /// Fetches the catalog again, as every list tab does, and searches the current query in it
    /// from the first row, even when that query is already shown.
    case refresh
  }

  /// Does what the user asked of the Search tab.
  public func send(_ action: Action) {
    switch action {
    case .edit(let edit): field.apply(edit)
    case .selectNextCategory: stepCategory(by: 1)
    case .selectPreviousCategory: stepCategory(by: -1)
    case .refresh: refresh()
    }
  }

  /// What the status line says, in the order the situations outrank each other.
  public enum Status: Equatable, Sendable {
    /// The catalog's first load is in flight and has said how far it has come.
    case loadingCatalog(CatalogLoadProgress)
    /// A search waits for the catalog's first load, or an edit waits out the debounce with no
    /// earlier results of a loaded catalog to show meanwhile.
    case searching
    /// The catalog is fetched again (``Action/refresh``); the search runs again on it once it
    /// arrives.
    case refreshing
    /// The query is too short to search (one character after trimming), and no edit waits out
    /// the debounce.
    case queryTooShort
    /// The last search found nothing in the loaded catalog; `countInAllCategories` is how many
    /// the query has in every category when the category filter hid them
    /// (`No results in Frameworks — 4 in All`).
    case noResults(countInAllCategories: Int?)
    /// The catalog's first load failed: nothing to search (``error`` says why).
    case failed(AppError)
    /// The last applied search found `count` items; `isUpdating` while an edit waits out the
    /// debounce, so they are the previous query's.
    case results(count: Int, isUpdating: Bool)
  }

  /// What the status line says.
  public var status: Status {
    if let progress = list.loadProgress { return .loadingCatalog(progress) }
    if catalogRefresh.isRefreshing { return .refreshing }
    // An edit with no earlier results to mark as updating (before any search has been applied
    // to a loaded catalog) searches: "0 results" would be false.
    if isSearching || (isDebouncing && (applied == nil || !catalog.hasLoaded)) { return .searching }
    if isQueryTooShort, !isDebouncing { return .queryTooShort }
    if isEmptyState { return .noResults(countInAllCategories: resultCountInAllCategories) }
    if let error { return .failed(error) }
    return .results(count: results.count, isUpdating: isDebouncing)
  }

  /// What the status line says, in words both views show: every ``status`` but
  /// ``Status/loadingCatalog(_:)``, whose progress each view lays out itself (a line and a bar on
  /// screen, the wait alone read aloud).
  public var statusText: LocalizedText? {
    switch status {
    case .loadingCatalog:
      nil
    case .searching, .refreshing:
      L10n.Search.searching
    case .queryTooShort:
      L10n.Search.tooShort(Self.minimumQueryLength)
    case .noResults(let countInAllCategories?):
      // Another category has matches: the filter, not the query, hides them.
      L10n.Search.noResultsIn(category: categoryName, count: countInAllCategories, all: L10n.Search.allCategories)
    case .noResults(nil):
      L10n.Search.noResults
    case .failed(let error):
      error.text
    case .results(let count, let isUpdating):
      // While the debounce waits, the count is the previous query's: say so.
      isUpdating ? L10n.Search.resultsUpdating(L10n.Search.results(count)) : L10n.Search.results(count)
    }
  }

  /// The name of ``selectedCategory`` as both views show it: all categories in the app's
  /// language, a catalog's category as the catalog writes it.
  public var categoryName: LocalizedText {
    selectedCategory.map(LocalizedText.verbatim) ?? L10n.Search.allCategories
  }

  /// Whether anything is on its way: from the first keystroke, since the debounce is part of
  /// the wait for results, until the search has its results.
  public var isBusy: Bool {
    isSearching || isDebouncing
  }

  // MARK: Derived state

  /// `nil` (all categories), then the catalog's categories sorted; just `nil` until the
  /// catalog has loaded.
  public var categories: [String?] {
    [nil] + catalog.search.categories
  }

  /// The items matching the last applied query and category, in catalog order.
  var results: CatalogItems {
    applied?.results ?? CatalogItems()
  }

  /// The text of the last applied query, the one the results match (what a screen highlights
  /// in them); `nil` before any.
  public var matchedQuery: String? {
    applied?.key.text
  }

  /// When the category filter leaves the applied query no results: how many it has in every
  /// category, if any (`No results in Frameworks — 4 in All`); otherwise `nil`.
  var resultCountInAllCategories: Int? {
    guard let applied, applied.key.category != nil, applied.results.isEmpty else { return nil }
    let count = catalog.search.matchingPositions(applied.key.text).count
    return count > 0 ? count : nil
  }

  /// Whether an edit waits out the debounce: the results shown are the previous query's, so a
  /// screen marks them as stale.
  var isDebouncing: Bool {
    pending.map { $0.key == nil } ?? false
  }

  /// Whether a search waits for the catalog: its first load, or a ``Action/refresh``.
  var isSearching: Bool {
    pending?.key != nil || catalogRefresh.isRefreshing
  }

  /// Why there is nothing to search: the error of the catalog's first load, while none has
  /// succeeded. It stands beside ``status``, which may still say the load or a search is under
  /// way: until a load succeeds, the results give way to how to retry.
  public var error: AppError? {
    catalog.loadError
  }

  /// Whether the last completed search found nothing in the loaded catalog (and no other
  /// search is in flight).
  var isEmptyState: Bool {
    catalog.hasLoaded && applied != nil && results.isEmpty && !isSearching
  }

  /// Whether the query is too short to search (one character after trimming), even while the
  /// debounce waits, when ``status`` still shows the previous query's results.
  var isQueryTooShort: Bool {
    let length = query.trimmingCharacters(in: .whitespacesAndNewlines).count
    return length > 0 && length < Self.minimumQueryLength
  }

  // MARK: Searching

  /// Searches for the current query and category at once, unless the query is too short or
  /// that search already ran or is running, and returns when it has finished.
  public func searchNow() async {
    search()
    await pending?.task.value
  }

  /// Replaces the query with `query` (the cursor at its end) and searches at once, as a
  /// `funapp://search?q=` link asks, in every category: a link cannot name one, so the one `]`
  /// chose before would hide what it asks for. Returns when the search has finished.
  public func search(for query: String) async {
    selectedCategory = nil
    self.query = query
    await searchNow()
  }

  /// A newer search shows its own results while the refresh is in flight, and the refresh still
  /// lands for them and says how it went, as on every tab.
  private func refresh() {
    pending?.task.cancel()
    pending = nil
    if let key = currentKey { apply(key) }
    catalogRefresh.start()
  }

  // MARK: Private

  private var currentKey: SearchKey? {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.isEmpty || trimmed.count >= Self.minimumQueryLength else { return nil }
    return SearchKey(text: trimmed, category: selectedCategory)
  }

  /// Moves the category filter `step` places through ``categories``, wrapping around, and
  /// searches at once; landing on the current category (all there is before the catalog has
  /// loaded) changes nothing.
  private func stepCategory(by step: Int) {
    let position = categories.firstIndex(of: selectedCategory) ?? 0
    let category = categories[ListSelection.wrap(position + step, count: categories.count)]
    guard category != selectedCategory else { return }
    selectedCategory = category
    search()
  }

  /// The debounce: one tracked task that sleeps on the clock and then searches; the next edit
  /// cancels it (or the search waiting for the catalog) and starts another.
  private func scheduleSearch() {
    pending?.task.cancel()
    let clock = clock
    let wait = tasks.start("search debounce") { [weak self] in
      do {
        try await clock.sleep(for: Self.debounceInterval)
      } catch {
        return
      }
      // The wait can end just before the next edit cancels it: that edit wins.
      guard !Task.isCancelled else { return }
      self?.search()
    }
    pending = PendingSearch(key: nil, task: wait)
  }

  /// Runs the search for the current query and category, unless it is too short, already
  /// shown or already waiting for the catalog; it replaces whatever else is in flight.
  private func search() {
    if let debounce = pending, debounce.key == nil {
      debounce.task.cancel()
      pending = nil
    }
    guard let key = currentKey else {
      cancelSearchInFlight()
      if applied != nil {
        applied = nil
        list.resetSelection()
      }
      return
    }
    // Before the catalog has loaded, the applied query found nothing to search: it may run again.
    let shown = catalog.hasLoaded ? applied?.key : nil
    guard key != (pending?.key ?? shown) else { return }
    cancelSearchInFlight()
    if catalog.hasLoaded {
      apply(key)
    } else {
      waitForCatalog(key)
    }
  }

  private func cancelSearchInFlight() {
    pending?.task.cancel()
    pending = nil
  }

  private func waitForCatalog(_ key: SearchKey) {
    let wait = tasks.start("search") { [weak self, catalog] in
      let failure: AppError?
      do throws(AppError) {
        try await catalog.load()
        failure = nil
      } catch {
        failure = error
      }
      // Cancelled: a newer search replaced this one, and its result is stale.
      guard !Task.isCancelled else { return }
      self?.finishWaiting(for: key, failure: failure)
    }
    pending = PendingSearch(key: key, task: wait)
  }

  private func finishWaiting(for key: SearchKey, failure: AppError?) {
    pending = nil
    // Even after a failure: the query asked for stays applied, and its results show as soon
    // as anyone loads the catalog.
    if failure == nil || key != applied?.key {
      apply(key)
    }
  }

  private func apply(_ key: SearchKey) {
    applied = AppliedSearch(key, in: catalog.search)
    list.resetSelection()
  }

  /// Finds the applied search's results again in every catalog the store fetches. Observation
  /// reports a change before it is made, from whichever thread made it: search again
  /// afterwards, on the main actor, in a task of the app's tracker.
  private func followCatalog() {
    let tasks = tasks
    withObservationTracking {
      _ = catalog.search
    } onChange: { [weak self] in
      tasks.start("search follows the catalog") { [weak self] in
        guard let self else { return }
        followCatalog()
        if let key = applied?.key {
          // The selection stays on its item, as it does when any list's rows change.
          applied = AppliedSearch(key, in: catalog.search)
        }
      }
    }
  }
}

/// What a search is for; two keys are equal when their folded queries and categories are.
private struct SearchKey: Equatable {
  let text: String
  let category: String?
  let folded: String

  init(text: String, category: String?) {
    self.text = text
    self.category = category
    folded = CatalogSearch.fold(text)
  }

  static func == (lhs: SearchKey, rhs: SearchKey) -> Bool {
    lhs.folded == rhs.folded && lhs.category == rhs.category
  }
}

/// A search that has been applied, and the items it found in the catalog of the moment: found
/// once, not at every read, since a frame reads them several times (keystroke to frame at a
/// million items).
private struct AppliedSearch {
  let key: SearchKey
  let results: CatalogItems

  init(_ key: SearchKey, in catalog: CatalogSearch) {
    self.key = key
    results = catalog.search(key.text, category: key.category)
  }
}

/// What is in flight: the debounce's wait (`key` is `nil`), or the search for `key` waiting
/// for the catalog.
private struct PendingSearch {
  let key: SearchKey?
  let task: TrackedTask<Void>
}
