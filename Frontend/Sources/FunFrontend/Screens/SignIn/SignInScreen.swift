import FunModel
import FunViewModel

/// The sign-in screen, shown while nobody is signed in: the saved profiles, a field that
/// creates one, and "Continue as guest".
///
/// ↑/↓ move, Enter signs in, Delete on a profile asks, in a sheet, whether to delete it. Typing
/// a name goes to the field from any row, as it would in a picker such as fzf: a letter, a
/// digit, `-` or `_` (what a profile name is made of) or a paste selects the field and types
/// there, so the screen takes its keys before the global ones (`q` types a `q`; Ctrl-C quits).
/// On the field's row the keys edit it as every field does (``TextField``); Esc clears it. A
/// name the app refuses shows its reason below the list; above it, a line says when links wait
/// for the sign-in.
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

  /// While the field's row is selected: then every printable key types. On another row only
  /// what a name is made of does (a binding of the list), so `?` and `:` keep their meaning.
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
      TextField.render(
        viewModel.nameField, isFocused: isSelected, into: &canvas, at: Point(column: end, row: line),
        width: area.column + area.width - end, style: style, cursorStyle: .plain)
    case .guest:
      canvas.put(
        text: DisplayWidth.truncate(strings(L10n.SignIn.guest), to: width),
        at: Point(column: column, row: line), style: style)
    }
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    let isEditing = viewModel.isEditingName
    let move = KeyBinding.directions(back: [.up], forward: [.down], L10n.Help.move) {
      self.viewModel.moveSelection(by: $0)
    }
    let signIn = KeyBinding([.enter], L10n.Help.signIn) { self.viewModel.confirm() }
    let profiles = KeyBindings.Section(
      L10n.Help.sectionProfiles, isActive: !isEditing,
      [
        move,
        .directions(back: [.home], forward: [.end], L10n.Help.ends) { direction in
          self.viewModel.select(at: direction < 0 ? 0 : self.viewModel.rows.count - 1)
        },
        signIn,
        KeyBinding([.delete], L10n.Help.deleteProfile) { self.viewModel.deleteSelected() },
        // As in a picker such as fzf: typing a name goes to the field from any row.
        KeyBinding(Self.nameKeys, L10n.Help.typeName) { key in
          if let edit = TextField.edit(for: key) { self.viewModel.editName(edit) }
        },
      ])
    let field = KeyBindings.Section(
      L10n.Help.sectionNameField, isActive: isEditing,
      [
        move, signIn,
        KeyBinding([.escape], L10n.Help.clearField) {
          // Everything before the cursor, once it is at the end.
          self.viewModel.editName(.move(.end))
          self.viewModel.editName(.delete(.start))
        },
      ])
    guard isEditing else {
      // A paste on the list is a name too; nothing else is typed there.
      return KeyBindings(
        [profiles, field],
        textField: { key in
          guard case .paste = key else { return false }
          return TextField.typing { self.viewModel.editName($0) }(key)
        })
    }
    return KeyBindings(
      [field, TextField.keyBindings { self.viewModel.editName($0) }, profiles],
      textField: TextField.typing { self.viewModel.editName($0) })
  }

  /// The keys that start a name on the list: what a profile name is made of (letters, digits,
  /// `-` and `_`); other keys (`?`, `:`) keep their meaning there.
  private static let nameKeys: [Key] =
    [("a", "z"), ("A", "Z"), ("0", "9")].flatMap { (first: Unicode.Scalar, last: Unicode.Scalar) in
      (first.value...last.value).compactMap(Unicode.Scalar.init).map { Key.char(Character($0)) }
    } + [.char("-"), .char("_")]

  func focusTextField() -> Bool {
    viewModel.select(at: viewModel.profiles.count)
    return true
  }
}
