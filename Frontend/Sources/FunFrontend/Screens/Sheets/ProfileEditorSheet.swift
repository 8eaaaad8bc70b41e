import FunViewModel

/// The sheet that edits the profile: display name and bio, one field each; Tab moves between
/// them, Enter saves, Esc cancels. A refused input shows its reason at the bottom of the sheet.
@MainActor
public final class ProfileEditorSheet: Sheet {
  private let viewModel: ProfileEditorViewModel

  /// Binds the sheet to its ViewModel.
  public init(viewModel: ProfileEditorViewModel) {
    self.viewModel = viewModel
  }

  public var title: String { "Edit profile" }

  public var hints: String { "⏎ save  tab next field  type to edit  esc cancel" }

  public var preferredWidth: Int { 56 }

  public var isEditingText: Bool { true }

  public func contentHeight(width: Int) -> Int {
    // Label and field for each, then the reason (or a hint): two lines for a long reason.
    ProfileEditorViewModel.Field.allCases.count * 2 + 2
  }

  public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    for field in ProfileEditorViewModel.Field.allCases {
      let isFocused = field == viewModel.focusedField
      let (label, text) =
        switch field {
        case .displayName: ("Display name", viewModel.displayName)
        case .bio: ("Bio", viewModel.bio)
        }
      canvas.put(text: label, at: Point(column: area.column, row: row), style: isFocused ? theme.title : theme.dim)
      row += 1
      let style = isFocused ? theme.selection : theme.text
      canvas.fill(Rect(column: area.column, row: row, width: area.width, height: 1), style: style)
      let visible = TextWrap.tail(TextSanitizer.sanitize(text), width: max(area.width - 1, 0))
      let end = canvas.put(text: visible, at: Point(column: area.column, row: row), style: style)
      if isFocused {
        canvas.put(text: "▏", at: Point(column: end, row: row), style: .plain)
      }
      row += 1
    }
    let message = viewModel.message.map(TextSanitizer.sanitize)
    let note = message ?? "Saved for this profile only."
    for line in TextWrap.lines(note, width: area.width).prefix(max(area.row + area.height - row, 0)) {
      canvas.put(
        text: line, at: Point(column: area.column, row: row), style: message == nil ? theme.dim : theme.toastError)
      row += 1
    }
  }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .backspace, .delete: viewModel.deleteBackward()
    case .ctrl("u"): viewModel.clearField()
    case .up: viewModel.focusPreviousField()
    case .down: viewModel.focusNextField()
    case .char(let character): viewModel.type(character)
    default: return false
    }
    return true
  }

  public func confirm() {
    viewModel.confirm()
  }

  public func cancel() {
    viewModel.cancel()
  }

  public func focusNextField() {
    viewModel.focusNextField()
  }

  public func focusPreviousField() {
    viewModel.focusPreviousField()
  }
}
