import FunModel
import FunViewModel

/// A one-line text field as every screen shows it, and the keys that edit it: the one place
/// Search's query, the sign-in name, the profile editor's fields and the `:` command line take
/// their editing keys from, so a field edits the same way wherever it is.
///
/// The keys are readline's, the ones a shell's users type without thinking: ←/→ (Ctrl-B/F)
/// move by a character, Alt-B/F by a word, Home/End (Ctrl-A/E) to the ends; Backspace and
/// Delete (Ctrl-D) delete a character, Ctrl-W or Alt-Backspace (Alt-D) a word back (forward),
/// Ctrl-U and Ctrl-K to the start and to the end. Printable keys type; a paste is typed as one edit, sanitised
/// first (line breaks inside it become spaces, those at its ends go), never read as keys.
enum TextField {
  /// One line of the field's keys as help shows it: what they do, and the edit each makes.
  private struct Row {
    let summary: LocalizedText
    let edits: [(key: Key, edit: LineEditor.Edit)]
  }

  /// The editing keys, in the order help lists them: the one table both ``edit(for:)`` and
  /// ``keyBindings(_:)`` read, so help cannot name an editing key a field does not take.
  private static let rows = [
    Row(
      summary: L10n.Help.cursorCharacter,
      edits: [
        (.left, .move(.characterBackward)), (.right, .move(.characterForward)),
        (.ctrl("b"), .move(.characterBackward)), (.ctrl("f"), .move(.characterForward)),
      ]),
    Row(summary: L10n.Help.cursorWord, edits: [(.alt("b"), .move(.wordBackward)), (.alt("f"), .move(.wordForward))]),
    Row(
      summary: L10n.Help.cursorEnds,
      edits: [(.home, .move(.start)), (.end, .move(.end)), (.ctrl("a"), .move(.start)), (.ctrl("e"), .move(.end))]),
    Row(
      summary: L10n.Help.deleteCharacter,
      edits: [
        (.backspace, .delete(.characterBackward)), (.delete, .delete(.characterForward)),
        (.ctrl("d"), .delete(.characterForward)),
      ]),
    Row(
      summary: L10n.Help.deleteWord,
      edits: [
        (.ctrl("w"), .delete(.wordBackward)), (.alt(Key.backspaceCharacter), .delete(.wordBackward)),
        (.alt("d"), .delete(.wordForward)),
      ]),
    Row(summary: L10n.Help.deleteToEnds, edits: [(.ctrl("u"), .delete(.start)), (.ctrl("k"), .delete(.end))]),
  ]

  /// The edit `key` makes in a field, or `nil` when the key is not a field's (↑/↓, Enter, Esc,
  /// Tab: the screen decides what they mean).
  static func edit(for key: Key) -> LineEditor.Edit? {
    switch key {
    case .char(let character): .insert(String(character))
    // A one-line field types each line break inside a paste as a space.
    case .paste(let text): .insert(LineEditor.oneLine(TextSanitizer.pastedLines(text)))
    default: rows.lazy.flatMap(\.edits).first { $0.key == key }?.edit
    }
  }

  /// The field's editing keys as a section of a screen's (or sheet's) key-binding table, so help
  /// lists them where a field has the focus; each binding hands `apply` the edit of its key.
  @MainActor
  static func keyBindings(_ apply: @escaping (LineEditor.Edit) -> Void) -> KeyBindings.Section {
    KeyBindings.Section(
      L10n.Help.sectionEditing,
      rows.map { row in
        KeyBinding(row.edits.map(\.key), row.summary) { key in
          if let edit = row.edits.first(where: { $0.key == key })?.edit { apply(edit) }
        }
      })
  }

  /// Typing into a field, for a key-binding table's `textField` hook: a printable key or a paste
  /// becomes the insertion `apply` makes; any other key is left to the table.
  @MainActor
  static func typing(_ apply: @escaping (LineEditor.Edit) -> Void) -> (Key) -> Bool {
    { key in
      switch key {
      case .char, .paste:
        if let edit = edit(for: key) { apply(edit) }
        return true
      default:
        return false
      }
    }
  }

  /// The cursor: a thin bar between two characters, so it never hides one.
  static let cursor = "▏"

  /// Draws `field` from `point`, in at most `width` columns, and returns the column after it.
  ///
  /// Focused, the cursor shows where it is; text wider than the field scrolls so the cursor
  /// stays in sight (the text before it is cut at the left, the rest at the right, each cut
  /// marked with `…`).
  /// Unfocused, the text reads from its start, cut with `…` where it does not fit.
  ///
  /// With `click`, each character's cells take a click as `click` of the offset (in the text as
  /// typed) of the cursor before it, and the rest of the `width` columns as the text's end; a
  /// `…` stands for the character it hides.
  @discardableResult
  static func render(
    _ field: LineEditor, isFocused: Bool, into canvas: inout Canvas, at point: Point, width: Int, style: Style,
    cursorStyle: Style, click: ((Int) -> MouseTarget)? = nil
  ) -> Int {
    guard width > 0 else { return point.column }
    let typed = click.map { click in
      canvas.mark(Rect(column: point.column, row: point.row, width: width, height: 1), as: click(field.text.count))
      return (click: click, offsets: typedOffsets(of: field.text))
    }
    let characters = Array(field.text)
    guard isFocused else {
      let visible = DisplayWidth.truncate(TextSanitizer.sanitize(field.text), to: width)
      if let typed { mark(visible, from: point, offsets: typed.offsets, first: 0, into: &canvas, as: typed.click) }
      return canvas.put(text: visible, at: point, style: style)
    }
    let before = TextSanitizer.sanitize(String(characters[..<field.cursor]))
    let after = TextSanitizer.sanitize(String(characters[field.cursor...]))
    let room = width - DisplayWidth.of(cursor)
    // Some of what follows the cursor stays in sight too, so a person sees where an edit lands.
    let roomAfter = min(DisplayWidth.of(after), room / 3)
    var shownBefore = TextWrap.tail(before, width: room - roomAfter)
    if shownBefore.count < before.count, room - roomAfter >= 2 {
      // Cut at the left: a `…` says so, as one at the right does, in the place of what it hides.
      shownBefore = "…" + TextWrap.tail(before, width: room - roomAfter - 1)
    }
    var column = canvas.put(text: shownBefore, at: point, style: style)
    column = canvas.put(text: cursor, at: Point(column: column, row: point.row), style: cursorStyle)
    let shownAfter = DisplayWidth.truncate(after, to: room - DisplayWidth.of(shownBefore))
    if let typed {
      // Counted from the cursor: what shows before it ends there, what shows after starts there.
      let cursorOffset = before.count
      mark(
        shownBefore, from: point, offsets: typed.offsets, first: cursorOffset - shownBefore.count, into: &canvas,
        as: typed.click)
      mark(
        cursor + shownAfter, from: Point(column: column - DisplayWidth.of(cursor), row: point.row),
        offsets: typed.offsets, first: cursorOffset, into: &canvas, as: typed.click, skippingFirst: true)
    }
    return canvas.put(text: shownAfter, at: Point(column: column, row: point.row), style: style)
  }

  /// Marks each character of `shown`, drawn from `point`, as a click before the character at
  /// offset `first` + its index in the sanitised text (`offsets` maps that to the typed text);
  /// with `skippingFirst`, the first character (the cursor) stands for no character of its own.
  private static func mark(
    _ shown: String, from point: Point, offsets: [Int], first: Int, into canvas: inout Canvas,
    as click: (Int) -> MouseTarget, skippingFirst: Bool = false
  ) {
    var column = point.column
    for (index, character) in shown.enumerated() {
      let clean = min(max(first + (skippingFirst ? max(index - 1, 0) : index), 0), offsets.count - 1)
      let width = DisplayWidth.of(character)
      canvas.mark(Rect(column: column, row: point.row, width: width, height: 1), as: click(offsets[clean]))
      column += width
    }
  }

  /// For each offset in `text` sanitised (0 through its length), the offset in `text` itself
  /// where the cursor stands there: what a field draws, mapped back to what was typed.
  static func typedOffsets(of text: String) -> [Int] {
    let clean = TextSanitizer.sanitize(text)
    let characters = Array(text)
    guard !clean.unicodeScalars.elementsEqual(text.unicodeScalars) else { return Array(0...characters.count) }
    var offsets: [Int] = []
    let count = clean.count
    for typed in 0...characters.count {
      let shown = min(TextSanitizer.sanitize(String(characters[..<typed])).count, count)
      while offsets.count <= shown { offsets.append(typed) }
    }
    return offsets
  }
}
