import FunModel
import FunModelTestSupport
import Testing

@testable import FunViewModel

@Suite("LineEditor")
struct LineEditorTests {
  /// `text` with the cursor shown as `|`, to read a case at a glance.
  private func shown(_ editor: LineEditor) -> String {
    let characters = Array(editor.text)
    return String(characters[..<editor.cursor]) + "|" + String(characters[editor.cursor...])
  }

  /// An editor holding `marked` (text with one `|` where the cursor is).
  private func editor(_ marked: String, limit: Int = 256) -> LineEditor {
    let cursor = marked.firstIndex(of: "|").map { marked.distance(from: marked.startIndex, to: $0) }
    return LineEditor(marked.replacingOccurrences(of: "|", with: ""), cursor: cursor, limit: limit)
  }

  @Test("A new line holds its text with the cursor at the end, or where asked, clamped")
  func startsAtTheEnd() {
    let line = LineEditor("swift")
    #expect(line.text == "swift")
    #expect(line.cursor == 5)
    #expect(LineEditor("swift", cursor: 2).cursor == 2)
    #expect(LineEditor("swift", cursor: 9).cursor == 5)
    #expect(LineEditor("swift", cursor: -1).cursor == 0)
  }

  @Test(
    "Each edit does what the readline key does",
    arguments: [
      ("swi|ft", LineEditor.Edit.insert("X"), "swiX|ft"),
      ("swi|ft", .insert("pasted text"), "swipasted text|ft"),
      ("swi|ft", .move(.characterBackward), "sw|ift"),
      ("|swift", .move(.characterBackward), "|swift"),
      ("swi|ft", .move(.characterForward), "swif|t"),
      ("swift|", .move(.characterForward), "swift|"),
      ("swi|ft", .move(.start), "|swift"),
      ("swi|ft", .move(.end), "swift|"),
      ("hello wor|ld", .move(.wordBackward), "hello |world"),
      ("hello |world", .move(.wordBackward), "|hello world"),
      ("hel|lo world", .move(.wordForward), "hello| world"),
      ("hello| world", .move(.wordForward), "hello world|"),
      ("swi|ft", .delete(.characterBackward), "sw|ft"),
      ("|swift", .delete(.characterBackward), "|swift"),
      ("swi|ft", .delete(.characterForward), "swi|t"),
      ("swift|", .delete(.characterForward), "swift|"),
      ("swi|ft", .delete(.start), "|ft"),
      ("swi|ft", .delete(.end), "swi|"),
      ("swift concurren|cy", .delete(.wordBackward), "swift |cy"),
      ("swift |", .delete(.wordBackward), "|"),
      ("swift-ui  |", .delete(.wordBackward), "swift-|"),
      ("sw|ift ui", .delete(.wordForward), "sw| ui"),
    ]
  )
  func edits(before: String, edit: LineEditor.Edit, after: String) {
    var line = editor(before)
    line.apply(edit)
    #expect(shown(line) == after)
  }

  @Test("apply says whether the text changed: motions and edits at an end change nothing")
  func reportsChanges() {
    var line = editor("sw|ift")
    let changes = [
      line.apply(.move(.end)), line.apply(.delete(.characterForward)), line.apply(.delete(.characterBackward)),
      line.apply(.insert("t")), line.apply(.insert("")),
    ]
    #expect(changes == [false, false, true, true, false])
  }

  @Test("The cursor steps over a whole character: an emoji, an accented letter, a flag")
  func graphemes() {
    var line = LineEditor("a👍🏽é🇩🇪")
    line.apply(.move(.characterBackward))
    #expect(shown(line) == "a👍🏽é|🇩🇪")
    line.apply(.delete(.characterBackward))
    #expect(shown(line) == "a👍🏽|🇩🇪")
    line.apply(.delete(.characterBackward))
    #expect(shown(line) == "a|🇩🇪")
  }

  @Test("A combining mark typed after a letter joins it, and the cursor stays after both")
  func combiningMark() {
    var line = LineEditor("cafe")
    line.apply(.insert("\u{301}"))
    #expect(line.text == "café")
    #expect(line.cursor == 4)
    line.apply(.insert("s"))
    #expect(shown(line) == "cafés|")
  }

  @Test("A line holds at most the bytes its characters allow: one character of endless marks does not grow it")
  func byteBound() {
    let limit = 10
    let bytes = limit * TextBound.bytesPerCharacter
    var line = LineEditor(limit: limit)
    // One character: a letter and 2,000 variation selectors (4 bytes each).
    line.apply(.insert("a" + String(repeating: "\u{E0100}", count: 2_000)))
    #expect(line.text.isEmpty, "a character larger than the whole bound is not taken")
    line.apply(.insert("ab"))
    for _ in 0..<1_000 {
      line.apply(.insert("\u{E0100}"))
    }
    #expect(line.text.utf8.count <= bytes)
    #expect(line.text.utf8.count > bytes - 4)
    #expect(line.text.hasPrefix("a"))
    #expect(line.cursor == line.text.count)
    // Filled to the byte: the mark that reaches the bound exactly is taken.
    var exact = LineEditor(limit: limit)
    exact.apply(.insert("abcd"))
    for _ in 0..<1_000 {
      exact.apply(.insert("\u{E0100}"))
    }
    #expect(exact.text.utf8.count == bytes)
  }

  @Test("An insertion keeps only what fits the limit; a full line takes nothing")
  func limit() {
    var line = editor("ab|cd", limit: 6)
    line.apply(.insert("XYZ"))
    #expect(shown(line) == "abXY|cd")
    line.apply(.insert("Q"))
    #expect(shown(line) == "abXY|cd")
    #expect(LineEditor(String(repeating: "x", count: 10), limit: 3).text == "xxx")
  }

  @Test("Random edits never put the cursor outside the text nor the text past the limit")
  func invariants() {
    let edits: [LineEditor.Edit] = [
      .insert("a"), .insert("bc d"), .insert("👍🏽"), .insert("\u{301}"), .move(.characterBackward),
      .move(.characterForward), .move(.wordBackward), .move(.wordForward), .move(.start), .move(.end),
      .delete(.characterBackward), .delete(.characterForward), .delete(.wordBackward), .delete(.wordForward),
      .delete(.start), .delete(.end),
    ]
    var random = SplitMix64(seed: 24)
    var line = LineEditor(limit: 12)
    for _ in 0..<5_000 {
      line.apply(edits[Int.random(in: edits.indices, using: &random)])
      #expect((0...line.text.count).contains(line.cursor))
      #expect(line.text.count <= 12)
    }
  }
}
