import FunModel
import FunViewModel

/// The form that writes or edits one of your items: id, title, subtitle, category and the
/// description's paragraphs, each field edited as every field is (``TextField``: the cursor
/// keys, a paste).
///
/// Tab and Shift-Tab move between the fields, as do ↑/↓ except where they mean more: in the
/// category they step through the known categories, in the description through its
/// paragraphs (and out of it past the first or last). Enter saves, except in the description,
/// where it starts a new paragraph, as each line break of a paste does there; Ctrl-S saves
/// from any field. Esc cancels (with changes, a second Esc does).
///
/// The description's paragraphs wrap in the box, edited or not, the cursor where it stands
/// between its words; at most five lines show, scrolling with the cursor. Each refused field says why beside its label, in the error style; below the fields, what the
/// form has to say (a refused paste, a second Esc to discard), else the focused field's reason
/// in full when its label had to cut it, or else what the field takes. Where
/// there is no room for a label above each field (a 12-line terminal), each field takes one
/// line behind its label, and a refused field's label shows in the error style.
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
  init(viewModel: MyItemFormViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var boundViewModel: AnyObject? { viewModel }

  var title: String {
    viewModel.originalID.map { strings(L10n.MyItems.editTitle($0)) } ?? strings(L10n.MyItems.newTitle)
  }

  /// In the description Enter starts a paragraph, so there the footer offers Ctrl-S to save.
  var hints: String {
    strings(viewModel.focusedField == .description ? L10n.MyItems.formHintsDescription : L10n.MyItems.formHints)
  }

  var preferredWidth: Int { 60 }

  /// Label and field for each one-line field, the description's label and its wrapped lines, a
  /// blank line and the note.
  func contentHeight(width: Int) -> Int {
    let lineFields = Field.allCases.count - 1
    return lineFields * 2 + 1 + min(descriptionLines(width: width).count, Self.descriptionLines) + 1 + Self.noteLines
  }

  /// One line of the description as the box shows it, wrapped.
  private struct DescriptionLine {
    /// The paragraph it belongs to.
    let paragraph: Int
    /// Its text, sanitised, without the cursor.
    let text: String
    /// Where the cursor stands in it, in characters of `text`; `nil` on every other line.
    let cursor: Int?
  }

  /// Every paragraph wrapped to `width` columns, an empty one a blank line. The edited
  /// paragraph is wrapped with its cursor inside it, so the cursor lands where the text it
  /// stands between does.
  private func descriptionLines(width: Int) -> [DescriptionLine] {
    let isEditing = viewModel.focusedField == .description
    var result: [DescriptionLine] = []
    for (index, paragraph) in viewModel.paragraphs.enumerated() {
      guard isEditing, index == viewModel.focusedParagraph else {
        // A paragraph of spaces wraps to no line; it still shows as one, blank.
        let lines = TextWrap.lines(TextSanitizer.sanitize(paragraph.text), width: width)
        result += (lines.isEmpty ? [""] : lines).map { DescriptionLine(paragraph: index, text: $0, cursor: nil) }
        continue
      }
      let characters = Array(paragraph.text)
      let before = TextSanitizer.sanitize(String(characters[..<paragraph.cursor]))
      let after = TextSanitizer.sanitize(String(characters[paragraph.cursor...]))
      // The cursor is the one marker after as many as the text before it holds.
      var markersLeft = before.count { $0 == Self.cursorMarker }
      for line in TextWrap.lines(before + String(Self.cursorMarker) + after, width: width) {
        var text = Array(line)
        var cursor: Int?
        if markersLeft >= 0, let position = Self.marker(after: markersLeft, in: text) {
          text.remove(at: position)
          cursor = position
        }
        markersLeft -= line.count { $0 == Self.cursorMarker }
        result.append(DescriptionLine(paragraph: index, text: String(text), cursor: cursor))
      }
    }
    return result
  }

  /// Stands for the cursor while a paragraph is wrapped: one column, as ``TextField/cursor`` is.
  private static let cursorMarker: Character = "\u{258F}"

  /// The position of the marker after `skipping` others in `text`, if it is there.
  private static func marker(after skipping: Int, in text: [Character]) -> Int? {
    text.indices.filter { text[$0] == cursorMarker }.dropFirst(skipping).first
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    if area.height >= contentHeight(width: area.width) {
      renderFull(into: &canvas, area: area, theme: theme)
    } else {
      renderCompact(into: &canvas, area: area, theme: theme)
    }
  }

  /// A label above each field, with the field's reason beside it.
  private func renderFull(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    var focusedProblemIsWhole = false
    for field in Field.allCases {
      let isFocused = field == viewModel.focusedField
      var column = canvas.put(
        text: label(of: field), at: Point(column: area.column, row: row), style: isFocused ? theme.title : theme.dim)
      if field == .description, viewModel.paragraphs.count > 1 {
        let position = strings(
          L10n.MyItems.paragraph(index: viewModel.focusedParagraph + 1, total: viewModel.paragraphs.count))
        column = canvas.put(text: "  " + position, at: Point(column: column, row: row), style: theme.dim)
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
        for line in shownDescriptionLines(width: area.width) {
          renderDescriptionLine(
            line, into: &canvas, at: Point(column: area.column, row: row), width: area.width, theme: theme)
          row += 1
        }
      } else {
        renderField(
          viewModel.editor(for: field), isFocused: isFocused, into: &canvas, at: Point(column: area.column, row: row),
          width: area.width, theme: theme)
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
      renderField(
        viewModel.editor(for: field), isFocused: isFocused, into: &canvas, at: Point(column: fieldColumn, row: row),
        width: area.column + area.width - fieldColumn, theme: theme)
      row += 1
    }
    renderNote(
      into: &canvas, area: Rect(column: area.column, row: row, width: area.width, height: area.row + area.height - row),
      theme: theme)
  }

  /// A field's line: the focused one in the selection's colours, with its cursor.
  private func renderField(
    _ editor: LineEditor, isFocused: Bool, into canvas: inout Canvas, at point: Point, width: Int, theme: Theme
  ) {
    guard width > 0 else { return }
    let style = isFocused ? theme.selection : theme.text
    canvas.fill(Rect(column: point.column, row: point.row, width: width, height: 1), style: style)
    TextField.render(
      editor, isFocused: isFocused, into: &canvas, at: point, width: width, style: style, cursorStyle: .plain)
  }

  /// What the form says about the last action (a refused save or paste, a second Esc to
  /// discard) first, as it answers what was just done; else the focused field's reason in full
  /// (unless `repeatsProblem` is off: its label already shows it whole), or what the field takes.
  private func renderNote(into canvas: inout Canvas, area: Rect, theme: Theme, repeatsProblem: Bool = true) {
    let field = viewModel.focusedField
    let (note, style): (LocalizedText?, Style) =
      if let message = viewModel.message {
        (message, theme.toastError)
      } else if repeatsProblem, let problem = viewModel.problem(for: field) {
        (problem, theme.toastError)
      } else {
        (viewModel.hint(for: field), theme.dim)
      }
    guard let note, area.height > 0 else { return }
    let lines = TextWrap.lines(TextSanitizer.sanitize(strings(note)), width: area.width, limit: area.height)
    for (offset, line) in lines.enumerated() {
      canvas.put(text: line, at: Point(column: area.column, row: area.row + offset), style: style)
    }
  }

  /// The description's lines shown: a window that keeps the cursor's line in sight, or the
  /// focused paragraph's first line while another field has the focus.
  private func shownDescriptionLines(width: Int) -> [DescriptionLine] {
    let lines = descriptionLines(width: width)
    let count = min(lines.count, Self.descriptionLines)
    let anchor =
      lines.firstIndex { $0.cursor != nil } ?? lines.firstIndex { $0.paragraph == viewModel.focusedParagraph } ?? 0
    let first = max(0, min(anchor - count / 2, lines.count - count))
    return Array(lines[first..<first + count])
  }

  /// A line of the description: the edited paragraph's lines in the selection's colours, the
  /// cursor where it stands.
  private func renderDescriptionLine(
    _ line: DescriptionLine, into canvas: inout Canvas, at point: Point, width: Int, theme: Theme
  ) {
    let isEdited = viewModel.focusedField == .description && line.paragraph == viewModel.focusedParagraph
    let style = isEdited ? theme.selection : theme.text
    canvas.fill(Rect(column: point.column, row: point.row, width: width, height: 1), style: style)
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

  var keyBindings: KeyBindings {
    let focused = viewModel.focusedField
    let upDown: KeyBinding =
      switch focused {
      case .category:
        .directions(back: [.up], forward: [.down], L10n.Help.chooseCategory) {
          self.viewModel.send(.cycleCategory(by: $0))
        }
      case .description:
        .directions(back: [.up], forward: [.down], L10n.Help.paragraph) { self.viewModel.send(.focusParagraph(by: $0)) }
      default: nextFieldBinding
      }
    var own = [KeyBinding([.ctrl("s")], L10n.Help.saveItem) { self.viewModel.send(.confirm) }, upDown]
    if focused == .description {
      // Listed for help; the field takes Enter before the table does (see `textField` below).
      own.append(KeyBinding([.enter], L10n.Help.newParagraph) { self.viewModel.send(.breakParagraph) })
    }
    return KeyBindings(
      [KeyBindings.Section(L10n.Help.sectionItemForm, own), editingBindings],
      textField: { key in
        guard self.viewModel.focusedField == .description else { return self.typing(key) }
        switch key {
        case .enter:
          self.viewModel.send(.breakParagraph)
        case .paste(let text):
          // Its line breaks kept, each starting a paragraph, where a one-line field's paste
          // turns them into spaces.
          self.viewModel.send(.edit(.insert(TextSanitizer.lines(text).joined(separator: "\n"))))
        default:
          return self.typing(key)
        }
        return true
      })
  }

  func send(_ action: MyItemFormViewModel.Action) {
    viewModel.send(action)
  }
}
