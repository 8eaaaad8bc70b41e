import FunModel
import FunViewModel

/// What a list tab shows instead of its rows until the catalog's first load has succeeded
/// (``CatalogListStatus/standsInForRows``): the wait, with how far the load has come where
/// there is room, or why it failed and how to retry. Home, Favorites and a tab `add-feature`
/// writes draw it here, the same way; Search draws its failure here too (``renderFailure``).
@MainActor
enum CatalogListStatusView {
  /// Draws `list`'s status over `area` when it stands in for the rows, and says whether it did:
  /// the screen then draws nothing else.
  static func render(_ list: ItemList, into canvas: inout Canvas, area: Rect, strings: Localizer, theme: Theme)
    -> Bool
  {
    let status = list.status
    guard status.standsInForRows else { return false }
    guard case .failed(let error) = status else {
      canvas.put(
        text: strings(L10n.Common.loadingCatalog), at: Point(column: area.column, row: area.row), style: theme.dim)
      if let progress = list.loadProgress {
        LoadProgressView.render(
          progress, into: &canvas, column: area.column, row: area.row + 1, width: area.width, rows: area.height - 1,
          strings: strings, theme: theme)
      }
      return true
    }
    renderFailure(error, into: &canvas, area: area, strings: strings, theme: theme)
    return true
  }

  /// Draws why the catalog's first load failed from the top of `area`, wrapped, in the error
  /// style, then after a blank line how to retry: the one drawing of a catalog failure, on list
  /// tabs and on Search. The reason leaves two rows for those and ends in "…" where it is cut;
  /// it may hold the catalog's words (a server's message, a file's path), so it is sanitized.
  static func renderFailure(_ error: AppError, into canvas: inout Canvas, area: Rect, strings: Localizer, theme: Theme)
  {
    var row = area.row
    let message = TextSanitizer.sanitize(strings(error.text))
    for line in TextWrap.lines(message, width: area.width, limit: max(area.height - 2, 1)) {
      canvas.put(text: line, at: Point(column: area.column, row: row), style: theme.toastError)
      row += 1
    }
    canvas.put(
      text: DisplayWidth.truncate(strings(L10n.Common.tryAgain), to: area.width),
      at: Point(column: area.column, row: row + 1), style: theme.dim)
  }
}
