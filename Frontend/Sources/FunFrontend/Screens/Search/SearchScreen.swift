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
  var boundViewModel: AnyObject? { viewModel }
  @ObservationIgnored private let strings: Localizer
  private(set) var isEditingText = false

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: SearchViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.search) }

  /// `f` is named for what it does to the selected result: on a favorite it unfavorites.
  func hints(in _: Rect) -> String {
    // No results to move through or open: their keys are not bound (``ItemListView/rowKeys(_:of:)``).
    let hasResults = !viewModel.list.rows.isEmpty
    if isEditingText { return strings(hasResults ? L10n.Search.hintsEditing : L10n.Search.hintsEditingNoResults) }
    return strings(hasResults ? L10n.Search.hints(viewModel.list.favoriteHint) : L10n.Search.hintsNoResults)
  }

  var itemList: ItemList? { viewModel.list }

  /// Busy from the first keystroke: the debounce is part of the wait for results.
  var isBusy: Bool { viewModel.isBusy }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    var column = canvas.put(
      text: strings(L10n.Search.label), at: Point(column: area.column, row: row), style: theme.title)
    TextField.render(
      viewModel.field, isFocused: isEditingText, into: &canvas, at: Point(column: column, row: row),
      width: area.column + area.width - column, style: theme.text, cursorStyle: theme.decoration)
    // Until `/`, letters are the list's keys (`f` favorites): an empty field says how to type in it.
    if !isEditingText, viewModel.field.text.isEmpty {
      let placeholder = DisplayWidth.truncate(
        strings(L10n.Search.placeholder), to: max(area.column + area.width - column, 0))
      canvas.put(text: placeholder, at: Point(column: column, row: row), style: theme.dim)
    }
    row += 1

    let categories = viewModel.categories
    let position = (categories.firstIndex(of: viewModel.selectedCategory) ?? 0) + 1
    column = canvas.put(text: strings(L10n.Search.category), at: Point(column: area.column, row: row), style: theme.dim)
    let category = "‹ " + TextSanitizer.sanitize(strings(viewModel.categoryName)) + " ›"
    column = canvas.put(
      text: DisplayWidth.truncate(category, to: max(area.column + area.width - column, 0)),
      at: Point(column: column, row: row),
      style: theme.accent
    )
    if categories.count > 1 {
      canvas.put(
        text: "  \(strings.position(position, of: categories.count))", at: Point(column: column, row: row),
        style: theme.dim)
    }
    row += 1

    if case .failed(let error) = viewModel.status {
      // A failed search lists nothing: its reason and how to retry, as every list tab's, from
      // the status line on.
      CatalogListStatusView.renderFailure(
        error, into: &canvas,
        area: Rect(column: area.column, row: row, width: area.width, height: area.row + area.height - row),
        strings: strings, theme: theme)
      return
    }
    // The words are the ViewModel's, as the reader says them; the load's progress is laid out
    // here. A category named by the catalog is data: sanitized with the rest.
    let status =
      if case .loadingCatalog(let progress) = viewModel.status {
        LoadProgressView.text(progress, strings: strings)
      } else {
        viewModel.statusText.map { TextSanitizer.sanitize(strings($0)) } ?? ""
      }
    let list = listArea(in: area)
    // With no rows to show, a status too long for its line goes on over the list's rows (at
    // 40 columns "No results in Architecture — 14 in All"): nothing is cut.
    let statusLines =
      viewModel.list.rows.isEmpty
      ? TextWrap.lines(status, width: area.width, limit: max(list.height + 1, 1))
      : [DisplayWidth.truncate(status, to: area.width)]
    var end = area.column
    for (offset, line) in statusLines.enumerated() {
      end = canvas.put(text: line, at: Point(column: area.column, row: row + offset), style: theme.dim)
    }
    ItemListView.renderPosition(
      of: viewModel.list, into: &canvas, row: row, area: area, after: end, strings: strings, theme: theme)
    ItemListView.render(
      viewModel.list, into: &canvas, area: list, theme: theme, strings: strings, highlighting: viewModel.matchedQuery)
  }

  /// Where the results go: below the field, the category and the status line.
  private func listArea(in area: Rect) -> Rect {
    Rect(column: area.column, row: area.row + 3, width: area.width, height: area.height - 3)
  }

  func keyBindings(in area: Rect) -> KeyBindings {
    let list = viewModel.list
    let leave = KeyBinding([.escape, .enter], L10n.Help.leaveField) { self.isEditingText = false }
    let move = KeyBinding.directions(back: [.up], forward: [.down], L10n.Help.move) { list.send(.move(by: $0)) }
    let field = KeyBindings.Section(
      L10n.Help.sectionSearchField, isActive: isEditingText, [leave] + ItemListView.rowKeys([move], of: list))
    let results = KeyBindings.Section(
      L10n.Help.sectionResults, isActive: !isEditingText,
      [
        .directions(back: [.char("[")], forward: [.char("]")], L10n.Help.category) { self.stepCategory(by: $0) },
        .refresh(self),
      ] + ItemListView.keyBindings(list: list, rows: listArea(in: area).height))
    // The editing keys show only while the field has the focus: until then they are the list's.
    guard isEditingText else {
      // A paste has nowhere else to go on Search: it goes into the query, focusing the field
      // as `/` does.
      return KeyBindings([field, results]) { key in
        guard case .paste = key else { return false }
        self.isEditingText = true
        return TextField.typing { self.viewModel.send(.edit($0)) }(key)
      }
    }
    return KeyBindings(
      [field, TextField.keyBindings { self.viewModel.send(.edit($0)) }, results],
      textField: TextField.typing { self.viewModel.send(.edit($0)) })
  }

  /// The previous category for a negative `direction`, else the next.
  private func stepCategory(by direction: Int) {
    viewModel.send(direction < 0 ? .selectPreviousCategory : .selectNextCategory)
  }

  func focusTextField() -> Bool {
    isEditingText = true
    return true
  }

  func leaveTextField() {
    isEditingText = false
  }

  func refresh() -> Bool {
    viewModel.send(.refresh)
    return true
  }
}
