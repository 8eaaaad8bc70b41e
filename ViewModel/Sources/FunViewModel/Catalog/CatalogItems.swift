import FunModel

/// The rows of a list screen: a catalog's items, or some of them in catalog order, without a
/// copy of any item.
///
/// A search that matches a million items returns a million positions, not a million copied
/// ``/FunModel/FeaturedItem``s: copying them touches every item's strings, which costs three
/// times what finding them does once the catalog no longer fits the processor's caches. A
/// screen reads only the rows it draws.
///
/// A value type over immutable arrays: safe to use from any thread.
public struct CatalogItems: RandomAccessCollection, Sendable {
  /// The array the rows come from.
  private let items: [FeaturedItem]
  /// The positions in ``items`` of the rows, in order; `nil` when every item is a row.
  private let positions: [Int]?

  /// No rows.
  init() {
    self.init([])
  }

  /// Every item of `items`, in order.
  init(_ items: [FeaturedItem]) {
    self.items = items
    positions = nil
  }

  /// The items of `items` at `positions`, in that order.
  /// - Precondition: every position is an index of `items`.
  init(_ items: [FeaturedItem], positions: [Int]) {
    self.items = items
    self.positions = positions
  }

  public var startIndex: Int { 0 }

  public var endIndex: Int { positions?.count ?? items.count }

  public subscript(position: Int) -> FeaturedItem {
    guard let positions else { return items[position] }
    return items[positions[position]]
  }
}
