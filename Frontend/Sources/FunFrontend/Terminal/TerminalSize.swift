/// The size of a terminal or a ``Canvas`` in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns (cells per row).
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// The most columns, and the most rows, a size has: a frame is drawn cell by cell, and a
  /// terminal that reports more (a pseudo-terminal set to 65535x65535, `COLUMNS` of 2^63 - 1)
  /// would ask for more cells than memory holds, or a frame that takes seconds.
  static let largestSide = 1000

  /// Creates a size; negative values count as zero, and values past 1000 as 1000.
  public init(columns: Int, rows: Int) {
    self.columns = min(max(0, columns), Self.largestSide)
    self.rows = min(max(0, rows), Self.largestSide)
  }

  /// The classic 80x24, the headless default.
  public static let standard = TerminalSize(columns: 80, rows: 24)

  /// Parses "WxH" (as in `--size 100x30`); `nil` unless both are integers from 1 to 1000.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    let sides = 1...Self.largestSide
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), sides.contains(columns),
      sides.contains(rows)
    else {
      return nil
    }
    self.init(columns: columns, rows: rows)
  }

  /// "WxH".
  public var description: String {
    "\(columns)x\(rows)"
  }
}
