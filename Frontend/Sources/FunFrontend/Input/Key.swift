/// One key press, decoded from the bytes a terminal sends.
///
/// Modifier combinations of navigation keys (Ctrl-Up, Shift-End) decode as the key itself, so a
/// person holding a modifier still moves; Shift-Tab is ``backTab``. Printable text arrives one
/// ``char(_:)`` per Unicode scalar; a combining mark therefore arrives as its own `char` and
/// joins the previous character when appended to a `String`.
public enum Key: Hashable, Sendable {
  /// A printable character, including space.
  case char(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Enter or Return (CR or LF).
  case enter
  /// Escape, on its own.
  case escape
  /// Backspace (DEL or BS).
  case backspace
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Ctrl-C (in raw mode it arrives as a key, not as SIGINT).
  case ctrlC
  /// Ctrl and another letter, lowercase: `.ctrl("l")`. Ctrl-C and the letters that are keys of
  /// their own (H backspace, I tab, J and M enter) never appear here.
  case ctrl(Character)
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Forward delete.
  case delete
  /// Insert.
  case insert
  /// A function key, F1 to F12.
  case function(Int)
  /// Alt (Meta) and a printable ASCII character, or Backspace (as DEL, `"\u{7F}"`):
  /// terminals send it as ESC followed by the character, in one write. Text fields take
  /// Alt-B, Alt-F, Alt-D and Alt-Backspace; decoding the others keeps Alt-q from arriving as
  /// Escape and then `q` (which would quit).
  case alt(Character)
  /// Text the terminal delivered as one bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`):
  /// text, never key bindings, so pasting "quit" on a list quits nothing.
  case paste(String)
  /// The terminal's window gained (`true`) or lost the keyboard focus, reported while focus
  /// reporting (mode 1004) is on: ``TTYTerminal`` turns it on, so a window in the background
  /// spares the redraws of a spinner nobody watches.
  case focus(gained: Bool)
  /// A click or a wheel turn, reported while mouse mode is on (``TTYTerminal`` turns it on
  /// unless `--no-mouse`).
  case mouse(MouseEvent)
  /// Bytes that are not a key Fun knows: an unsupported escape sequence, invalid UTF-8, a
  /// control character without a meaning here.
  case unknown([UInt8])

  /// What ``alt(_:)`` holds for Alt-Backspace: DEL, the byte Backspace sends.
  static let backspaceCharacter: Character = "\u{7F}"
}
