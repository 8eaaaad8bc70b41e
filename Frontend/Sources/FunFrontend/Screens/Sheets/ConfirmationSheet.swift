import FunModel
import FunViewModel

/// A sheet that asks one question: Enter does it, Esc does not.
@MainActor
public final class ConfirmationSheet: Sheet {
  private let viewModel: ConfirmationViewModel
  private let strings: Localizer

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  public init(viewModel: ConfirmationViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  public var title: String { strings(viewModel.title) }

  public var hints: String { strings(L10n.Sheet.confirmHints(strings(viewModel.confirmTitle).lowercased())) }

  public var preferredWidth: Int { 48 }

  public func contentHeight(width: Int) -> Int {
    TextWrap.lines(TextSanitizer.sanitize(strings(viewModel.message)), width: width).count + 2
  }

  public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
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

  public func confirm() {
    viewModel.confirm()
  }

  public func cancel() {
    viewModel.cancel()
  }
}
