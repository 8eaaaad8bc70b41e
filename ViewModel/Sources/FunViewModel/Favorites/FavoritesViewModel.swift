import FunCore
import FunModel
import Observation

/// The Favorites tab: the favorites of the loaded catalog, live, in catalog order.
///
/// The list's rows are the shared ``FavoritesStore``'s favorites, so they follow a refresh, and
/// a favorite toggled on any other screen, in the same frame. Saved ids the catalog lacks are
/// counted apart (in ``favoritesSummary``), by the store's one rule, and listed after the favorites,
/// each by its id (``ItemList/missingNote(for:)`` says why it has nothing more), so they can
/// be removed as any row is; opening one says in a toast that it is not in this catalog, as
/// there is no item to show. Un-favoriting an item
/// (``Action/removeSelected``, or the list's favorite key) removes its row; the selection then moves
/// to the row that took its place.
///
/// A removal is one key press, so it can be taken back: ``Action/removeSelected`` un-favorites
/// the item through the ``FavoritesStore``, which says in a toast how to undo it, as it does for a
/// removal on any screen, and ``Action/undoRemoval`` has the store favorite the most recent
/// removal again (its row comes back where it was, catalog order, and is selected here). The
/// app's `u` sends it from every screen, so wherever the undo is pressed, the row it brings
/// back is the one selected here.
@Observable
@MainActor
public final class FavoritesViewModel {
  /// Where opening an item goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any FavoritesCoordinating)?

  /// The favorites, in catalog order, then the saved ids the catalog lacks; opening a favorite
  /// shows its detail.
  @ObservationIgnored public private(set) lazy var list = ItemList(
    rows: { [favorites] in favorites.rows },
    showsCatalogStatus: true,
    catalog: catalog,
    favorites: favorites,
    open: { [weak self] item in self?.open(item) }
  )

  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let catalogRefresh: CatalogRefresh
  @ObservationIgnored private let toasts: any ToastService

  /// The Favorites tab over the shared stores; refreshes report to `toasts` and run in tasks
  /// of `tasks`.
  public init(catalog: CatalogStore, favorites: FavoritesStore, toasts: any ToastService, tasks: TaskTracker) {
    self.catalog = catalog
    self.favorites = favorites
    self.toasts = toasts
    catalogRefresh = CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)
  }

  /// What the user can do on the Favorites tab besides what its ``list`` does.
  public enum Action: Equatable, Sendable {
    /// Fetches the catalog again, as every list tab does; after a failed load, the retry.
    case refresh
    /// Un-favorites the selected item and says, in a toast, how to undo it; nothing when the
    /// list is empty.
    case removeSelected
    /// Favorites the most recently removed item again (on any screen) and selects it; a toast
    /// says so when there is nothing to undo.
    case undoRemoval
  }

  /// Does what the user asked of the Favorites tab.
  public func send(_ action: Action) {
    switch action {
    case .refresh: catalogRefresh.start()
    case .removeSelected: removeSelected()
    case .undoRemoval: undoRemoval()
    }
  }

  /// Whether the first load or a refresh is in flight.
  public var isBusy: Bool {
    catalogRefresh.isLoadingOrRefreshing
  }

  /// Whether ``Action/undoRemoval`` would bring an item back: the store's
  /// ``FavoritesStore/canUndoRemoval``.
  var canUndoRemoval: Bool {
    favorites.canUndoRemoval
  }

  /// How many favorites the tab lists, with how many saved ones the loaded catalog lacks when it
  /// lacks any; `nil` until the catalog has loaded. Profile says the same, under the same name.
  public var favoritesSummary: LocalizedText? {
    favorites.summary
  }

  /// Shows the item's detail; a saved id the catalog lacks has none, so a toast says it is not
  /// in this catalog and how to remove it, rather than a detail with nothing in it.
  private func open(_ item: FeaturedItem) {
    guard !list.isMissing(item) else {
      toasts.show(.info(L10n.Favorites.openedMissing(item.id)))
      return
    }
    coordinator?.showDetail(for: item)
  }

  /// The same change as `f` on the row: what shows is a favorite, so it goes, and the store
  /// offers the undo.
  private func removeSelected() {
    guard let item = list.selectedItem else { return }
    favorites.toggle(item.id)
  }

  private func undoRemoval() {
    if let id = favorites.undoRemoval() {
      list.select(id: id)
    }
  }
}
