import FunModel
import FunViewModel

/// The form that writes or edits one of your items: id, title, subtitle, category and the
/// description's paragraphs, each field edited as every field is (``TextField``: the cursor
/// keys, a paste).
///
/// Tab and Shift-Tab move between the fields, as do ↑/↓ except where they mean more: in the
/// category they step through the known categories, in the description from line to line as
/// it wraps here, keeping the cursor's column as far as the line allows (and out of it above
/// the first line or below the last). Only the sheet knows how the paragraphs wrap, so it finds
/// the place and sends the ViewModel the cursor to put there, as a click on a field does.
/// Enter saves, except in the description,
/// where it starts a new paragraph, as each line break of a paste does there; Ctrl-S saves
/// from any field. Esc cancels (with changes, a second Esc does).
///
/// The description's paragraphs wrap in the box, edited or not, one column short of it so the
/// cursor never moves a line break; at most five lines show, scrolling with the cursor while it
/// is edited, else from its start with `…` where more follows. Each refused field says why
/// beside its label, in the error style; below the fields, what the form has to say (a refused
/// paste, a second Esc to discard), else the focused field's reason in full when its label had
/// to cut it, or else what the field takes.
///
/// The layout follows the rows there are, never what is typed: a label above each field
/// wherever that fits with at least one line of the description (fewer of its lines where rows
/// are short), else (a 16-line terminal or less) each field on one line behind its label, a
/// refused field's label in the error style. The box is exactly as tall as the layout drawn.
@MainActor
final class MyItemFormSheet: FormSheet {
  private typealias Field = MyItemFormViewModel.Field

  private let viewModel: MyItemFormViewModel
  private let strings: Localizer

  /// The most lines of the description shown at once; the rest scroll with the cursor.
  private static let descriptionLines = 5
  /// The lines kept for the note at the bottom.
  private static let noteLines = 2

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  var hasUnsavedChanges: Bool { viewModel.hasUnsavedChanges }

  init(viewModel: MyItemFormViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var boundViewModel: AnyObject? { viewModel }

  var title: String {
    viewModel.originalID.map { strings(L10n.MyItems.editTitle($0)) } ?? strings(L10n.MyItems.newTitle)
  }

  /// In the description Enter starts a paragraph, so there the footer offers Ctrl-S to save.
  /// While the form says a second Esc discards the changes, the footer says so too; at the most
  /// paragraphs it offers no new one, which Enter would refuse.
  var hints: String {
    let discards = viewModel.isDiscardPending
    let full = !viewModel.canAddParagraph
    return switch (viewModel.focusedField == .description, discards) {
    case (true, false): strings(full ? L10n.MyItems.formHintsDescriptionFull : L10n.MyItems.formHintsDescription)
    case (true, true):
      strings(full ? L10n.MyItems.formHintsDescriptionFullDiscard : L10n.MyItems.formHintsDescriptionDiscard)
    case (false, false): strings(L10n.MyItems.formHints)
    case (false, true): strings(L10n.MyItems.formHintsDiscard)
    }
  }

  var preferredWidth: Int { 60 }

  /// How the form lays itself out in the rows it has.
  private enum Layout: Equatable {
    /// A label above each field, and this many lines of the description (at least one).
    case full(descriptionLines: Int)
    /// One line a field, behind its label, and the note below in this many lines.
    case compact(noteLines: Int)
  }

  /// The one-line fields' labels and fields, the description's label, the blank line and the
  /// note: the full layout's rows besides the description's lines.
  private static let fullRowsBesidesDescription = (Field.allCases.count - 1) * 2 + 1 + 1 + noteLines

  /// The full layout wherever it fits with at least one line of the description (more, up to
  /// ``descriptionLines``, as they fit and the description has them); else one line a field.
  /// Chosen from the rows there are, never from what the description holds, so typing never
  /// switches between them.
  private func layout(width: Int, height: Int) -> Layout {
    let room = height - Self.fullRowsBesidesDescription
    guard room < 1 else {
      return .full(descriptionLines: min(room, Self.descriptionLines, descriptionLines(width: width).count))
    }
    // Two lines for the note, as the full layout has, or as many as the longest field's hint
    // (or the note now) takes, so the box keeps its height as the focus moves.
    let notes = Field.allCases.compactMap { viewModel.hint(for: $0) } + [note()?.text].compactMap { $0 }
    let longest =
      notes.map { TextWrap.lines(ofHints: TextSanitizer.sanitize(strings($0)), width: width).count }.max() ?? 0
    return .compact(noteLines: min(max(longest, Self.noteLines), max(height - Field.allCases.count, 0)))
  }

  /// Exactly the rows the layout that fits in `available` draws, so the box has no blank rows.
  func contentHeight(width: Int, available: Int) -> Int {
    switch layout(width: width, height: available) {
    case .full(let descriptionLines): Self.fullRowsBesidesDescription + descriptionLines
    case .compact(let noteLines): min(Field.allCases.count + noteLines, available)
    }
  }

  /// Every paragraph's lines in a box `width` columns wide, the cursor on the edited one's.
  private func descriptionLines(width: Int) -> [DescriptionLine] {
    let isEditing = viewModel.focusedField == .description
    return viewModel.paragraphs.enumerated().flatMap { index, paragraph in
      let cursor = isEditing && index == viewModel.focusedParagraph ? paragraph.cursor : nil
      return DescriptionLine.lines(of: paragraph.text, paragraph: index, cursor: cursor, width: width)
    }
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    switch layout(width: area.width, height: area.height) {
    case .full(let descriptionLines):
      renderFull(into: &canvas, area: area, descriptionLines: descriptionLines, theme: theme)
    case .compact:
      renderCompact(into: &canvas, area: area, theme: theme)
    }
  }

  /// A label above each field, with the field's reason beside it.
  private func renderFull(into canvas: inout Canvas, area: Rect, descriptionLines: Int, theme: Theme) {
    var row = area.row
    var focusedProblemIsWhole = false
    for field in Field.allCases {
      let isFocused = field == viewModel.focusedField
      var column = canvas.put(
        text: label(of: field), at: Point(column: area.column, row: row), style: isFocused ? theme.title : theme.dim)
      if field == .description, isFocused {
        // Where the cursor is among the paragraphs and, when the window is shorter than the
        // text, which of its lines show: nothing above or below is hidden without a word.
        var positions: [String] = []
        if viewModel.paragraphs.count > 1 {
          positions.append(
            strings(L10n.MyItems.paragraph(index: viewModel.focusedParagraph + 1, total: viewModel.paragraphs.count)))
        }
        let window = descriptionWindow(width: area.width, count: descriptionLines)
        if window.total > window.lines.count {
          positions.append(
            strings(
              L10n.MyItems.descriptionLines(
                first: window.first + 1, last: window.first + window.lines.count, total: window.total)))
        }
        for position in positions {
          column = canvas.put(text: "  " + position, at: Point(column: column, row: row), style: theme.dim)
        }
      }
      if let problem = viewModel.problem(for: field) {
        let room = area.column + area.width - column - 2
        if room > 0 {
          let text = TextSanitizer.sanitize(strings(problem))
          canvas.put(
            text: DisplayWidth.truncate(text, to: room), at: Point(column: column + 2, row: row),
            style: theme.toastError)
          focusedProblemIsWhole = focusedProblemIsWhole || (isFocused && DisplayWidth.of(text) <= room)
        }
      }
      row += 1
      if field == .description {
        for line in descriptionWindow(width: area.width, count: descriptionLines).lines {
          renderDescriptionLine(
            line, into: &canvas, at: Point(column: area.column, row: row), width: area.width, theme: theme)
          row += 1
        }
      } else {
        renderField(
          viewModel.editor(for: field), isFocused: isFocused, into: &canvas, at: Point(column: area.column, row: row),
          width: area.width, theme: theme, click: { Self.click(field, paragraph: 0, at: $0) })
        row += 1
      }
    }
    renderNote(
      into: &canvas,
      area: Rect(column: area.column, row: row + 1, width: area.width, height: area.row + area.height - row - 1),
      theme: theme,
      repeatsProblem: !focusedProblemIsWhole)
  }

  /// One line a field, behind its label; a refused field's label in the error style.
  private func renderCompact(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let labelWidth = min(Field.allCases.map { DisplayWidth.of(label(of: $0)) }.max() ?? 0, area.width / 3)
    var row = area.row
    for field in Field.allCases where row < area.row + area.height {
      let isFocused = field == viewModel.focusedField
      let style =
        viewModel.problem(for: field) != nil ? theme.toastError : isFocused ? theme.title : theme.dim
      canvas.put(
        text: DisplayWidth.truncate(label(of: field), to: labelWidth), at: Point(column: area.column, row: row),
        style: style)
      let fieldColumn = area.column + labelWidth + 1
      // Left, the description reads from its start, as the full layout shows it.
      let isJoined = field == .description && !isFocused
      let editor =
        isJoined
        ? LineEditor(viewModel.paragraphs.map(\.text).joined(separator: " "), limit: .max)
        : viewModel.editor(for: field)
      let paragraph = field == .description ? viewModel.focusedParagraph : 0
      // The line shows one paragraph at a time: where it is among them, as the full layout's
      // label says, or an emptied first paragraph would look like an empty description.
      let position =
        field == .description && isFocused && viewModel.paragraphs.count > 1
        ? " " + strings(L10n.MyItems.paragraph(index: paragraph + 1, total: viewModel.paragraphs.count)) : ""
      let fieldWidth = area.column + area.width - fieldColumn - DisplayWidth.of(position)
      canvas.put(
        text: position, at: Point(column: fieldColumn + max(fieldWidth, 0), row: row), style: theme.dim)
      renderField(
        editor, isFocused: isFocused, into: &canvas, at: Point(column: fieldColumn, row: row),
        width: fieldWidth, theme: theme,
        click: { offset in
          isJoined ? self.clickInJoinedDescription(at: offset) : Self.click(field, paragraph: paragraph, at: offset)
        })
      row += 1
    }
    renderNote(
      into: &canvas, area: Rect(column: area.column, row: row, width: area.width, height: area.row + area.height - row),
      theme: theme)
  }

  /// A field's line: the focused one in the selection's colours, with its cursor; a click on it
  /// means `click` of the offset it puts the cursor at.
  private func renderField(
    _ editor: LineEditor, isFocused: Bool, into canvas: inout Canvas, at point: Point, width: Int, theme: Theme,
    click: @escaping (Int) -> MouseTarget
  ) {
    guard width > 0 else { return }
    let style = isFocused ? theme.selection : theme.text
    canvas.fill(Rect(column: point.column, row: point.row, width: width, height: 1), style: style)
    TextField.render(
      editor, isFocused: isFocused, into: &canvas, at: point, width: width, style: style, cursorStyle: .plain,
      click: click)
  }

  /// What a click at `offset` of `field` (of its paragraph `paragraph`) means.
  private static func click(_ field: Field, paragraph: Int, at offset: Int) -> MouseTarget {
    .field(Field.allCases.firstIndex(of: field) ?? 0, paragraph: paragraph, cursor: offset)
  }

  /// A click at `offset` of the description's paragraphs joined by spaces (the compact layout
  /// shows it so when it is left): the paragraph it falls in, and the place in it.
  private func clickInJoinedDescription(at offset: Int) -> MouseTarget {
    var start = 0
    for (index, paragraph) in viewModel.paragraphs.enumerated() {
      let end = start + paragraph.text.count
      if offset <= end || index == viewModel.paragraphs.count - 1 {
        return Self.click(.description, paragraph: index, at: offset - start)
      }
      start = end + 1
    }
    return Self.click(.description, paragraph: 0, at: 0)
  }

  /// What the form says about the last action (a refused save or paste, a second Esc to
  /// discard) first, as it answers what was just done; else the focused field's reason in full
  /// (unless `repeatsProblem` is off: its label already shows it whole), or what the field takes.
  private func note(repeatsProblem: Bool = true) -> (text: LocalizedText, isError: Bool)? {
    let field = viewModel.focusedField
    if let message = viewModel.message { return (message, true) }
    if repeatsProblem, let problem = viewModel.problem(for: field) { return (problem, true) }
    return viewModel.hint(for: field).map { ($0, false) }
  }

  /// The note (see ``note(repeatsProblem:)``) wrapped into `area`, cut with `…` where it is longer.
  private func renderNote(into canvas: inout Canvas, area: Rect, theme: Theme, repeatsProblem: Bool = true) {
    guard let note = note(repeatsProblem: repeatsProblem), area.height > 0 else { return }
    let style = note.isError ? theme.toastError : theme.dim
    // The description's note is a key hint: its groups wrap whole.
    let lines = TextWrap.lines(
      ofHints: TextSanitizer.sanitize(strings(note.text)), width: area.width, limit: area.height)
    for (offset, line) in lines.enumerated() {
      canvas.put(text: line, at: Point(column: area.column, row: area.row + offset), style: style)
    }
  }

  /// The `count` lines of the description shown, the index of the first and how many there
  /// are in all: while it is edited, a window that keeps the cursor's line in sight (its label
  /// says which lines show); else its first lines, the last ending in `…` when more follow, so
  /// a cut never looks like the end.
  private func descriptionWindow(width: Int, count: Int) -> (lines: [DescriptionLine], first: Int, total: Int) {
    let lines = descriptionLines(width: width)
    let count = min(lines.count, count)
    guard let anchor = lines.firstIndex(where: { $0.cursor != nil }) else {
      var shown = Array(lines.prefix(count))
      if lines.count > count, let last = shown.popLast() {
        // The `…` stands for what follows: a click on it goes to the line's end.
        shown.append(
          DescriptionLine(
            paragraph: last.paragraph, text: last.text + "…", cursor: nil,
            offsets: last.offsets + [last.offsets.last ?? 0]))
      }
      return (shown, 0, lines.count)
    }
    let first = max(0, min(anchor - count / 2, lines.count - count))
    return (Array(lines[first..<first + count]), first, lines.count)
  }

  /// A line of the description: the edited paragraph's lines in the selection's colours, the
  /// cursor where it stands. A click on a character puts the cursor before it; past the line's
  /// end, at its end.
  private func renderDescriptionLine(
    _ line: DescriptionLine, into canvas: inout Canvas, at point: Point, width: Int, theme: Theme
  ) {
    let isEdited = viewModel.focusedField == .description && line.paragraph == viewModel.focusedParagraph
    let style = isEdited ? theme.selection : theme.text
    canvas.fill(Rect(column: point.column, row: point.row, width: width, height: 1), style: style)
    let click = { Self.click(.description, paragraph: line.paragraph, at: $0) }
    canvas.mark(Rect(column: point.column, row: point.row, width: width, height: 1), as: click(line.offsets.last ?? 0))
    var markColumn = point.column
    for (index, character) in line.text.enumerated() {
      // The cursor takes a column of its own before the character it stands before.
      if index == line.cursor { markColumn += DisplayWidth.of(TextField.cursor) }
      let characterWidth = DisplayWidth.of(character)
      canvas.mark(
        Rect(column: markColumn, row: point.row, width: characterWidth, height: 1), as: click(line.offsets[index]))
      markColumn += characterWidth
    }
    guard let cursor = line.cursor else {
      canvas.put(text: line.text, at: point, style: style)
      return
    }
    let characters = Array(line.text)
    var column = canvas.put(text: String(characters[..<cursor]), at: point, style: style)
    column = canvas.put(text: TextField.cursor, at: Point(column: column, row: point.row), style: .plain)
    canvas.put(text: String(characters[cursor...]), at: Point(column: column, row: point.row), style: style)
  }

  private func label(of field: Field) -> String {
    strings(MyItemFormViewModel.label(of: field))
  }

  func keyBindings(in area: Rect) -> KeyBindings {
    let focused = viewModel.focusedField
    let upDown: KeyBinding =
      switch focused {
      case .category:
        .directions(back: [.up], forward: [.down], L10n.Help.chooseCategory) {
          self.viewModel.send(.cycleCategory(by: $0))
        }
      case .description:
        .directions(back: [.up], forward: [.down], L10n.Help.line) { self.moveLine(by: $0, in: area) }
      default: nextFieldBinding
      }
    var own = [KeyBinding([.ctrl("s")], L10n.Help.saveItem) { self.viewModel.send(.confirm) }, upDown]
    if focused == .description {
      // Listed for help; the field takes Enter before the table does (see `textField` below).
      own.append(KeyBinding([.enter], L10n.Help.newParagraph) { self.viewModel.send(.breakParagraph) })
    }
    return KeyBindings(
      [KeyBindings.Section(L10n.Help.sectionItemForm, id: .itemForm, own), editingBindings],
      textField: { key in
        guard self.viewModel.focusedField == .description else { return self.typing(key) }
        switch key {
        case .enter:
          self.viewModel.send(.breakParagraph)
        case .paste(let text):
          // Its lines kept, each starting a paragraph, where a one-line field's paste turns
          // its line breaks into spaces.
          self.viewModel.send(.paste(TextSanitizer.pastedLines(text)))
        default:
          return self.typing(key)
        }
        return true
      })
  }

  /// ↑ (`direction` -1) or ↓ (1) in the description, laid out in `area`: to the line before or
  /// after as it wraps there (each paragraph is one line where the compact layout shows one
  /// line a field), keeping the column; above the first line or below the last, out to the
  /// field before or after.
  private func moveLine(by direction: Int, in area: Rect) {
    let width =
      switch layout(width: area.width, height: area.height) {
      case .full: area.width
      case .compact: Int.max
      }
    if let place = DescriptionLine.place(direction, from: descriptionLines(width: width)) {
      viewModel.send(.placeCursor(in: .description, paragraph: place.paragraph, at: place.offset, line: place.line))
    } else {
      viewModel.send(direction < 0 ? .focusPreviousField : .focusNextField)
    }
  }

  /// Enter outside the description saves, as Ctrl-S does: named so, not "confirm".
  var confirmSummary: LocalizedText {
    L10n.Help.saveItem
  }

  /// A click on a field focuses it, the cursor where the click fell.
  func handleClick(on target: MouseTarget) -> Bool {
    guard case .field(let index, let paragraph, let offset) = target, Field.allCases.indices.contains(index) else {
      return false
    }
    viewModel.send(.placeCursor(in: Field.allCases[index], paragraph: paragraph, at: offset))
    return true
  }

  func send(_ action: MyItemFormViewModel.Action) {
    viewModel.send(action)
  }
}
