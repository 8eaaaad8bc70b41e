import FunModel

/// Where a person is in something longer than its room: a scroll bar in one column and a
/// position text (`12/37`, `lines 4–9/20`), shared by the lists and Detail.
enum ScrollBar {
  /// The first of `visible` rows to show out of `total` so that row `selected` shows: the page
  /// it is on, pages of `visible` rows from the top (the last one may be short).
  ///
  /// A list shows a whole page and moves only when the selection leaves it, never to keep the
  /// selection centred: a click selects the row under the pointer and a second click on it
  /// opens it, which needs the row to stay where it was clicked. Pages never overlap (a full
  /// last page would share rows with the one before, and selecting one of those would move
  /// it), so the last page leaves blank rows below its end.
  static func firstVisible(selected: Int, visible: Int, total: Int) -> Int {
    guard visible > 0, total > visible else { return 0 }
    return min(max(selected, 0), total - 1) / visible * visible
  }

  /// Draws a bar in `column` over `rows` rows for `total` lines of which `visible` show from
  /// `first` on: a track of `│` in the secondary style and a thumb of `█` in decoration, its
  /// length the visible share (at least one row), at the top only when `first` is 0 and at the
  /// bottom only when the last line shows. Nothing when everything fits, or in one row, where
  /// a bar could only ever be full.
  static func render(
    into canvas: inout Canvas, column: Int, top: Int, rows: Int, total: Int, first: Int, visible: Int, theme: Theme
  ) {
    guard rows > 1, total > visible, visible > 0 else { return }
    let thumb = min(max(rows * visible / total, 1), rows)
    let lastFirst = total - visible
    let travel = rows - thumb
    // Only the very top sits at the top and only the end at the bottom, so the bar never
    // claims an end that is not reached.
    let offset: Int
    if first <= 0 || travel == 0 {
      offset = 0
    } else if first >= lastFirst {
      offset = travel
    } else {
      offset = travel < 2 ? 0 : min(max((first * travel + lastFirst / 2) / lastFirst, 1), travel - 1)
    }
    for row in 0..<rows {
      let isThumb = row >= offset && row < offset + thumb
      canvas.put(
        text: isThumb ? "█" : "│", at: Point(column: column, row: top + row),
        style: isThumb ? theme.decoration : theme.dim)
    }
  }

  /// Where a reader is in a scrolled text, as a pager says it (`lines 4–9/20`) where that fits
  /// in `room` columns with two to spare (the gap before it), else its first line alone
  /// (`4/20`): a long text's numbers are wide, and the position is what a reader of one needs
  /// most. Lines count from 1.
  @MainActor
  static func positionLabel(first: Int, last: Int, total: Int, room: Int, strings: Localizer) -> String {
    let full =
      first == last
      ? L10n.Detail.line(line: first, total: total) : L10n.Detail.lines(first: first, last: last, total: total)
    let label = strings(full)
    return DisplayWidth.of(label) + 2 <= room ? label : strings(L10n.Detail.lineShort(line: first, total: total))
  }

  /// Draws `position` right-aligned on `row` of `area`, in the secondary style, if it fits
  /// after `after` (the column where the row's own text ends) with two columns to spare.
  static func renderPosition(
    _ position: String, into canvas: inout Canvas, row: Int, area: Rect, after: Int, theme: Theme
  ) {
    let width = DisplayWidth.of(position)
    let column = area.column + area.width - width
    guard column >= after + 2 else { return }
    canvas.put(text: position, at: Point(column: column, row: row), style: theme.dim)
  }
}
