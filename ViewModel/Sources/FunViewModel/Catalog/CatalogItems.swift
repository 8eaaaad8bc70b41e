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
  private let items: [FeaturedItem]
  /// The positions in ``items`` of the rows, in order; `nil` when every item is a row.
  private let positions: [Int]?

  /// No rows.
  init() {
    self.init([])
  }

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

  /// The first row's position: 0.
  public var startIndex: Int { 0 }

  /// One past the last row's position: the number of rows.
  public var endIndex: Int { positions?.count ?? items.count }

  /// The item the row at `position` shows.
  public subscript(position: Int) -> FeaturedItem {
    guard let positions else { return items[position] }
    return items[positions[position]]
  }
}
