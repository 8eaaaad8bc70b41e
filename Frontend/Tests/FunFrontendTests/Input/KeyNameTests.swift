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
}
