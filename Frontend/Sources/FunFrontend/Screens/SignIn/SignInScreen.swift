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
final class SignInScreen: Screen {
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

  /// Always: typing goes to the name field from every row.
  var isEditingText: Bool { true }

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

  func handle(_ key: Key, in _: Rect) -> Bool {
    switch key {
    case .up: viewModel.moveSelection(by: -1)
    case .down: viewModel.moveSelection(by: 1)
    case .enter: viewModel.confirm()
    default:
      return viewModel.isEditingName ? handleField(key) : handleList(key)
    }
    return true
  }

  /// A key on the field's row: it edits the name.
  private func handleField(_ key: Key) -> Bool {
    if key == .escape {
      // Esc empties the field: everything before the cursor once it is at the end.
      viewModel.editName(.move(.end))
      viewModel.editName(.delete(.start))
      return true
    }
    guard let edit = TextField.edit(for: key) else { return false }
    viewModel.editName(edit)
    return true
  }

  /// A key on a profile or the guest row: the list's own keys, and the start of a typed name.
  private func handleList(_ key: Key) -> Bool {
    switch key {
    case .home: viewModel.select(at: 0)
    case .end: viewModel.select(at: viewModel.rows.count - 1)
    case .delete: viewModel.deleteSelected()
    case .char(let character) where Self.startsName(character):
      viewModel.editName(.insert(String(character)))
    case .paste:
      return handleField(key)
    default: return false
    }
    return true
  }

  /// Whether `character` can be in a profile name, so typing it on the list starts one; other
  /// keys (`?`, `:`) keep their meaning there.
  private static func startsName(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
  }

  func focusTextField() -> Bool {
    viewModel.select(at: viewModel.profiles.count)
    return true
  }
}
