/// The size of a terminal or a ``Canvas`` in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns (cells per row).
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a size; negative values count as zero.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// The classic 80x24, the headless default.
  public static let standard = TerminalSize(columns: 80, rows: 24)

  /// Parses "WxH" (as in `--size 100x30`); `nil` unless both are positive integers.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else {
      return nil
    }
    self.init(columns: columns, rows: rows)
  }

  /// "WxH".
  public var description: String {
    "\(columns)x\(rows)"
  }
}
