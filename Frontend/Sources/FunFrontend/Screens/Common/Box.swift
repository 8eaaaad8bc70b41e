/// A framed box drawn over the frame, the shape every overlay takes: the help overlay and
/// every sheet.
///
/// Opaque: the box first clears its rectangle to the theme's ``Theme/text`` style, so nothing
/// under it shows through, not a selected row's bar, not a colour, not an attribute. The
/// border is decoration and the title sits on the top edge, as text on the box's background.
enum Box {
  /// Draws a box of `width` × `height` (clamped to `area`) centred in `area`, with `title` in
  /// its top border; returns the area inside the border, less a column of margin each side.
  @discardableResult
  static func draw(title: String, width: Int, height: Int, in area: Rect, into canvas: inout Canvas, theme: Theme)
    -> Rect
  {
    let frame = frame(width: width, height: height, in: area)
    let (left, top, width, height) = (frame.column, frame.row, frame.width, frame.height)
    guard width > 0, height > 0 else { return Rect(column: left, row: top, width: 0, height: 0) }
    canvas.clear(Rect(column: left, row: top, width: width, height: height), style: theme.text)
    let inner = max(width - 2, 0)
    let horizontal = String(repeating: "─", count: inner)
    let bottom = top + height - 1
    canvas.put(text: "┌" + horizontal + "┐", at: Point(column: left, row: top), style: theme.decoration)
    let title = DisplayWidth.truncate(" \(title) ", to: inner)
    let titleStart = Point(column: left + 1, row: top)
    canvas.clear(
      Rect(column: titleStart.column, row: titleStart.row, width: DisplayWidth.of(title), height: 1), style: theme.text)
    canvas.put(text: title, at: titleStart, style: theme.title)
    for row in (top + 1)..<max(bottom, top + 1) {
      canvas.put(text: "│", at: Point(column: left, row: row), style: theme.decoration)
      canvas.put(text: "│", at: Point(column: left + width - 1, row: row), style: theme.decoration)
    }
    canvas.put(text: "└" + horizontal + "┘", at: Point(column: left, row: bottom), style: theme.decoration)
    return inside(frame)
  }

  /// The area inside a box drawn at `frame`: inside the border, less a column of margin each
  /// side.
  static func inside(_ frame: Rect) -> Rect {
    Rect(column: frame.column + 2, row: frame.row + 1, width: max(frame.width - 4, 0), height: max(frame.height - 2, 0))
  }

  /// Where ``draw(title:width:height:in:into:theme:)`` puts a box of `width` × `height` in
  /// `area`: clamped to it and centred.
  static func frame(width: Int, height: Int, in area: Rect) -> Rect {
    let width = min(width, area.width)
    let height = min(height, area.height)
    return Rect(
      column: area.column + max((area.width - width) / 2, 0), row: area.row + max((area.height - height) / 2, 0),
      width: width, height: height)
  }
}
