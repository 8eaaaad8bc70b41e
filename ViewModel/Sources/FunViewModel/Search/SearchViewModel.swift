import Foundation
import FunModel
import Observation

/// The Search tab: a query field, a category filter and the matching items.
///
/// When searches run:
/// - Editing ``query`` (directly or through ``type(_:)``, ``deleteBackward()``,
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
/// A search asks the catalog provider for the catalog (the app passes the shared
/// ``CatalogStore``'s `load`, so only the first search waits for the network), indexes it
/// once per distinct catalog with ``CatalogSearch`` and filters it. A failure keeps the old
/// results, sets ``error`` and shows an error toast.
@Observable
@MainActor
public final class SearchViewModel: ItemListViewModel {
  /// Where searches get the catalog from.
  public typealias CatalogProvider = @MainActor () async throws(AppError) -> [FeaturedItem]

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
  /// the first search has fetched the catalog.
  public private(set) var categories: [String] = [SearchViewModel.allCategories]

  /// The active category filter, one of ``categories``.
  public private(set) var selectedCategory = SearchViewModel.allCategories

  /// The items of the last completed search, in catalog order.
  public private(set) var results: [FeaturedItem] = []

  /// Whether a search is in flight.
  public private(set) var isSearching = false

  /// The error of the last search if it failed; `nil` after a success.
  public private(set) var error: AppError?

  /// The favorited ids, live from the ``FunModel/FavoritesService``.
  public private(set) var favoriteIDs: Set<String>

  /// Where opening an item goes.
  public weak var coordinator: (any SearchCoordinating)?

  private var selection = ListSelection()

  @ObservationIgnored private let catalog: CatalogProvider
  @ObservationIgnored private let favorites: any FavoritesService
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var index: CatalogSearch?
  @ObservationIgnored private var shownKey: SearchKey?
  @ObservationIgnored private var pendingKey: SearchKey?
  @ObservationIgnored private var searchID = 0
  @ObservationIgnored private var debounceTask: Task<Void, Never>?
  @ObservationIgnored private var searchTask: Task<Void, Never>?
  @ObservationIgnored private var favoritesObservation: Task<Void, Never>?

  /// Creates the screen's model; nothing is searched until the query or category changes
  /// or ``searchNow()`` is called.
  /// - Parameters:
  ///   - catalog: returns the catalog to search: the shared store's `load` (`store.load`), or
  ///     any `() async throws(AppError) -> [FeaturedItem]` function.
  ///   - favorites: the favorites, for the marks and the favorite toggle.
  ///   - toasts: where search failures are reported.
  ///   - clock: the clock the debounce waits on.
  public init(
    catalog: @escaping CatalogProvider,
    favorites: any FavoritesService,
    toasts: any ToastService,
    clock: any Clock<Duration>
  ) {
    self.catalog = catalog
    self.favorites = favorites
    self.toasts = toasts
    self.clock = clock
    favoriteIDs = favorites.favoriteIDs
    favoritesObservation = favorites.changes().observe(self) { model, ids in
      model.favoriteIDs = ids
    }
  }

  deinit {
    debounceTask?.cancel()
    searchTask?.cancel()
    favoritesObservation?.cancel()
  }

  // MARK: Derived state

  /// Whether the last completed search found nothing (and no other search is in flight).
  public var isEmptyState: Bool {
    shownKey != nil && results.isEmpty && !isSearching
  }

  /// Whether the query is too short to search (one character after trimming).
  public var isQueryTooShort: Bool {
    let length = query.trimmingCharacters(in: .whitespacesAndNewlines).count
    return length > 0 && length < Self.minimumQueryLength
  }

  /// The results.
  public var listItems: [FeaturedItem] {
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

  /// Searches again at once, even if the query and category did not change (the catalog may
  /// have), and returns when it has finished.
  public func refresh() async {
    startSearchIfNeeded(force: true)
    await searchTask?.value
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
    favoriteIDs = favorites.favoriteIDs
  }

  /// Whether the item with `id` is a favorite.
  public func isFavorite(_ id: String) -> Bool {
    favoriteIDs.contains(id)
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
    let deadline = ClockDeadline(clock, after: Self.debounceInterval)
    debounceTask = Task { [weak self] in
      do {
        try await deadline.wait()
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      self?.startSearchIfNeeded()
    }
  }

  private func startSearchIfNeeded(force: Bool = false) {
    debounceTask?.cancel()
    debounceTask = nil
    guard let key = currentKey else {
      cancelSearchInFlight()
      return
    }
    guard force || key != (pendingKey ?? shownKey) else { return }
    cancelSearchInFlight()
    searchID += 1
    let id = searchID
    pendingKey = key
    isSearching = true
    let catalog = catalog
    searchTask = Task { [weak self] in
      let result: Result<[FeaturedItem], AppError>
      do throws(AppError) {
        result = .success(try await catalog())
      } catch {
        result = .failure(error)
      }
      self?.finishSearch(id: id, key: key, result: result)
    }
  }

  private func cancelSearchInFlight() {
    searchTask?.cancel()
    searchTask = nil
    pendingKey = nil
    isSearching = false
  }

  private func finishSearch(id: Int, key: SearchKey, result: Result<[FeaturedItem], AppError>) {
    // A newer search started, or this one was cancelled: its result is stale.
    guard id == searchID, pendingKey != nil else { return }
    searchTask = nil
    pendingKey = nil
    isSearching = false
    switch result {
    case .success(let items):
      let index = indexing(items)
      results = index.search(key.text, category: key.category)
      shownKey = key
      error = nil
      selection = ListSelection()
    case .failure(let failure):
      error = failure
      toasts.show(.error(failure.message))
    }
  }

  private func indexing(_ items: [FeaturedItem]) -> CatalogSearch {
    if let index, index.items == items { return index }
    let index = CatalogSearch(items: items)
    self.index = index
    categories = [Self.allCategories] + index.categories.filter { $0 != Self.allCategories }
    return index
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
