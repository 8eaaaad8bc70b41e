import Testing

@testable import FunFrontend
@testable import FunModel

/// How help names keys: from the keys themselves, in the reader's language, with runs of digits
/// or letters as one range.
@Suite("KeyName")
@MainActor
struct KeyNameTests {
  @Test("Three or more digits or letters in a row are one range; two are named apart")
  func ranges() {
    let names = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".map(Key.char)
    #expect(KeyName.label(of: names, strings: .base) == "a–z A–Z 0–9 - _")
    #expect(KeyName.label(of: "12345".map(Key.char) + [.tab], strings: .base) == "1–5 Tab")
    #expect(KeyName.label(of: [.char("h"), .char("l")], strings: .base) == "h l")
    #expect(KeyName.label(of: "abc".map(Key.char), strings: .base) == "a–c")
    // `9` and `z` end a range: what follows is another one.
    #expect(KeyName.label(of: "789abc".map(Key.char), strings: .base) == "7–9 a–c")
  }

  @Test("Modified keys are named in the reader's language, Alt-Backspace included; Alt and Ctrl by the key's cap")
  func modifiedKeys() {
    let german = Localizer(language: .de)
    #expect(
      KeyName.label(of: [.ctrl("w"), .alt(Key.backspaceCharacter), .alt("d")], strings: .base)
        == "Ctrl-W Alt-Backspace Alt-D")
    #expect(KeyName.label(of: [.alt("b"), .alt("f"), .ctrl("b")], strings: german) == "Alt-B Alt-F Strg-B")
    #expect(
      KeyName.label(of: [.ctrl("w"), .alt(Key.backspaceCharacter), .home], strings: german)
        == "Strg-W Alt-Rücktaste Pos1")
  }

  @Test(
    "Keys are said from the keys themselves: arrows and abbreviations in words, an arrow pair as one, a range, Ctrl",
    arguments: [
      (Language.en, [Key.up, .down, .char("k"), .char("j")], ["Up and Down arrows", "k", "j"]),
      (.en, [.left, .right, .char("h"), .char("l")], ["Left and Right arrows", "h", "l"]),
      (.en, [.down, .char("j"), .escape], ["Down arrow", "j", "Escape"]),
      (.en, [.pageUp, .pageDown], ["Page Up", "Page Down"]),
      (.en, "12345".map(Key.char) + [.tab, .backTab], ["1 to 5", "Tab", "Shift-Tab"]),
      (.en, [.char("q"), .ctrlC], ["q", "Control C"]),
      (.en, [.char("?"), .function(1)], ["?", "F1"]),
      (.en, [.backspace, .delete, .ctrl("d")], ["Backspace", "Delete", "Control D"]),
      (.de, [.pageUp, .pageDown], ["Bild auf", "Bild ab"]),
      (.de, [.backspace, .delete, .ctrl("d")], ["Rücktaste", "Entfernen", "Steuerung D"]),
      (.de, "12345".map(Key.char) + [.tab, .backTab], ["1 bis 5", "Tab", "Umschalt-Tab"]),
    ])
  func said(language: Language, keys: [Key], said: [String]) {
    #expect(KeyName.said(keys, strings: Localizer(language: language)) == said)
  }
}
