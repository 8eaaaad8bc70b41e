import Testing

@testable import FunFrontend
@testable import FunViewModel

@Suite("TextField")
@MainActor
struct TextFieldTests {
  /// Every key a field takes, and the edit it makes.
  nonisolated static let edits: [(Key, LineEditor.Edit)] = [
    (Key.char("x"), LineEditor.Edit.insert("x")),
    (.paste("two\nlines\u{1B}[2J"), .insert("two lines")),
    (.left, .move(.characterBackward)), (.ctrl("b"), .move(.characterBackward)),
    (.right, .move(.characterForward)), (.ctrl("f"), .move(.characterForward)),
    (.alt("b"), .move(.wordBackward)), (.alt("f"), .move(.wordForward)),
    (.home, .move(.start)), (.ctrl("a"), .move(.start)),
    (.end, .move(.end)), (.ctrl("e"), .move(.end)),
    (.backspace, .delete(.characterBackward)), (.delete, .delete(.characterForward)),
    (.ctrl("d"), .delete(.characterForward)),
    (.ctrl("w"), .delete(.wordBackward)), (.alt("\u{7F}"), .delete(.wordBackward)),
    (.alt("d"), .delete(.wordForward)),
    (.ctrl("u"), .delete(.start)), (.ctrl("k"), .delete(.end)),
  ]

  @Test("Every readline key a field takes maps to its edit", arguments: edits)
  func keys(key: Key, edit: LineEditor.Edit) {
    #expect(TextField.edit(for: key) == edit)
  }

  @Test(
    "A paste's line breaks at either end are not typed; inside, they are spaces",
    arguments: [
      ("alice\n", "alice"), ("\r\nalice\r\n", "alice"), ("\n\n", ""), ("a\nb\n", "a b"), ("  ada \n", "  ada "),
      // The whitespace around a break inside is one space with it, blank lines too.
      ("One.  \n\n  Two. \n\tThree", "One. Two. Three"), (" a \r\n b ", " a b "),
    ])
  func pasteLineBreaks(pasted: String, typed: String) {
    #expect(TextField.edit(for: .paste(pasted)) == .insert(typed))
  }

  @Test("Help's section of editing keys is the field's own table: each key listed, each making its own edit")
  func helpSection() {
    var applied: [LineEditor.Edit] = []
    let section = TextField.keyBindings { applied.append($0) }
    let listed = section.bindings.flatMap(\.keys)
    let editing = Self.edits.map(\.0).filter { key in
      switch key {
      case .char, .paste: false
      default: true
      }
    }
    #expect(Set(listed) == Set(editing))
    #expect(listed.count == editing.count, "a key listed twice")
    for binding in section.bindings {
      for key in binding.keys {
        applied = []
        binding.action(key)
        #expect(applied == [TextField.edit(for: key)].compactMap { $0 }, "\(key)")
      }
    }
  }

  @Test(
    "Alt with a capital letter (Alt-Shift-b) makes the edit Alt with the small one makes, as help names it Alt-B",
    arguments: [
      (Key.alt("B"), LineEditor.Edit.move(.wordBackward)), (.alt("F"), .move(.wordForward)),
      (.alt("D"), .delete(.wordForward)),
    ])
  func altShift(key: Key, edit: LineEditor.Edit) {
    var applied: [LineEditor.Edit] = []
    let table = KeyBindings([TextField.keyBindings { applied.append($0) }])
    #expect(table.handleBinding(key))
    #expect(applied == [edit])
    // A capital that nothing binds in lower case either stays unbound.
    #expect(!table.handleBinding(.alt("Q")))
  }

  @Test("Typing takes printable keys and a paste, as insertions; the rest is left to the table")
  func typing() {
    var applied: [LineEditor.Edit] = []
    let type = TextField.typing { applied.append($0) }
    #expect(type(.char("q")))
    #expect(type(.paste("a\nb")))
    #expect(!type(.ctrl("a")) && !type(.left) && !type(.enter) && !type(.function(1)))
    #expect(applied == [.insert("q"), .insert("a b")])
  }

  @Test(
    "Keys that are not a field's are left to the screen",
    arguments: [Key.up, .down, .enter, .escape, .tab, .backTab, .ctrlC, .ctrl("z"), .pageUp, .alt("q")])
  func notFieldKeys(key: Key) {
    #expect(TextField.edit(for: key) == nil)
  }

  /// What `field` draws in `width` columns, focused or not.
  private func drawn(_ field: LineEditor, width: Int, isFocused: Bool = true) -> String {
    var canvas = Canvas(size: TerminalSize(columns: width, rows: 1))
    TextField.render(
      field, isFocused: isFocused, into: &canvas, at: Point(column: 0, row: 0), width: width, style: .plain,
      cursorStyle: .plain)
    return canvas.line(0).replacingOccurrences(of: " ", with: "·")
  }

  @Test("The cursor is a bar where it is; text that fits shows whole")
  func cursorInPlace() {
    #expect(drawn(LineEditor("swift", cursor: 3), width: 10) == "swi▏ft")
    #expect(drawn(LineEditor("swift"), width: 10) == "swift▏")
    #expect(drawn(LineEditor("swift", cursor: 0), width: 10) == "▏swift")
  }

  @Test("Text wider than the field scrolls to keep the cursor in sight, with some of what follows it; each cut shows …")
  func scrollsToTheCursor() {
    let text = "abcdefghijklmnopqrstuvwxyz"
    #expect(drawn(LineEditor(text), width: 10) == "…stuvwxyz▏")
    #expect(drawn(LineEditor(text, cursor: 0), width: 10) == "▏abcdefgh…")
    #expect(drawn(LineEditor(text, cursor: 13), width: 10) == "…ijklm▏no…")
    // A cut of wide characters keeps the field within its width too.
    #expect(DisplayWidth.of(drawn(LineEditor(String(repeating: "漢", count: 20)), width: 10)) <= 10)
    #expect(drawn(LineEditor(String(repeating: "漢", count: 20)), width: 10).hasPrefix("…"))
  }

  @Test("Unfocused, the text reads from its start and is cut with an ellipsis")
  func unfocused() {
    #expect(drawn(LineEditor("abcdefghijklmnopqrstuvwxyz"), width: 10, isFocused: false) == "abcdefghi…")
    #expect(drawn(LineEditor("swift"), width: 10, isFocused: false) == "swift")
  }

  @Test("Wide characters never split: the field stays within its width")
  func wideCharacters() {
    let line = drawn(LineEditor(String(repeating: "漢", count: 20), cursor: 10), width: 9)
    #expect(DisplayWidth.of(line) <= 9)
    #expect(line.contains("▏"))
  }
}
