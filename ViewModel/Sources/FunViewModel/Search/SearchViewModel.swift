import Foundation
import FunCore
import FunModel
import Observation

/// The Search tab: a query field, a category filter and the matching items.
///
/// When searches run:
/// - Editing ``query`` (directly or through `type(_:)`, ``deleteBackward()``,
///   ``clearQuery()``) starts a ``debounceInterval`` wait on the injected clock; each edit
///   restarts it, and the search runs when it ends.
/// - Changing the category (``selectCategory(_:)``, ``selectNextCategory()``,
///   ``selectPreviousCategory()``) searches at once: it is one deliberate key press, not
///   typing, so there is nothing to wait for. It also ends a pending debounce, since the
///   search uses the current query anyway.
/// - ``searchNow()`` searches at once (the coordinator calls it when the screen first shows
///   and after a `funapp://search?q=` link); ``refresh()`` searches again even when nothing
///   changed.
///
/// A search runs only when the trimmed query is empty (everything, filtered by category) or
/// has at least ``minimumQueryLength`` characters; a shorter query leaves the results as they
/// were and ends any search in flight. It never runs twice in a row for the same query and
/// category (queries compare folded, so `Swift` and `swift` are the same). A newer search
/// cancels the one in flight, and if the older one's result still arrives it is dropped.
/// ``isSearching`` is true exactly while a search is in flight (not while the debounce waits).
///
/// A search needs the catalog: the first one waits for the shared ``CatalogStore`` to load
/// (``isSearching`` meanwhile); once it has, a search is applied at once. The results are
/// derived from the store's items and the last applied query, and the error from the store's
/// load error, so a catalog that recovers anywhere (a refresh on Home) shows here at once.
/// A failure shows an error toast; the failed query stays the applied one, so its results
/// show as soon as the catalog loads, and until then the same query may search again.
@Observable
@MainActor
public final class SearchViewModel: ItemListViewModel {
  /// How long after the last keystroke the search runs.
  public static let debounceInterval: Duration = .milliseconds(400)

  /// The fewest characters a non-empty trimmed query needs before it is searched.
  public static let minimumQueryLength = 2

  /// The category entry that means "no filter"; always first in ``categories``.
  public static let allCategories = "All"

  /// The text in the search field; every change restarts the debounce.
  public var query = "" {
    didSet {
      if query != oldValue { scheduleSearch() }
    }
  }

  /// ``allCategories``, then the catalog's categories sorted; just ``allCategories`` until
  /// the catalog has loaded.
  public var categories: [String] {
    [Self.allCategories] + catalog.search.categories.filter { $0 != Self.allCategories }
  }

  /// The active category filter, one of ``categories``.
  public private(set) var selectedCategory = SearchViewModel.allCategories

  /// The items matching the last applied query and category, in catalog order.
  public var results: CatalogItems {
    guard let key = shownKey else { return CatalogItems() }
    let search = catalog.search
    // A frame reads the results several times; they change only with the key or the catalog
    // (comparing arrays that share storage costs nothing).
    if let memo = resultsMemo, memo.key == key, memo.items == search.items {
      return memo.results
    }
    let results = search.search(key.text, category: key.category)
    resultsMemo = (key, search.items, results)
    return results
  }

  /// The text of the last applied query, the one ``results`` match (what a screen highlights
  /// in them); `nil` before any.
  public var matchedQuery: String? {
    shownKey?.text
  }

  /// When the category filter leaves the applied query no results: how many it has in every
  /// category, if any (`No results in Frameworks — 4 in All`); otherwise `nil`.
  public var resultCountInAllCategories: Int? {
    guard let key = shownKey, key.category != nil, results.isEmpty else { return nil }
    let count = catalog.search.matchingPositions(key.text).count
    return count > 0 ? count : nil
  }

  /// Whether an edit waits out the debounce: the results shown are the previous query's, so a
  /// screen marks them as stale.
  public private(set) var isDebouncing = false

  /// Whether a search waits for the catalog.
  public var isSearching: Bool {
    pendingKey != nil
  }

  /// Why there is nothing to search: the catalog's ``CatalogStore/loadError``.
  public var error: AppError? {
    catalog.loadError
  }

  /// Where opening an item goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SearchCoordinating)?

  private var selection = ListSelection()
  private var shownKey: SearchKey?
  /// The last ``results`` and what they were derived from.
  @ObservationIgnored private var resultsMemo: (key: SearchKey, items: [FeaturedItem], results: CatalogItems)?
  private var pendingKey: SearchKey?

  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private var searchID = 0
  @ObservationIgnored private var debounceTask: TrackedTask<Void>?
  @ObservationIgnored private var searchTask: TrackedTask<Void>?

  /// Creates the screen's model; nothing is searched until the query or category changes
  /// or ``searchNow()`` is called.
  /// - Parameters:
  ///   - catalog: the shared catalog to search.
  ///   - favorites: the shared favorites, for the marks and the favorite toggle.
  ///   - toasts: where search failures are reported.
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
    self.toasts = toasts
    self.clock = clock
    self.tasks = tasks
  }

  deinit {
    debounceTask?.cancel()
    searchTask?.cancel()
  }

  // MARK: Derived state

  /// Whether the last completed search found nothing in the loaded catalog (and no other
  /// search is in flight).
  public var isEmptyState: Bool {
    catalog.hasLoaded && shownKey != nil && results.isEmpty && !isSearching
  }

  /// Whether the query is too short to search (one character after trimming).
  public var isQueryTooShort: Bool {
    let length = query.trimmingCharacters(in: .whitespacesAndNewlines).count
    return length > 0 && length < Self.minimumQueryLength
  }

  /// The results.
  public var listItems: CatalogItems {
    results
  }

  /// The selected row of ``results``; the first row after each completed search.
  public var selectedIndex: Int {
    selection.index(in: results)
  }

  // MARK: Query editing

  /// Replaces the query (same as setting ``query``).
  public func setQuery(_ text: String) {
    query = text
  }

  /// Appends one typed character to the query.
  public func type(_ character: Character) {
    query.append(character)
  }

  /// Appends pasted text to the query in one change, so it is debounced once.
  public func type(_ text: String) {
    query.append(text)
  }

  /// Deletes the query's last character, if any.
  public func deleteBackward() {
    if !query.isEmpty { query.removeLast() }
  }

  /// Empties the query.
  public func clearQuery() {
    query = ""
  }

  // MARK: Category

  /// Filters by `category` (one of ``categories``) and searches at once; unknown names and
  /// the current category change nothing.
  public func selectCategory(_ category: String) {
    guard category != selectedCategory, categories.contains(category) else { return }
    selectedCategory = category
    startSearchIfNeeded()
  }

  /// Selects the next category, wrapping from the last to ``allCategories``.
  public func selectNextCategory() {
    stepCategory(by: 1)
  }

  /// Selects the previous category, wrapping from ``allCategories`` to the last.
  public func selectPreviousCategory() {
    stepCategory(by: -1)
  }

  // MARK: Searching

  /// Searches for the current query and category at once, unless the query is too short or
  /// that search already ran or is running, and returns when it has finished.
  public func searchNow() async {
    startSearchIfNeeded()
    await searchTask?.value
  }

  /// Fetches the catalog again and searches it, in a task of its own.
  public func refresh() {
    startSearchIfNeeded(reloadingCatalog: true)
  }

  // MARK: Items

  /// Selects the row at `index`, clamped to the results.
  public func select(at index: Int) {
    selection.select(at: index, in: results)
  }

  /// Shows the item's detail.
  public func open(_ item: FeaturedItem) {
    coordinator?.showDetail(for: item)
  }

  /// Toggles the item's favorite.
  public func toggleFavorite(_ item: FeaturedItem) {
    favorites.toggle(item.id)
  }

  /// Whether the item with `id` is a favorite.
  public func isFavorite(_ id: String) -> Bool {
    favorites.contains(id)
  }

  // MARK: Private

  private var currentKey: SearchKey? {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.isEmpty || trimmed.count >= Self.minimumQueryLength else { return nil }
    return SearchKey(
      text: trimmed,
      category: selectedCategory == Self.allCategories ? nil : selectedCategory
    )
  }

  private func stepCategory(by step: Int) {
    let position = categories.firstIndex(of: selectedCategory) ?? 0
    let count = categories.count
    selectCategory(categories[((position + step) % count + count) % count])
  }

  private func scheduleSearch() {
    debounceTask?.cancel()
    if !isDebouncing { isDebouncing = true }
    let deadline = ClockDeadline(clock, after: Self.debounceInterval)
    debounceTask = tasks.start("search debounce") { [weak self] in
      do {
        try await deadline.wait()
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      self?.startSearchIfNeeded()
    }
  }

  private func startSearchIfNeeded(reloadingCatalog: Bool = false) {
    debounceTask?.cancel()
    debounceTask = nil
    if isDebouncing { isDebouncing = false }
    guard let key = currentKey else {
      cancelSearchInFlight()
      return
    }
    // Before the catalog has loaded, the applied query found nothing to search: it may run again.
    let appliedKey = catalog.hasLoaded ? shownKey : nil
    guard reloadingCatalog || key != (pendingKey ?? appliedKey) else { return }
    cancelSearchInFlight()
    if catalog.hasLoaded && !reloadingCatalog {
      show(key)
      return
    }
    searchID += 1
    let id = searchID
    pendingKey = key
    searchTask = tasks.start("search") { [weak self, catalog] in
      let failure: AppError?
      do throws(AppError) {
        if reloadingCatalog {
          try await catalog.reload()
        } else {
          try await catalog.load()
        }
        failure = nil
      } catch {
        failure = error
      }
      self?.finishSearch(id: id, key: key, failure: failure)
    }
  }

  private func cancelSearchInFlight() {
    searchTask?.cancel()
    searchTask = nil
    pendingKey = nil
  }

  private func finishSearch(id: Int, key: SearchKey, failure: AppError?) {
    // A newer search started, or this one was cancelled: its result is stale.
    guard id == searchID, pendingKey != nil else { return }
    searchTask = nil
    pendingKey = nil
    if let failure {
      toasts.show(.error(failure.text))
      // Still the query asked for: its results derive from the catalog once anyone loads it.
      if key != shownKey { show(key) }
    } else {
      show(key)
    }
  }

  private func show(_ key: SearchKey) {
    shownKey = key
    selection = ListSelection()
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
