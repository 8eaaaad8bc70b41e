/// A framed box drawn over the frame: the help overlay and every sheet.
///
/// Opaque: the cells under it are replaced, style included, so nothing of the screen below
/// shows through.
enum Box {
  /// Draws a box of `width` × `height` (clamped to `area`) centred in `area`, with `title` in
  /// its top border; returns the area inside the border, less a column of margin each side.
  @discardableResult
  static func draw(title: String, width: Int, height: Int, in area: Rect, into canvas: inout Canvas, theme: Theme)
    -> Rect
  {
    let width = min(width, area.width)
    let height = min(height, area.height)
    let left = area.column + max((area.width - width) / 2, 0)
    let top = area.row + max((area.height - height) / 2, 0)
    canvas.fill(Rect(column: left, row: top, width: width, height: height), style: theme.text)
    let horizontal = String(repeating: "─", count: max(width - 2, 0))
    canvas.put(text: "┌" + horizontal + "┐", at: Point(column: left, row: top), style: theme.accent)
    canvas.put(
      text: DisplayWidth.truncate(" \(title) ", to: max(width - 2, 0)), at: Point(column: left + 1, row: top),
      style: theme.title)
    for row in (top + 1)..<max(top + height - 1, top + 1) {
      canvas.put(text: "│", at: Point(column: left, row: row), style: theme.accent)
      canvas.put(text: "│", at: Point(column: left + width - 1, row: row), style: theme.accent)
    }
    canvas.put(text: "└" + horizontal + "┘", at: Point(column: left, row: top + height - 1), style: theme.accent)
    return Rect(column: left + 2, row: top + 1, width: max(width - 4, 0), height: max(height - 2, 0))
  }
}
