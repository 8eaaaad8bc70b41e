import FunModel
import FunViewModel
import Observation

/// The Search tab: a query field, the category filter and the results.
///
/// `/` focuses the field; while it has the focus the keys edit the query as every field does
/// (``TextField``: ←/→ move the cursor), ↑/↓ move in the results, and Esc (or Enter) leaves
/// it. `[` and `]` change the category: keys of their own, so ←/→ always mean the cursor.
///
/// Observable, because the field's focus is view state this screen owns: a change to it
/// redraws the cursor and the hints like any other change.
@Observable
@MainActor
final class SearchScreen: Screen {
  @ObservationIgnored private let viewModel: SearchViewModel
  @ObservationIgnored private let strings: Localizer
  private(set) var isEditingText = false

  /// Binds the screen to its ViewModel; its text is resolved with `strings` (English unless
  /// the coordinator gives it the app's language).
  init(viewModel: SearchViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.search) }

  var hints: String {
    isEditingText
      ? strings(L10n.Search.hintsEditing)
      : strings(L10n.Search.hints)
  }

  var itemList: ItemList? { viewModel.list }

  /// Busy from the first keystroke: the debounce is part of the wait for results.
  var isBusy: Bool { viewModel.isSearching || viewModel.isDebouncing }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    var column = canvas.put(
      text: strings(L10n.Search.label), at: Point(column: area.column, row: row), style: theme.title)
    TextField.render(
      viewModel.field, isFocused: isEditingText, into: &canvas, at: Point(column: column, row: row),
      width: area.column + area.width - column, style: theme.text, cursorStyle: theme.decoration)
    row += 1

    let categories = viewModel.categories
    let position = (categories.firstIndex(of: viewModel.selectedCategory) ?? 0) + 1
    column = canvas.put(text: strings(L10n.Search.category), at: Point(column: area.column, row: row), style: theme.dim)
    let category = "‹ " + categoryName(viewModel.selectedCategory) + " ›"
    column = canvas.put(
      text: DisplayWidth.truncate(category, to: max(area.column + area.width - column, 0)),
      at: Point(column: column, row: row),
      style: theme.accent
    )
    if categories.count > 1 {
      canvas.put(text: "  \(position)/\(categories.count)", at: Point(column: column, row: row), style: theme.dim)
    }
    row += 1

    let status: String
    if let progress = viewModel.loadProgress {
      status = LoadProgressView.text(progress, strings: strings)
    } else if viewModel.isSearching {
      status = strings(L10n.Search.searching)
    } else if viewModel.isQueryTooShort, !viewModel.isDebouncing {
      // While the debounce waits, the results shown are still the last query's: the line below
      // marks them as updating instead.
      status = strings(L10n.Search.tooShort(SearchViewModel.minimumQueryLength))
    } else if viewModel.isEmptyState {
      // When another category has matches, say so: the filter, not the query, hides them.
      status =
        viewModel.resultCountInAllCategories.map {
          strings(
            L10n.Search.noResultsIn(
              category: categoryName(viewModel.selectedCategory), count: $0, all: L10n.Search.allCategories))
        } ?? strings(L10n.Search.noResults)
    } else if let error = viewModel.error {
      status = TextSanitizer.sanitize(strings(error.text))
    } else {
      let count = viewModel.results.count
      // While the debounce waits, the count is the previous query's: say so.
      status =
        strings(L10n.Search.results(count)) + (viewModel.isDebouncing ? " · " + strings(L10n.Search.updating) : "")
    }
    let end = canvas.put(
      text: DisplayWidth.truncate(status, to: area.width),
      at: Point(column: area.column, row: row),
      style: viewModel.error == nil ? theme.dim : theme.toastError
    )
    if let position = ItemListView.position(of: viewModel.list) {
      ScrollBar.renderPosition(position, into: &canvas, row: row, area: area, after: end, theme: theme)
    }
    let list = listArea(in: area)
    if viewModel.error != nil {
      // A failed search lists nothing; its first row says how to retry.
      canvas.put(
        text: DisplayWidth.truncate(strings(L10n.Common.tryAgain), to: list.width),
        at: Point(column: list.column, row: list.row), style: theme.dim)
      return
    }
    ItemListView.render(viewModel.list, into: &canvas, area: list, theme: theme, highlighting: viewModel.matchedQuery)
  }

  /// Where the results go: below the field, the category and the status line.
  private func listArea(in area: Rect) -> Rect {
    Rect(column: area.column, row: area.row + 3, width: area.width, height: area.height - 3)
  }

  func handle(_ key: Key, in area: Rect) -> Bool {
    if isEditingText {
      return handleField(key)
    }
    switch key {
    case .char("/"): isEditingText = true
    case .char("["): viewModel.selectPreviousCategory()
    case .char("]"): viewModel.selectNextCategory()
    case .char("r"): refresh()
    default: return ItemListView.handle(key, list: viewModel.list, rows: listArea(in: area).height)
    }
    return true
  }

  private func handleField(_ key: Key) -> Bool {
    switch key {
    case .escape, .enter: isEditingText = false
    case .up: viewModel.list.moveSelection(by: -1)
    case .down: viewModel.list.moveSelection(by: 1)
    default:
      guard let edit = TextField.edit(for: key) else { return false }
      viewModel.edit(edit)
    }
    return true
  }

  func focusTextField() -> Bool {
    isEditingText = true
    return true
  }

  func refresh() {
    viewModel.refresh()
  }

  /// A category as the filter shows it: "All" in the screen's language, a catalog's category
  /// as the catalog spells it.
  private func categoryName(_ category: String) -> String {
    category == SearchViewModel.allCategories
      ? strings(L10n.Search.allCategories) : TextSanitizer.sanitize(category)
  }
}
