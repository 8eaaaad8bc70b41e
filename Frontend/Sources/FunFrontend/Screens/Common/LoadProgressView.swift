import FunModel

/// How far a large catalog's load has come, the same on Home and Search: a line of text
/// (`Reading: 45% of 267 MB`, then `Decoding: 300,000 of 1,000,000 items`) and, where there is
/// room, a bar of the share done.
enum LoadProgressView {
  /// The widest the bar is drawn, so it reads as a gauge rather than a rule.
  static let maximumBarWidth = 40

  /// The line of text for `progress`, in the language of `strings`.
  static func text(_ progress: CatalogLoadProgress, strings: Localizer) -> String {
    strings(progress.text)
  }

  /// The share done, from 0 to 1; `nil` while the size is unknown.
  static func fraction(_ progress: CatalogLoadProgress) -> Double? {
    switch progress {
    case .reading(let bytesRead, let totalBytes?) where totalBytes > 0:
      Double(min(bytesRead, totalBytes)) / Double(totalBytes)
    case .reading:
      nil
    case .decoding(let itemsDecoded, let totalItems):
      totalItems > 0 ? Double(min(itemsDecoded, totalItems)) / Double(totalItems) : 1
    }
  }

  /// Draws the text on `row` and the bar on the row below, within `width` columns; returns the
  /// rows it took.
  @discardableResult
  static func render(
    _ progress: CatalogLoadProgress, into canvas: inout Canvas, column: Int, row: Int, width: Int, rows: Int,
    strings: Localizer, theme: Theme
  ) -> Int {
    guard rows > 0, width > 0 else { return 0 }
    canvas.put(
      text: DisplayWidth.truncate(text(progress, strings: strings), to: width), at: Point(column: column, row: row),
      style: theme.dim)
    guard rows > 1, let fraction = fraction(progress) else { return 1 }
    renderBar(fraction, into: &canvas, column: column, row: row + 1, width: width, theme: theme)
    return 2
  }

  /// Draws the bar of the share `fraction` done on `row`, within `width` columns.
  static func renderBar(_ fraction: Double, into canvas: inout Canvas, column: Int, row: Int, width: Int, theme: Theme)
  {
    let barWidth = min(width, maximumBarWidth)
    let done = Int((fraction * Double(barWidth)).rounded(.down))
    canvas.put(text: String(repeating: "█", count: done), at: Point(column: column, row: row), style: theme.decoration)
    canvas.put(
      text: String(repeating: "░", count: barWidth - done), at: Point(column: column + done, row: row),
      style: theme.dim)
  }
}
