/// A rectangle of cells on a ``Canvas``: its top-left corner and its size in cells.
public struct Rect: Hashable, Sendable {
  /// The leftmost column.
  var column: Int
  /// The top row.
  var row: Int
  /// The number of columns.
  var width: Int
  /// The number of rows.
  var height: Int

  /// A rectangle covering one whole row of a canvas `width` columns wide.
  static func row(_ row: Int, width: Int) -> Rect {
    Rect(column: 0, row: row, width: width, height: 1)
  }
}
