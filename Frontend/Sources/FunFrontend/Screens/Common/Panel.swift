/// A bordered box over the screen, the shape every overlay takes (the help box now, sheets
/// later).
///
/// Overlays are opaque: the box first clears its rectangle to the theme's ``Theme/text`` style,
/// so nothing under it shows through, not a selected row's bar, not a colour, not an attribute.
/// The border is decoration and the title sits on the top edge.
enum Panel {
  /// Draws the empty box in `rect`; the caller writes its content inside the border.
  static func render(into canvas: inout Canvas, rect: Rect, title: String, theme: Theme) {
    guard rect.width > 0, rect.height > 0 else { return }
    canvas.clear(rect, style: theme.text)
    let inner = max(rect.width - 2, 0)
    let horizontal = String(repeating: "─", count: inner)
    let bottom = rect.row + rect.height - 1
    canvas.put(text: "┌" + horizontal + "┐", at: Point(column: rect.column, row: rect.row), style: theme.decoration)
    // The title is text on the box's background, not ink on the border's colour.
    let title = DisplayWidth.truncate(title, to: inner)
    let titleStart = Point(column: rect.column + 1, row: rect.row)
    canvas.clear(
      Rect(column: titleStart.column, row: titleStart.row, width: DisplayWidth.of(title), height: 1), style: theme.text)
    canvas.put(text: title, at: titleStart, style: theme.title)
    for row in (rect.row + 1)..<max(bottom, rect.row + 1) {
      canvas.put(text: "│", at: Point(column: rect.column, row: row), style: theme.decoration)
      canvas.put(text: "│", at: Point(column: rect.column + rect.width - 1, row: row), style: theme.decoration)
    }
    canvas.put(text: "└" + horizontal + "┘", at: Point(column: rect.column, row: bottom), style: theme.decoration)
  }
}
