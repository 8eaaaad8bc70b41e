import FunViewModel

/// A one-line text field as every screen shows it, and the keys that edit it: the one place
/// Search's query, the sign-in name, the profile editor's fields and the `:` command line take
/// their editing keys from, so a field edits the same way wherever it is.
///
/// The keys are readline's, the ones a shell's users type without thinking: ←/→ (Ctrl-B/F)
/// move by a character, Alt-B/F by a word, Home/End (Ctrl-A/E) to the ends; Backspace and
/// Delete (Ctrl-D) delete a character, Ctrl-W or Alt-Backspace (Alt-D) a word back (forward),
/// Ctrl-U and Ctrl-K to the start and to the end. Printable keys type; a paste is typed as one edit, sanitised
/// first (line breaks become spaces), never read as keys.
enum TextField {
  /// The edit `key` makes in a field, or `nil` when the key is not a field's (↑/↓, Enter, Esc,
  /// Tab: the screen decides what they mean).
  static func edit(for key: Key) -> LineEditor.Edit? {
    switch key {
    case .char(let character): .insert(String(character))
    case .paste(let text): .insert(TextSanitizer.sanitize(text))
    case .left, .ctrl("b"): .move(.characterBackward)
    case .right, .ctrl("f"): .move(.characterForward)
    case .alt("b"): .move(.wordBackward)
    case .alt("f"): .move(.wordForward)
    case .home, .ctrl("a"): .move(.start)
    case .end, .ctrl("e"): .move(.end)
    case .backspace: .delete(.characterBackward)
    case .delete, .ctrlD: .delete(.characterForward)
    case .ctrl("w"), .alt(Key.backspaceCharacter): .delete(.wordBackward)
    case .alt("d"): .delete(.wordForward)
    case .ctrl("u"): .delete(.start)
    case .ctrl("k"): .delete(.end)
    default: nil
    }
  }

  /// The cursor: a thin bar between two characters, so it never hides one.
  static let cursor = "▏"

  /// Draws `field` from `point`, in at most `width` columns, and returns the column after it.
  ///
  /// Focused, the cursor shows where it is; text wider than the field scrolls so the cursor
  /// stays in sight (the text before it is cut at the left, the rest at the right, with `…`).
  /// Unfocused, the text reads from its start, cut with `…` where it does not fit.
  @discardableResult
  static func render(
    _ field: LineEditor, isFocused: Bool, into canvas: inout Canvas, at point: Point, width: Int, style: Style,
    cursorStyle: Style
  ) -> Int {
    guard width > 0 else { return point.column }
    let characters = Array(field.text)
    guard isFocused else {
      let visible = DisplayWidth.truncate(TextSanitizer.sanitize(field.text), to: width)
      return canvas.put(text: visible, at: point, style: style)
    }
    let before = TextSanitizer.sanitize(String(characters[..<field.cursor]))
    let after = TextSanitizer.sanitize(String(characters[field.cursor...]))
    let room = width - DisplayWidth.of(cursor)
    // Some of what follows the cursor stays in sight too, so a person sees where an edit lands.
    let roomAfter = min(DisplayWidth.of(after), room / 3)
    let shownBefore = TextWrap.tail(before, width: room - roomAfter)
    var column = canvas.put(text: shownBefore, at: point, style: style)
    column = canvas.put(text: cursor, at: Point(column: column, row: point.row), style: cursorStyle)
    let shownAfter = DisplayWidth.truncate(after, to: room - DisplayWidth.of(shownBefore))
    return canvas.put(text: shownAfter, at: Point(column: column, row: point.row), style: style)
  }
}
