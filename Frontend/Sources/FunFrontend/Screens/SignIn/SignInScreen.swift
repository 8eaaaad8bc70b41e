import FunModel
import FunViewModel

/// The sign-in screen, shown while nobody is signed in: the saved profiles, a field that
/// creates one, and "Continue as guest".
///
/// However many profiles there are, "New profile" and "Continue as guest" stay on screen: the
/// profiles above them scroll (PgUp/PgDn page), with a scroll bar and the selection's position
/// (`4/30`). The pages are the ones the naming rule below the list leaves room for, whatever
/// shows there: a refused name's reason that takes more lines shortens the page shown, from
/// the bottom and only as far as keeps the selection on screen, and never regroups the pages.
///
/// ↑/↓ move, Enter signs in, Delete on a profile asks, in a sheet, whether to delete it; as in
/// every list, a click selects a row and a click on the selected row is Enter there. Typing
/// a name goes to the field from any row, as it would in a picker such as fzf: a letter, a
/// digit, `-` or `_` (what a profile name is made of) or a paste selects the field and types
/// there, so the screen takes its keys before the global ones (`q` types a `q`; Ctrl-C quits).
/// On the field's row the keys edit it as every field does (``TextField``); Esc clears it. A
/// name the app refuses shows its reason below the list; above it, a line says when links wait
/// for the sign-in.
@MainActor
final class SignInScreen: Screen {
  private let viewModel: SignInViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: SignInViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.SignIn.title) }

  /// What Enter and Delete do on the selected row: sign in and delete on a profile, create on
  /// the field, continue on the guest's row.
  func hints(in _: Rect) -> String {
    switch viewModel.rows[viewModel.selectedIndex] {
    case .profile: strings(L10n.SignIn.hints)
    case .newProfile: strings(L10n.SignIn.hintsEditing)
    case .guest: strings(L10n.SignIn.hintsGuest)
    }
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
    let layout = layout(in: area)
    if let headerRow = layout.headerRow {
      let header =
        strings(viewModel.profiles.isEmpty ? L10n.SignIn.headerEmpty : L10n.SignIn.header)
      let end = canvas.put(
        text: DisplayWidth.truncate(header, to: area.width), at: Point(column: area.column, row: headerRow),
        style: theme.dim)
      if let position = layout.position {
        ScrollBar.renderPosition(position, into: &canvas, row: headerRow, area: area, after: end, theme: theme)
      }
    }
    let rows = viewModel.rows
    let selected = viewModel.selectedIndex
    let profiles = viewModel.profiles.count
    // The profiles scroll; "New profile" and "Continue as guest" stay below them, always shown.
    let profileRows = layout.profileRows
    let scrolls = profiles > profileRows
    let rowWidth = scrolls ? area.width - 2 : area.width
    // The last page may be short: its blank rows stay above the two fixed ones.
    for offset in 0..<min(profiles - layout.firstProfile, profileRows) {
      let index = layout.firstProfile + offset
      renderRow(
        rows[index], at: index, isSelected: index == selected, into: &canvas,
        area: Rect(column: area.column, row: layout.top + offset, width: rowWidth, height: 1), theme: theme)
    }
    ScrollBar.render(
      into: &canvas, column: area.column + area.width - 1, top: layout.top, rows: profileRows, total: profiles,
      first: layout.firstProfile, visible: profileRows, theme: theme)
    for (offset, index) in (profiles..<rows.count).enumerated() {
      renderRow(
        rows[index], at: index, isSelected: index == selected, into: &canvas,
        area: Rect(
          column: area.column, row: layout.top + min(profiles, profileRows) + offset, width: area.width, height: 1),
        theme: theme)
    }
    if layout.headerRow == nil, let position = layout.position {
      // No header at this height: the position goes on the blank line under the rows.
      ScrollBar.renderPosition(
        position, into: &canvas, row: layout.noticeTop - 1, area: area, after: area.column, theme: theme)
    }
    for (offset, text) in layout.noticeLines.enumerated() {
      canvas.put(text: text, at: Point(column: area.column, row: layout.noticeTop + offset), style: theme.accent)
    }
    let messageTop = layout.noticeTop + layout.noticeLines.count
    for (offset, text) in layout.messageLines.enumerated() {
      canvas.put(
        text: text, at: Point(column: area.column, row: messageTop + offset),
        style: viewModel.message == nil ? theme.dim : theme.toastError)
    }
  }

  /// Where everything goes in `area`: render and the paging keys both use it, so a page key
  /// moves by exactly the pages drawn.
  private struct Layout {
    /// The question above the list, where it leaves the list room (not at 40x12).
    var headerRow: Int?
    /// The first row of the list.
    var top: Int
    /// How many rows the profiles get; the two rows after them are always shown.
    var profileRows: Int
    /// How many profiles a page holds: the rows they get beside the naming rule, which a longer
    /// message below the list does not change (``profileRows`` is then smaller).
    var pageRows: Int
    /// The first profile shown.
    var firstProfile: Int
    /// Where the selection is among the profiles (`4/30`), while they scroll and one is selected.
    var position: String?
    /// The line saying links wait, wrapped, and its first row.
    var noticeLines: [String]
    var noticeTop: Int
    /// A refused name's reason, or the naming rule, wrapped.
    var messageLines: [String]
  }

  private func layout(in area: Rect) -> Layout {
    let hintLines = linesBelowList(strings(L10n.SignIn.nameRule(ProfileName.maximumLength)), width: area.width)
    let messageLines =
      viewModel.message.map { linesBelowList(TextSanitizer.sanitize(strings($0)), width: area.width) } ?? hintLines
    let noticeLines =
      viewModel.waitingLinksNotice.map { Array(TextWrap.lines(strings($0), width: area.width).prefix(2)) } ?? []
    let headerRow: Int? = area.height >= 10 ? area.row : nil
    let top = area.row + (headerRow == nil ? 0 : 2)
    let fixedRows = 2
    // The rows left for the profiles with `lines` below the list.
    func room(below lines: Int) -> Int {
      area.row + area.height - top - noticeLines.count - lines - 1 - fixedRows
    }
    let profiles = viewModel.profiles.count
    let pageRows = min(max(room(below: hintLines.count), 1), profiles)
    let profileRows = min(max(room(below: messageLines.count), 1), pageRows)
    let selected = min(viewModel.selectedIndex, profiles - 1)
    // The page of profiles the selection is on (with the selection on the rows below, the last
    // page, next to it); a shorter room shows the page's top, or down to the selection.
    let page = ScrollBar.firstVisible(selected: selected, visible: pageRows, total: profiles)
    let firstProfile = max(page, selected - profileRows + 1)
    let position =
      profiles > profileRows && viewModel.selectedIndex < profiles ? "\(selected + 1)/\(profiles)" : nil
    return Layout(
      headerRow: headerRow, top: top, profileRows: profileRows, pageRows: pageRows, firstProfile: firstProfile,
      position: position, noticeLines: noticeLines, noticeTop: top + profileRows + fixedRows + 1,
      messageLines: messageLines)
  }

  /// `text` wrapped below the list, in at most ``messageHeight`` lines.
  private func linesBelowList(_ text: String, width: Int) -> [String] {
    Array(TextWrap.lines(text, width: width).prefix(Self.messageHeight))
  }

  /// Row `index` of the list in `area`, which a click on it means (``handleClick(on:)``).
  private func renderRow(
    _ row: SignInViewModel.Row, at index: Int, isSelected: Bool, into canvas: inout Canvas, area: Rect, theme: Theme
  ) {
    let line = area.row
    let style = isSelected ? theme.selection : theme.text
    if isSelected {
      canvas.fill(Rect(column: area.column, row: line, width: area.width, height: 1), style: style)
    }
    canvas.mark(Rect(column: area.column, row: line, width: area.width, height: 1), as: .row(index))
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

  /// As in every list: a click selects a row, a click on the selected row does what Enter does
  /// there (signs in, creates the typed profile, continues as a guest).
  func handleClick(on target: MouseTarget) -> Bool {
    guard case .row(let index) = target, viewModel.rows.indices.contains(index) else { return false }
    viewModel.send(index == viewModel.selectedIndex ? .confirm : .select(at: index))
    return true
  }

  func keyBindings(in area: Rect) -> KeyBindings {
    let isEditing = viewModel.isEditingName
    let move = KeyBinding.directions(back: [.up], forward: [.down], L10n.Help.move) {
      self.viewModel.send(.move(by: $0))
    }
    // A page is the layout's (the one render uses), wherever the selection is: the same pages
    // while a longer message shows fewer of its rows.
    let page = KeyBinding.directions(back: [.pageUp], forward: [.pageDown], L10n.Help.page) {
      self.viewModel.send(.move(by: $0 * max(self.layout(in: area).pageRows, 1)))
    }
    let signIn = KeyBinding([.enter], L10n.Help.signIn) { self.viewModel.send(.confirm) }
    let profiles = KeyBindings.Section(
      L10n.Help.sectionProfiles, isActive: !isEditing,
      [
        move, page,
        .directions(back: [.home], forward: [.end], L10n.Help.ends) { direction in
          self.viewModel.send(.select(at: direction < 0 ? 0 : self.viewModel.rows.count - 1))
        },
        signIn,
        KeyBinding([.delete], L10n.Help.deleteProfile) { self.viewModel.send(.deleteSelected) },
        // As in a picker such as fzf: typing a name goes to the field from any row.
        KeyBinding(Self.nameKeys, L10n.Help.typeName) { key in
          if let edit = TextField.edit(for: key) { self.viewModel.send(.editName(edit)) }
        },
      ])
    let field = KeyBindings.Section(
      L10n.Help.sectionNameField, isActive: isEditing,
      [
        move, page, signIn,
        KeyBinding([.escape], L10n.Help.clearField) {
          // Everything before the cursor, once it is at the end.
          self.viewModel.send(.editName(.move(.end)))
          self.viewModel.send(.editName(.delete(.start)))
        },
      ])
    guard isEditing else {
      // A paste on the list is a name too; nothing else is typed there.
      return KeyBindings(
        [profiles, field],
        textField: { key in
          guard case .paste = key else { return false }
          return TextField.typing { self.viewModel.send(.editName($0)) }(key)
        })
    }
    return KeyBindings(
      [field, TextField.keyBindings { self.viewModel.send(.editName($0)) }, profiles],
      textField: TextField.typing { self.viewModel.send(.editName($0)) })
  }

  /// The keys that start a name on the list: what a profile name is made of (letters, digits,
  /// `-` and `_`); other keys (`?`, `:`) keep their meaning there.
  private static let nameKeys: [Key] =
    [("a", "z"), ("A", "Z"), ("0", "9")].flatMap { (first: Unicode.Scalar, last: Unicode.Scalar) in
      (first.value...last.value).compactMap(Unicode.Scalar.init).map { Key.char(Character($0)) }
    } + [.char("-"), .char("_")]

  func focusTextField() -> Bool {
    viewModel.send(.select(at: viewModel.profiles.count))
    return true
  }
}
