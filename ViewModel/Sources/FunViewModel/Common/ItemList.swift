import FunModel
import Observation

/// The selectable list of catalog items that Home, Search, Favorites and My items each show: its
/// rows, the selection, moving through them by row or by page, the favorite and "yours" marks,
/// and opening or favoriting an item.
///
/// Each of the four screens owns one and says only what differs: where its rows come from and
/// where opening an item goes. Everything else is this one behaviour, so the keys, the mouse
/// and the script commands `select` and `open` drive every list the same way: through
/// ``send(_:)``. A favorite changes one way on every screen, the list's included:
/// ``FavoritesStore/toggle(_:)``, which the list's ``Action/toggleFavorite(_:)`` calls and so
/// does the `fav` command (it may name any item, or the one on Detail, which has no list).
///
/// The rows are read from their source every time (the list keeps no copy), so a refresh, a
/// favorite toggled elsewhere or a new search shows at once. The selection follows its item by
/// id when the rows change; when the item is gone it stays at the same position, clamped to
/// the rows, which selects the row that took its place.
@Observable
@MainActor
public final class ItemList {
  /// Where the selection is.
  private var selection = ListSelection() {
    didSet { selectionChanges += 1 }
  }

  /// How many times the selection has been set: Home's card focus lasts while this stays put,
  /// so a selection moved away and back still ends it.
  private(set) var selectionChanges = 0

  @ObservationIgnored private let source: @MainActor () -> CatalogItems
  @ObservationIgnored private let showsCatalogStatus: Bool
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let opener: @MainActor (FeaturedItem) -> Void

  /// A list of the rows `rows` gives, marked as yours by `catalog`, marked and toggled in
  /// `favorites`; opening an item calls `open`, the owner's forward to its own coordinator (the
  /// one closure that leads to navigation, named as such in docs/Architecture.md).
  ///
  /// A list that `showsCatalogStatus` (Home, Favorites, a tab `add-feature` writes) has no rows
  /// while its ``status`` stands in for them: your own items, shown before the catalog's arrive
  /// or after its first load failed, are not its list, so no key, click or command reaches them
  /// unseen. Search (which says its own status) and My items (your own items, whatever the
  /// catalog does) list their rows always.
  init(
    rows: @escaping @MainActor () -> CatalogItems,
    showsCatalogStatus: Bool,
    catalog: CatalogStore,
    favorites: FavoritesStore,
    open: @escaping @MainActor (FeaturedItem) -> Void
  ) {
    source = rows
    self.showsCatalogStatus = showsCatalogStatus
    self.catalog = catalog
    self.favorites = favorites
    opener = open
  }

  /// What the user can do with a list, from a key, a click or a script command.
  public enum Action: Equatable, Sendable {
    /// Selects the row at the index, clamped to the list.
    case select(at: Int)
    /// Moves the selection that many rows down (up when negative), stopping at the first and
    /// the last row.
    case move(by: Int)
    /// Favorites the item, or un-favorites it if it is a favorite.
    case toggleFavorite(FeaturedItem)
    /// Toggles the favorite of the selected item; nothing when the list is empty.
    case toggleFavoriteOfSelected
    /// Opens the item, wherever the screen that owns the list sends it.
    case open(FeaturedItem)
    /// Opens the selected item; nothing when the list is empty.
    case openSelected
  }

  /// Does what the user asked of the list.
  public func send(_ action: Action) {
    switch action {
    case .select(let index): select(at: index)
    case .move(let count): select(at: selectedIndex + count)
    case .toggleFavorite(let item): favorites.toggle(item.id)
    case .toggleFavoriteOfSelected:
      if let item = selectedItem { favorites.toggle(item.id) }
    case .open(let item): opener(item)
    case .openSelected:
      if let item = selectedItem { opener(item) }
    }
  }

  /// The rows, in display order: none while the ``status`` stands in for them on a list that
  /// shows it.
  public var rows: CatalogItems {
    showsCatalogStatus && status.standsInForRows ? CatalogItems() : source()
  }

  /// Where the catalog under the list stands, and whether it left the list any rows
  /// (``CatalogListStatus/empty`` when it has none): what a screen shows instead of rows, and
  /// what the screen reader says about the list's load, the same for every list tab.
  public var status: CatalogListStatus {
    CatalogListStatus(catalog: catalog, isEmpty: source().isEmpty)
  }

  /// How the catalog's last fetch went, in the words of a refresh's toast: why it failed, that
  /// a saved copy stands in, or that it refreshed. It tells how a refresh ended even when the
  /// refresh's own toast never showed: the toast queue drops a toast equal to the one showing,
  /// so a refresh that fails again while its first failure still shows adds no toast.
  public var refreshOutcome: ToastEvent {
    catalog.refreshOutcome
  }

  /// How far the catalog's first load has come, while it is in flight and has said: what a
  /// tab shows under the wait (``CatalogListStatus/loading(lastError:)``).
  public var loadProgress: CatalogLoadProgress? {
    catalog.hasLoaded ? nil : catalog.progress
  }

  // MARK: Selection

  /// The selected position in ``rows``: always one of their indices, as it is found in the
  /// rows of the moment (a view needs no clamp); 0 when the list is empty.
  public var selectedIndex: Int {
    selection.index(in: rows)
  }

  /// The item at ``selectedIndex``; `nil` when the list is empty.
  public var selectedItem: FeaturedItem? {
    let rows = rows
    let index = selection.index(in: rows)
    return rows.indices.contains(index) ? rows[index] : nil
  }

  private func select(at index: Int) {
    selection.select(at: index, in: rows)
  }

  /// Selects the row showing the item with `id`; returns `false` (and changes nothing) if no
  /// row shows it.
  @discardableResult
  public func select(id: String) -> Bool {
    guard let index = rows.firstIndex(where: { $0.id == id }) else { return false }
    select(at: index)
    return true
  }

  /// Goes back to the first row, following no item yet: new rows (a new search) start from
  /// the top.
  func resetSelection() {
    selection = ListSelection()
  }

  // MARK: Favorites and opening

  /// Whether the item with `id` is a favorite, live from the shared ``FavoritesStore``.
  public func isFavorite(_ id: String) -> Bool {
    favorites.contains(id)
  }

  /// Whether the selected item is a favorite, so `f` on it unfavorites: what the hints name
  /// `f` for (``favoriteHint``). `false` with no selection.
  var isSelectedFavorite: Bool {
    selectedItem.map { isFavorite($0.id) } ?? false
  }

  /// What the hints call `f` on the item with `id` (a card's, which no row selects).
  public func favoriteHint(for id: String) -> LocalizedText {
    FavoritesStore.hint(isFavorite: isFavorite(id))
  }

  /// What the hints call `f` on the selected item: "f unfavorite" on a favorite.
  public var favoriteHint: LocalizedText {
    FavoritesStore.hint(isFavorite: isSelectedFavorite)
  }

  /// Whether the favorites have been read, so ``isFavorite(_:)`` says what is saved: before
  /// that no item is one, and a mark that then appears is what was read, not a change made now.
  public var hasLoadedFavorites: Bool {
    favorites.hasLoaded
  }

  /// Whether the item with `id` is one of your own, live from the shared ``CatalogStore``.
  public func isOwn(_ id: String) -> Bool {
    catalog.isOwn(id)
  }

  /// What a row says in place of its subtitle when the loaded catalog lacks its item: a saved
  /// favorite from another catalog, or removed from this one, which Favorites lists by its id
  /// after its items; `nil` for every item the catalog has. Derived here, in words, so the
  /// screen and the reader say the same.
  public func missingNote(for item: FeaturedItem) -> LocalizedText? {
    isMissing(item) ? L10n.Favorites.notInCatalog : nil
  }

  /// Whether the loaded catalog lacks the item: a row ``missingNote(for:)`` explains, and one
  /// with no detail to open.
  func isMissing(_ item: FeaturedItem) -> Bool {
    catalog.lacks(item.id)
  }
}
