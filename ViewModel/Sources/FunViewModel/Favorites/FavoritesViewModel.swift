import FunModel
import Observation

/// The Favorites tab: the favorited items of the catalog, live, in catalog order.
///
/// The list is the shared ``CatalogStore``'s items whose ids the ``FunModel/FavoritesService``
/// holds, so it follows both a refresh and a favorite toggled on any other screen. Ids that
/// are not in the catalog are not listed. Un-favoriting an item (``remove(_:)``, or
/// ``toggleFavorite(_:)`` as the list's favorite key does) removes its row; the selection then
/// moves to the row that took its place.
@Observable
@MainActor
public final class FavoritesViewModel: ItemListViewModel {
  /// The catalog the favorites are looked up in.
  public let catalog: CatalogStore

  /// Where opening an item goes.
  public weak var coordinator: (any FavoritesCoordinating)?

  /// The favorited ids, live.
  public private(set) var favoriteIDs: Set<String>

  private var selection = ListSelection()

  @ObservationIgnored private let favorites: any FavoritesService
  @ObservationIgnored private var favoritesObservation: Task<Void, Never>?

  /// Creates the screen's model.
  public init(catalog: CatalogStore, favorites: any FavoritesService) {
    self.catalog = catalog
    self.favorites = favorites
    favoriteIDs = favorites.favoriteIDs
    favoritesObservation = favorites.changes().observe(self) { model, ids in
      model.favoriteIDs = ids
    }
  }

  deinit {
    favoritesObservation?.cancel()
  }

  /// The favorited items, in catalog order.
  public var favoriteItems: [FeaturedItem] {
    let ids = favoriteIDs
    return catalog.items.filter { ids.contains($0.id) }
  }

  /// Whether the catalog's first load is in flight.
  public var isLoading: Bool {
    catalog.isLoading && !catalog.hasLoaded
  }

  /// Why the favorites cannot be listed: the catalog has never loaded and its last load
  /// failed. `nil` once any load has succeeded.
  public var loadError: AppError? {
    catalog.hasLoaded ? nil : catalog.lastError
  }

  /// Loads the catalog again (the screen's refresh); a failure stays in ``loadError``.
  public func reload() async {
    _ = try? await catalog.reload()
  }

  /// Whether there is nothing to list: the catalog has loaded and no item of it is a
  /// favorite.
  public var isEmptyState: Bool {
    catalog.hasLoaded && favoriteItems.isEmpty
  }

  /// The favorited items.
  public var listItems: [FeaturedItem] {
    favoriteItems
  }

  /// The selected row.
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

  /// Un-favorites the item, which removes its row.
  public func remove(_ item: FeaturedItem) {
    favorites.remove(item.id)
    favoriteIDs = favorites.favoriteIDs
  }

  /// Un-favorites the selected item; does nothing when the list is empty.
  public func removeSelected() {
    if let item = selectedItem { remove(item) }
  }

  /// Every listed item is a favorite, so toggling one removes it (see ``remove(_:)``).
  public func toggleFavorite(_ item: FeaturedItem) {
    remove(item)
  }

  /// Whether the item with `id` is a favorite.
  public func isFavorite(_ id: String) -> Bool {
    favoriteIDs.contains(id)
  }
}
