import FunModel
import FunViewModel

/// The sign-in screen, shown while nobody is signed in: the saved profiles, a field that
/// creates one, and "Continue as guest".
///
/// ↑/↓ (k/j on a list row) move, Enter signs in, `d` (or Delete) on a profile asks, in a
/// sheet, whether to delete it. While the field's row is selected it has the
/// focus: printable keys type the name, Backspace deletes, Ctrl-U or Esc clears it. A name the
/// app refuses shows its reason below the list; above it, a line says when links wait for the
/// sign-in.
@MainActor
final class SignInScreen: KeyBoundScreen {
  private let viewModel: SignInViewModel
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings` (English unless
  /// the coordinator gives it the app's language).
  init(viewModel: SignInViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.SignIn.title) }

  var hints: String {
    viewModel.isEditingName
      ? strings(L10n.SignIn.hintsEditing)
      : strings(L10n.SignIn.hints)
  }

  var isEditingText: Bool {
    viewModel.isEditingName
  }

  /// The most lines a refused name's reason takes below the list.
  private static let messageHeight = 3

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    guard area.height > 0 else { return }
    let message = viewModel.message.map { TextSanitizer.sanitize(strings($0)) }
    let hint = strings(L10n.SignIn.nameRule(ProfileName.maximumLength))
    let messageLines = Array(TextWrap.lines(message ?? hint, width: area.width).prefix(Self.messageHeight))
    let noticeLines =
      viewModel.waitingLinksNotice.map { Array(TextWrap.lines(strings($0), width: area.width).prefix(2)) } ?? []
    var top = area.row
    // The question above the list only where it leaves the list room (not at 40x12).
    if area.height >= 10 {
      let header =
        strings(viewModel.profiles.isEmpty ? L10n.SignIn.headerEmpty : L10n.SignIn.header)
      canvas.put(
        text: DisplayWidth.truncate(header, to: area.width), at: Point(column: area.column, row: top), style: theme.dim)
      top += 2
    }
    let listHeight = max(area.row + area.height - top - noticeLines.count - messageLines.count - 1, 1)
    let rows = viewModel.rows
    let selected = viewModel.selectedIndex
    let first = max(0, min(selected - listHeight / 2, rows.count - listHeight))
    for (offset, row) in rows.dropFirst(first).prefix(listHeight).enumerated() {
      renderRow(
        row, isSelected: first + offset == selected, into: &canvas, area: area, line: top + offset, theme: theme)
    }
    let noticeTop = top + min(rows.count, listHeight) + 1
    for (offset, text) in noticeLines.enumerated() {
      canvas.put(text: text, at: Point(column: area.column, row: noticeTop + offset), style: theme.accent)
    }
    let messageTop = noticeTop + noticeLines.count
    for (offset, text) in messageLines.enumerated() {
      canvas.put(
        text: text, at: Point(column: area.column, row: messageTop + offset),
        style: message == nil ? theme.dim : theme.toastError)
    }
  }

  private func renderRow(
    _ row: SignInViewModel.Row, isSelected: Bool, into canvas: inout Canvas, area: Rect, line: Int, theme: Theme
  ) {
    let style = isSelected ? theme.selection : theme.text
    if isSelected {
      canvas.fill(Rect(column: area.column, row: line, width: area.width, height: 1), style: style)
    }
    let column = canvas.put(text: isSelected ? "> " : "  ", at: Point(column: area.column, row: line), style: style)
    let width = area.column + area.width - column
    switch row {
    case .profile(let name):
      canvas.put(text: DisplayWidth.truncate(name.value, to: width), at: Point(column: column, row: line), style: style)
    case .newProfile:
      let end = canvas.put(
        text: DisplayWidth.truncate(strings(L10n.SignIn.newProfile), to: width), at: Point(column: column, row: line),
        style: style)
      let field = TextWrap.tail(
        TextSanitizer.sanitize(viewModel.newName), width: max(area.column + area.width - end - 1, 0))
      let cursor = canvas.put(text: field, at: Point(column: end, row: line), style: style)
      if isSelected {
        canvas.put(text: "▏", at: Point(column: cursor, row: line), style: .plain)
      }
    case .guest:
      canvas.put(
        text: DisplayWidth.truncate(strings(L10n.SignIn.guest), to: width),
        at: Point(column: column, row: line), style: style)
    }
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    let isEditing = viewModel.isEditingName
    let signIn = KeyBinding([.enter], L10n.Help.signIn) { self.viewModel.confirm() }
    let profiles = KeyBindings.Section(
      L10n.Help.sectionProfiles, isActive: !isEditing,
      [
        .directions(back: [.up, .char("k")], forward: [.down, .char("j")], L10n.Help.move) {
          self.viewModel.moveSelection(by: $0)
        },
        .directions(back: [.home], forward: [.end], L10n.Help.ends) { direction in
          self.viewModel.select(at: direction < 0 ? 0 : self.viewModel.rows.count - 1)
        },
        signIn,
        KeyBinding([.char("d"), .delete], L10n.Help.deleteProfile) { self.viewModel.deleteSelected() },
      ])
    let field = KeyBindings.Section(
      L10n.Help.sectionNameField, isActive: isEditing,
      [
        .directions(back: [.up], forward: [.down], L10n.Help.move) { self.viewModel.moveSelection(by: $0) },
        signIn,
        KeyBinding([.backspace, .delete], L10n.Help.deleteBackward) { self.viewModel.deleteBackward() },
        KeyBinding([.escape, .ctrl("u")], L10n.Help.clearField) { self.viewModel.clearName() },
      ])
    return KeyBindings(
      [profiles, field],
      textField: isEditing
        ? { key in
          guard case .char(let character) = key else { return false }
          self.viewModel.type(character)
          return true
        } : nil)
  }

  func focusTextField() -> Bool {
    viewModel.select(at: viewModel.profiles.count)
    return true
  }
}
