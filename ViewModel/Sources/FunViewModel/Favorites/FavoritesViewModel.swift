import FunCore
import FunModel
import Observation

/// The Favorites tab: the favorites of the loaded catalog, live, in catalog order.
///
/// The list is the shared ``FavoritesStore``'s ``FavoritesStore/items``, so it follows a
/// refresh, and a favorite toggled on any other screen, in the same frame. Saved ids the
/// catalog lacks are not listed but counted (``missingCount``), by the store's one rule.
/// Un-favoriting an item (``remove(_:)``, or ``toggleFavorite(_:)`` as the list's favorite key
/// does) removes its row; the selection then moves to the row that took its place.
@Observable
@MainActor
public final class FavoritesViewModel: ItemListViewModel {
  /// The catalog the favorites are looked up in.
  public let catalog: CatalogStore

  /// Where opening an item goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any FavoritesCoordinating)?

  private var selection = ListSelection()

  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let tasks: TaskTracker

  /// Creates the screen's model.
  public init(catalog: CatalogStore, favorites: FavoritesStore, toasts: any ToastService, tasks: TaskTracker) {
    self.catalog = catalog
    self.favorites = favorites
    self.toasts = toasts
    self.tasks = tasks
  }

  /// The favorites the catalog has, in catalog order.
  public var favoriteItems: CatalogItems {
    favorites.items
  }

  /// How many saved favorites the loaded catalog does not have.
  public var missingCount: Int {
    favorites.missingCount
  }

  /// Whether the catalog's first load is in flight.
  public var isLoading: Bool {
    catalog.isLoadingFirstTime
  }

  /// Why nothing can be listed: the catalog's ``CatalogStore/loadError``.
  public var loadError: AppError? {
    catalog.loadError
  }

  /// Fetches the catalog again, in a task of its own (after a failed load: `r` retries). A
  /// failure shows: in place of the list while nothing has loaded (``loadError``), else as an
  /// error toast over the favorites kept from the last load.
  public func reload() {
    tasks.start("favorites reload") { [catalog, toasts] in
      do throws(AppError) {
        try await catalog.reload()
      } catch {
        if catalog.hasLoaded { toasts.show(.error(error.text)) }
      }
    }
  }

  /// Whether the catalog has loaded and no favorite of it is saved.
  public var isEmptyState: Bool {
    catalog.hasLoaded && favoriteItems.isEmpty
  }

  /// The favorites (the list's rows).
  public var listItems: CatalogItems {
    favoriteItems
  }

  /// The selected row of ``favoriteItems``.
  public var selectedIndex: Int {
    selection.index(in: favoriteItems)
  }

  /// Selects the row at `index`, clamped.
  public func select(at index: Int) {
    selection.select(at: index, in: favoriteItems)
  }

  /// Shows the item's detail.
  public func open(_ item: FeaturedItem) {
    coordinator?.showDetail(for: item)
  }

  /// Un-favorites the item; its row disappears.
  public func remove(_ item: FeaturedItem) {
    favorites.remove(item.id)
  }

  /// Un-favorites the selected item; does nothing when the list is empty.
  public func removeSelected() {
    if let item = selectedItem { remove(item) }
  }

  /// On this screen every item is a favorite, so toggling removes it.
  public func toggleFavorite(_ item: FeaturedItem) {
    remove(item)
  }

  /// Whether the item with `id` is a favorite.
  public func isFavorite(_ id: String) -> Bool {
    favorites.contains(id)
  }
}
