import FunModel
import FunViewModel

/// The sheet that edits the profile: display name and bio, one field each, edited as every
/// field is (``TextField``: the cursor keys, a paste); Tab (↑/↓) moves between them, as a click
/// on one does (the cursor where it fell), Enter saves, Esc cancels. A refused input shows its
/// reason at the bottom of the sheet.
@MainActor
final class ProfileEditorSheet: FormSheet {
  private let viewModel: ProfileEditorViewModel
  var boundViewModel: AnyObject? { viewModel }
  var hasUnsavedChanges: Bool { viewModel.hasUnsavedChanges }
  private let strings: Localizer

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  init(viewModel: ProfileEditorViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Sheet.editProfile) }

  /// While the sheet says a second Esc discards the changes, the footer says so too.
  var hints: String {
    strings(
      viewModel.isDiscardPending ? L10n.Sheet.editProfileHintsDiscard : L10n.Sheet.editProfileHints)
  }

  var preferredWidth: Int { 56 }

  func contentHeight(width _: Int, available _: Int) -> Int {
    // Label and field for each, then the reason (or a hint): two lines for a long reason.
    ProfileEditorViewModel.Field.allCases.count * 2 + 2
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    for (index, field) in ProfileEditorViewModel.Field.allCases.enumerated() {
      let isFocused = field == viewModel.focusedField
      let label = strings(ProfileEditorViewModel.label(of: field))
      canvas.put(text: label, at: Point(column: area.column, row: row), style: isFocused ? theme.title : theme.dim)
      row += 1
      let style = isFocused ? theme.selection : theme.text
      canvas.fill(Rect(column: area.column, row: row, width: area.width, height: 1), style: style)
      TextField.render(
        viewModel.editor(for: field), isFocused: isFocused, into: &canvas, at: Point(column: area.column, row: row),
        width: area.width, style: style, cursorStyle: .plain,
        click: { .field(index, paragraph: 0, cursor: $0) })
      row += 1
    }
    let message = viewModel.message.map { TextSanitizer.sanitize(strings($0)) }
    let note = message ?? strings(L10n.Sheet.savedForProfile)
    for line in TextWrap.lines(note, width: area.width).prefix(max(area.row + area.height - row, 0)) {
      canvas.put(
        text: line, at: Point(column: area.column, row: row), style: message == nil ? theme.dim : theme.toastError)
      row += 1
    }
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings(
      [KeyBindings.Section(L10n.Help.sectionFields, [nextFieldBinding]), editingBindings], textField: typing)
  }

  /// A click on a field focuses it, the cursor where the click fell.
  func handleClick(on target: MouseTarget) -> Bool {
    let fields = ProfileEditorViewModel.Field.allCases
    guard case .field(let index, _, let offset) = target, fields.indices.contains(index) else { return false }
    viewModel.send(.placeCursor(in: fields[index], at: offset))
    return true
  }

  func send(_ action: ProfileEditorViewModel.Action) {
    viewModel.send(action)
  }
}
