/// Where a sheet's box goes in the overlay area and what it holds: the sheet's content, then,
/// after a blank line, a notice (links waiting for the sheet to close) wrapped to the box's
/// width. As wide as the sheet likes and as tall as both, within the area, centred. The root
/// view draws from it and hands the sheet's keys the same content area.
struct SheetLayout {
  /// The box, border included.
  let frame: Rect
  /// Where the sheet draws, inside the box.
  let content: Rect
  /// The notice's lines, empty without one.
  let noticeLines: [String]

  /// The row of the notice's first line.
  var noticeTop: Int {
    content.row + content.height + 1
  }

  /// The layout of `sheet` with `notice` under it in `area`. The notice takes at most half the
  /// rows inside the box (cut with "…" beyond that), so the sheet keeps room for its own.
  @MainActor
  init(of sheet: any Sheet, notice: String?, in area: Rect) {
    let width = min(sheet.preferredWidth + 4, area.width)
    let available = area.height - 2
    noticeLines = notice.map { TextWrap.lines($0, width: max(width - 4, 0), limit: max((available - 1) / 2, 1)) } ?? []
    let noticeRows = noticeLines.isEmpty ? 0 : noticeLines.count + 1
    let contentHeight = sheet.contentHeight(width: width - 4, available: available - noticeRows)
    frame = Box.frame(width: width, height: contentHeight + noticeRows + 2, in: area)
    let inside = Box.inside(frame)
    content = Rect(
      column: inside.column, row: inside.row, width: inside.width, height: max(inside.height - noticeRows, 0))
  }
}
