import FunModel

/// What a list tab draws in place of rows it does not have: what is empty, then what to do
/// about it. Home, Favorites, My items and a tab `add-feature` writes draw it here, so an empty
/// tab reads the same on every one.
@MainActor
enum EmptyListView {
  /// Draws `empty` from the top of `area` in the title style and, after a blank line, `hint`
  /// in the secondary style, both wrapped: a longer language must not lose the end of either.
  /// Where `area` has too few rows for both, the blank line goes before any of the hint's
  /// words do (on My items a guest's note above takes rows); past that the hint ends in "…".
  ///
  /// The texts are the app's own (``LocalizedText``), so they need no sanitising.
  static func render(
    _ empty: LocalizedText, hint: LocalizedText? = nil, into canvas: inout Canvas, area: Rect, strings: Localizer,
    theme: Theme
  ) {
    var row = area.row
    TextWrap.put(strings(empty), into: &canvas, area: area, row: &row, style: theme.title)
    guard let hint else { return }
    let text = strings(hint)
    if area.row + area.height - row > TextWrap.lines(text, width: area.width).count { row += 1 }
    TextWrap.put(text, into: &canvas, area: area, row: &row, style: theme.dim)
  }
}
