import FunModel
import FunViewModel

/// A sheet that asks one question: Enter does it, Esc does not; a click on `[⏎ …]` or
/// `[Esc Cancel]` presses the key the button shows.
@MainActor
final class ConfirmationSheet: Sheet {
  private let viewModel: ConfirmationViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  init(viewModel: ConfirmationViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(viewModel.title) }

  var hints: String { strings(L10n.Sheet.confirmHints(strings(viewModel.confirmTitle).lowercased())) }

  var preferredWidth: Int { 48 }

  func contentHeight(width: Int, available _: Int) -> Int {
    TextWrap.lines(TextSanitizer.sanitize(strings(viewModel.message)), width: width).count + 2
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let lines = TextWrap.lines(TextSanitizer.sanitize(strings(viewModel.message)), width: area.width)
    for (offset, line) in lines.prefix(max(area.height - 2, 1)).enumerated() {
      canvas.put(text: line, at: Point(column: area.column, row: area.row + offset), style: theme.text)
    }
    renderButtons(into: &canvas, row: area.row + area.height - 1, area: area, theme: theme)
  }

  /// `[⏎ Sign out]  [Esc Cancel]`, cut at the box's edge. Each button marks the cells it is
  /// drawn in as its key, so a click on it does what the key does.
  private func renderButtons(into canvas: inout Canvas, row: Int, area: Rect, theme: Theme) {
    let buttons: [(text: String, key: Key)] = [
      (strings(L10n.Sheet.confirmButton(strings(viewModel.confirmTitle))), .enter),
      (strings(L10n.Sheet.cancelButton), .escape),
    ]
    let end = area.column + area.width
    var column = area.column
    for (index, button) in buttons.enumerated() {
      let text = (index == 0 ? "" : "  ") + button.text
      guard column < end else { break }
      let start = column + (index == 0 ? 0 : 2)
      column = canvas.put(
        text: DisplayWidth.truncate(text, to: end - column), at: Point(column: column, row: row), style: theme.accent)
      canvas.mark(Rect(column: start, row: row, width: max(column - start, 0), height: 1), as: .key(button.key))
    }
  }

  /// None of its own: Enter and Esc, the dialog's keys, are the whole of a question.
  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([])
  }

  func confirm() {
    viewModel.send(.confirm)
  }

  func cancel() {
    viewModel.send(.cancel)
  }
}
