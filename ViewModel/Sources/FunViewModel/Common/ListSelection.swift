import FunModel

/// The selected row of a list of items whose contents can change under it.
///
/// The selection follows its item by id when the list changes (a refresh reorders it, a
/// favorite is added above it); when the item is gone it stays at the same position, clamped
/// to the list, which selects the row that took its place. An empty list has index 0 and no
/// selected item.
struct ListSelection: Hashable, Sendable {
  private var index = 0
  private var id: String?

  /// The selected position in `items`.
  func index(in items: CatalogItems) -> Int {
    guard !items.isEmpty else { return 0 }
    if let id {
      if index < items.count, items[index].id == id { return index }
      if let found = items.firstIndex(where: { $0.id == id }) { return found }
    }
    return min(index, items.count - 1)
  }

  /// Selects the row at `index` of `items`, clamped to the list.
  mutating func select(at index: Int, in items: CatalogItems) {
    guard !items.isEmpty else {
      self = ListSelection()
      return
    }
    let clamped = Self.clamp(index, count: items.count)
    self.index = clamped
    id = items[clamped].id
  }
}

extension ListSelection {
  /// `index` kept within a list of `count` rows: below the first selects the first, past the
  /// last the last. Shared with the lists that keep a plain index (settings' fixed rows, the
  /// activity switcher) and with sign-in, whose selection follows its row and falls back to
  /// the position among the profiles when that row's profile goes.
  static func clamp(_ index: Int, count: Int) -> Int {
    min(max(index, 0), max(count - 1, 0))
  }

  /// `index` wrapped around a cycle of `count` (at least one) places: past the last is the
  /// first, before the first the last, as Tab cycles fields and `]` categories.
  static func wrap(_ index: Int, count: Int) -> Int {
    (index % count + count) % count
  }
}
