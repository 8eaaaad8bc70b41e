/// Where a sheet's box goes in the overlay area and what it holds: the sheet's content, then a
/// notice (links waiting for the sheet to close) wrapped to the box's width. As wide as the
/// sheet likes and as tall as both, within the area, centred. The root view draws from it and
/// hands the sheet's keys the same content area.
struct SheetLayout {
  /// The box, border included.
  let frame: Rect
  /// Where the sheet draws, inside the box.
  let content: Rect
  /// The notice's lines, empty without one.
  let noticeLines: [String]
  /// The blank rows between the content and the notice: one where there is room for it.
  private let noticeGap: Int

  /// The row of the notice's first line.
  var noticeTop: Int {
    content.row + content.height + noticeGap
  }

  /// The layout of `sheet` with `notice` under it in `area`. The sheet lays its content out in
  /// the rows inside the box less the one a notice always keeps, and keeps every row it asks
  /// for there: a form's message is what says why Enter did nothing, and a notice's first line
  /// already says that links wait. The notice gets what is left: after a blank line where it
  /// then fits whole, else without one, cut with "…" where it must be.
  @MainActor
  init(of sheet: any Sheet, notice: String?, in area: Rect) {
    let width = min(sheet.preferredWidth + 4, area.width)
    let available = max(area.height - 2, 0)
    let forContent = notice == nil ? available : max(available - 1, 0)
    let contentHeight = min(sheet.contentHeight(width: width - 4, available: forContent), forContent)
    let left = available - contentHeight
    if let notice, left > 0 {
      let noticeWidth = max(width - 4, 0)
      noticeGap = TextWrap.lines(notice, width: noticeWidth).count < left ? 1 : 0
      noticeLines = TextWrap.lines(notice, width: noticeWidth, limit: left - noticeGap)
    } else {
      noticeGap = 0
      noticeLines = []
    }
    let noticeRows = noticeLines.isEmpty ? 0 : noticeLines.count + noticeGap
    frame = Box.frame(width: width, height: contentHeight + noticeRows + 2, in: area)
    let inside = Box.inside(frame)
    content = Rect(
      column: inside.column, row: inside.row, width: inside.width, height: max(inside.height - noticeRows, 0))
  }
}
