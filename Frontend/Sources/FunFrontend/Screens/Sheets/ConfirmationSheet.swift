import FunModel
import FunViewModel

/// A sheet that asks one question: Enter does it, Esc does not.
@MainActor
final class ConfirmationSheet: Sheet {
  private let viewModel: ConfirmationViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  init(viewModel: ConfirmationViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(viewModel.title) }

  var hints: String { strings(L10n.Sheet.confirmHints(strings(viewModel.confirmTitle).lowercased())) }

  var preferredWidth: Int { 48 }

  func contentHeight(width: Int) -> Int {
    TextWrap.lines(TextSanitizer.sanitize(strings(viewModel.message)), width: width).count + 2
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let lines = TextWrap.lines(TextSanitizer.sanitize(strings(viewModel.message)), width: area.width)
    for (offset, line) in lines.prefix(max(area.height - 2, 1)).enumerated() {
      canvas.put(text: line, at: Point(column: area.column, row: area.row + offset), style: theme.text)
    }
    let buttons = strings(L10n.Sheet.buttons(strings(viewModel.confirmTitle)))
    canvas.put(
      text: DisplayWidth.truncate(buttons, to: area.width),
      at: Point(column: area.column, row: area.row + area.height - 1),
      style: theme.accent)
  }

  func confirm() {
    viewModel.send(.confirm)
  }

  func cancel() {
    viewModel.send(.cancel)
  }
}
