/// A rectangle of cells on a ``Canvas``: its top-left corner and its size in cells.
public struct Rect: Hashable, Sendable {
  /// The leftmost column.
  public var column: Int
  /// The top row.
  public var row: Int
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Creates a rectangle.
  public init(column: Int, row: Int, width: Int, height: Int) {
    self.column = column
    self.row = row
    self.width = width
    self.height = height
  }

  /// A rectangle covering one whole row of a canvas `width` columns wide.
  public static func row(_ row: Int, width: Int) -> Rect {
    Rect(column: 0, row: row, width: width, height: 1)
  }
}
