import FunViewModel

/// A sheet that asks one question: Enter does it, Esc does not.
@MainActor
public final class ConfirmationSheet: Sheet {
  private let viewModel: ConfirmationViewModel

  /// Binds the sheet to its ViewModel.
  public init(viewModel: ConfirmationViewModel) {
    self.viewModel = viewModel
  }

  public var title: String { viewModel.title }

  public var hints: String { "⏎ \(viewModel.confirmTitle.lowercased())  esc cancel" }

  public var preferredWidth: Int { 48 }

  public func contentHeight(width: Int) -> Int {
    TextWrap.lines(TextSanitizer.sanitize(viewModel.message), width: width).count + 2
  }

  public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let lines = TextWrap.lines(TextSanitizer.sanitize(viewModel.message), width: area.width)
    for (offset, line) in lines.prefix(max(area.height - 2, 1)).enumerated() {
      canvas.put(text: line, at: Point(column: area.column, row: area.row + offset), style: theme.text)
    }
    let buttons = "[⏎ \(viewModel.confirmTitle)]  [esc Cancel]"
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
