import FunModel

/// A screen whose body is a selectable list of catalog items: Home, Search and Favorites.
///
/// Conforming ViewModels provide the rows, the selected position and what opening or
/// favoriting an item does; the extension gives every list the same keyboard behaviour
/// (move up and down, clamped at the ends; select by position or id; act on the selection),
/// so the frontend and script commands (`select`, `open`, `fav`) drive all three the same way.
@MainActor
public protocol ItemListViewModel: AnyObject {
  /// The rows, in display order.
  var listItems: CatalogItems { get }

  /// The selected position in ``listItems``; 0 when the list is empty.
  var selectedIndex: Int { get }

  /// Selects the row at `index`, clamped to the list.
  func select(at index: Int)

  /// Opens the item's detail through the screen's coordinator.
  func open(_ item: FeaturedItem)

  /// Favorites the item, or un-favorites it if it is a favorite.
  func toggleFavorite(_ item: FeaturedItem)

  /// Whether the item with `id` is a favorite (live).
  func isFavorite(_ id: String) -> Bool
}

extension ItemListViewModel {
  /// The item at ``selectedIndex``; `nil` when the list is empty.
  public var selectedItem: FeaturedItem? {
    let items = listItems
    let index = selectedIndex
    return items.indices.contains(index) ? items[index] : nil
  }

  /// Selects the row showing the item with `id`; returns `false` (and changes nothing) if no
  /// row shows it.
  @discardableResult
  public func select(id: String) -> Bool {
    guard let index = listItems.firstIndex(where: { $0.id == id }) else { return false }
    select(at: index)
    return true
  }

  /// Moves the selection one row up; stays on the first row.
  public func moveSelectionUp() {
    select(at: selectedIndex - 1)
  }

  /// Moves the selection one row down; stays on the last row.
  public func moveSelectionDown() {
    select(at: selectedIndex + 1)
  }

  /// Opens the selected item; does nothing when the list is empty.
  public func openSelected() {
    if let item = selectedItem { open(item) }
  }

  /// Toggles the favorite of the selected item; does nothing when the list is empty.
  public func toggleFavoriteOfSelected() {
    if let item = selectedItem { toggleFavorite(item) }
  }
}
