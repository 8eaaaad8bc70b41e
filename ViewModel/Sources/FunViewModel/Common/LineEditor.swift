import Foundation
import FunModel

/// One line of editable text and its cursor: the model behind every text field (Search's query,
/// the sign-in name, the profile editor's fields, the `:` command line), so each field edits
/// the same way, with the keys people's fingers know from a shell.
///
/// A value type: a ViewModel keeps one per field and applies an ``Edit`` to it; the screen maps
/// keys to edits in one table. The cursor counts characters (grapheme clusters) before it, so
/// an emoji or an accented letter is one step. A word, for the word motions, is a run of letters
/// and digits, as readline's Alt-B and Alt-F see it.
///
/// The text never grows past the limit it was made with, in characters and in the bytes they
/// allow (``/FunModel/TextBound``): an insertion keeps what fits, so a paste cannot grow a field
/// without end, nor one character of endless combining marks. The text is what was inserted: the screen inserts only
/// printable text (it sanitises a paste first).
public struct LineEditor: Equatable, Sendable {
  /// A change to the line, as a key or a paste asks for it.
  public enum Edit: Equatable, Sendable {
    /// Inserts text at the cursor (typing, or a paste) and moves the cursor after it.
    case insert(String)
    /// Moves the cursor.
    case move(Motion)
    /// Deletes from the cursor to where the motion would move it (Backspace, Delete, Ctrl-U,
    /// Ctrl-K, Ctrl-W, Alt-D); the cursor ends at the start of what was deleted.
    case delete(Motion)
  }

  /// Where the cursor goes, or how far a deletion reaches.
  public enum Motion: Equatable, Sendable {
    /// One character back (←, Backspace).
    case characterBackward
    /// One character forward (→, Delete).
    case characterForward
    /// To the start of this word, or of the previous one (Alt-B, Ctrl-W).
    case wordBackward
    /// To the end of this word, or of the next one (Alt-F, Alt-D).
    case wordForward
    /// To the start of the line (Home, Ctrl-A, Ctrl-U).
    case start
    /// To the end of the line (End, Ctrl-E, Ctrl-K).
    case end
  }

  /// The text of the line.
  public private(set) var text: String

  /// How many characters are before the cursor: 0 at the start, `text.count` at the end.
  public private(set) var cursor: Int

  /// The most characters the line takes.
  let limit: Int

  /// The lines of a paste as one line, for a field that holds one: each line break becomes a
  /// single space, whatever whitespace was around it (an indent, a trailing space, a blank line
  /// between paragraphs), so pasted paragraphs read as sentences, not runs of spaces. The
  /// paste's own first and last whitespace stays, as typing it would.
  public static func oneLine(_ lines: [String]) -> String {
    guard let first = lines.first, let last = lines.last, lines.count > 1 else { return lines.first ?? "" }
    let leading = first.prefix(while: \.isWhitespace)
    let trailing = String(last.reversed().prefix(while: \.isWhitespace).reversed())
    let words = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    return leading + words.joined(separator: " ") + trailing
  }

  /// A line holding `text` (cut to `limit` characters), the cursor after `cursor` characters
  /// (clamped to the text), or at its end when `nil`.
  public init(_ text: String = "", cursor: Int? = nil, limit: Int = 256) {
    self.limit = max(limit, 0)
    self.text = String(text.prefix(self.limit))
    self.cursor = min(max(cursor ?? self.text.count, 0), self.text.count)
  }

  /// The same line with the cursor after `offset` characters (clamped to the text): where a
  /// click, or a move between wrapped lines, puts it.
  func placingCursor(at offset: Int) -> LineEditor {
    LineEditor(text, cursor: offset, limit: limit)
  }

  /// Applies `edit`; returns whether the text changed (a motion never changes it).
  @discardableResult
  public mutating func apply(_ edit: Edit) -> Bool {
    let before = text
    switch edit {
    case .insert(let inserted):
      insert(inserted)
    case .move(let motion):
      cursor = position(after: motion)
    case .delete(let motion):
      let target = position(after: motion)
      let range = min(cursor, target)..<max(cursor, target)
      let characters = Array(text)
      text = String(characters[..<range.lowerBound] + characters[range.upperBound...])
      cursor = range.lowerBound
    }
    return text != before
  }

  private mutating func insert(_ inserted: String) {
    let characters = Array(text)
    let room = limit - characters.count
    var byteRoom = limit * TextBound.bytesPerCharacter - text.utf8.count
    guard room > 0, !inserted.isEmpty else { return }
    let fitting = inserted.prefix(room).prefix { character in
      byteRoom -= character.utf8.count
      return byteRoom >= 0
    }
    guard !fitting.isEmpty else { return }
    let head = String(characters[..<cursor]) + fitting
    text = head + String(characters[cursor...])
    // Counted again, not added: a combining mark joins the character before it.
    cursor = min(head.count, text.count)
  }

  /// Where the cursor would be after `motion`.
  private func position(after motion: Motion) -> Int {
    let characters = Array(text)
    switch motion {
    case .characterBackward:
      return max(cursor - 1, 0)
    case .characterForward:
      return min(cursor + 1, characters.count)
    case .start:
      return 0
    case .end:
      return characters.count
    case .wordBackward:
      var index = cursor
      while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
      while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
      return index
    case .wordForward:
      var index = cursor
      while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
      while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
      return index
    }
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }
}
