/// A cell position on a ``Canvas``: a 0-based column from the left and row from the top.
public struct Point: Hashable, Sendable {
  /// The column, 0 at the left edge.
  var column: Int
  /// The row, 0 at the top edge.
  var row: Int

  /// Creates a position.
  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }
}
