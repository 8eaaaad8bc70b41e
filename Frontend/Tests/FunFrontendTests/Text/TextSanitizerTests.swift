import FunModelTestSupport
import Testing

@testable import FunFrontend

@Suite("TextSanitizer")
struct TextSanitizerTests {
  @Test(
    "removes escape sequences, controls and bidi overrides while keeping the visible text",
    arguments: [
      ("plain text", "plain text"),
      ("clear\u{1B}[2Jscreen", "clearscreen"),
      ("\u{1B}[1;31mred\u{1B}[0m", "red"),
      ("\u{1B}]0;owned title\u{07}after", "after"),
      ("\u{1B}]8;;http://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
      ("\u{1B}P1$qm\u{1B}\\dcs", "dcs"),
      ("\u{1B}_apc payload\u{1B}\\ok", "ok"),
      ("reset\u{1B}c!", "reset!"),
      ("charset\u{1B}(0x", "charsetx"),
      ("lone escape\u{1B}", "lone escape"),
      ("\u{9B}2J8-bit csi", "8-bit csi"),
      ("\u{9D}0;title\u{9C}8-bit osc", "8-bit osc"),
      ("c1\u{85}next", "c1 next"),
      ("bell\u{07} null\u{00} del\u{7F}", "bell null del"),
      ("line\nbreak\ttab", "line break tab"),
      ("windows\r\nline", "windows line"),
      ("abc\u{202E}fed\u{202C}", "abcfed"),
      ("\u{2066}isolate\u{2069}\u{200F}", "isolate"),
      ("zero\u{200B}width\u{FEFF}\u{00AD}", "zerowidth"),
      ("family 👨\u{200D}👩\u{200D}👧", "family 👨\u{200D}👩\u{200D}👧"),
      ("café 中文 ✓", "café 中文 ✓"),
      ("broken csi \u{1B}[12\u{00E9}text", "broken csi étext"),
    ]
  )
  func sanitizes(input: String, expected: String) {
    #expect(TextSanitizer.sanitize(input) == expected)
  }

  @Test("leaves no ESC, C0, C1, DEL or bidi control in any output")
  func leavesNoControl() {
    let hostile = [
      "\u{1B}", "\u{1B}[", "\u{1B}]", "\u{9B}", "\u{9D}", "[2J", "\u{07}", "\u{1B}\\", "\u{202E}", "\u{2067}", "a",
      "中", "\n", "\u{7F}", "\u{8D}", ";", "m", "\u{1B}P",
    ]
    var generator = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let count = Int(generator.next() % 12)
      let input = (0..<count).map { _ in hostile[Int(generator.next() % UInt64(hostile.count))] }.joined()
      let output = TextSanitizer.sanitize(input)
      #expect(!output.unicodeScalars.contains(where: TextSanitizer.isTerminalControl), "\(input.debugDescription)")
    }
  }

  @Test("paragraphs keeps line breaks as paragraph ends, collapses blank runs and sanitises each paragraph")
  func paragraphs() {
    #expect(TextSanitizer.paragraphs("one\ntwo") == ["one", "two"])
    #expect(TextSanitizer.paragraphs("one\r\ntwo\rthree\u{2029}four") == ["one", "two", "three", "four"])
    #expect(TextSanitizer.paragraphs("\n\none\n\n\n\ntwo\n\n") == ["one", "", "two"])
    #expect(TextSanitizer.paragraphs("a\u{1B}[2Jb\n  c\td  ") == ["ab", "c d"])
    #expect(TextSanitizer.paragraphs(String(repeating: "\n", count: 1000)).isEmpty)
  }

  @Test("pastedLines splits a paste at every line break, sanitising each line, but drops the breaks at its ends")
  func pastedLines() {
    #expect(TextSanitizer.pastedLines("P1 line\n\nP2\r\nP3\u{1B}[2J") == ["P1 line", "", "P2", "P3"])
    // A copied line's own line break is the copy's edge, not a line.
    #expect(TextSanitizer.pastedLines("\n\r\nA copied line\n") == ["A copied line"])
    #expect(TextSanitizer.pastedLines("\n  \n") == ["  "])
    #expect(TextSanitizer.pastedLines("\n\n").isEmpty)
    #expect(TextSanitizer.pastedLines("").isEmpty)
  }

  /// England's flag: 🏴 and `gbeng` in tag letters, then CANCEL TAG.
  static let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"

  @Test(
    "drops Unicode tag characters, which no terminal shows, so a title hides no text in them",
    arguments: [
      // "ignore" in tags after a visible title.
      ("Title\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}", "Title"),
      ("a\u{E0001}\u{E0020}\u{E007E}\u{E007F}b", "ab"),
      // A flag whose tags are no subdivision id: too short, too long, upper case, unterminated.
      ("\u{1F3F4}\u{E0067}\u{E007F}", "\u{1F3F4}"),
      ("\u{1F3F4}" + String(repeating: "\u{E0061}", count: 8) + "\u{E007F}x", "\u{1F3F4}x"),
      ("\u{1F3F4}\u{E0047}\u{E0042}\u{E007F}", "\u{1F3F4}"),
      ("\u{1F3F4}\u{E0067}\u{E0062}", "\u{1F3F4}"),
      ("\u{1F3F4}", "\u{1F3F4}"),
      // Hidden text after a real flag goes; the flag stays.
      (england + "\u{E0068}\u{E0069}", england),
    ]
  )
  func dropsTags(input: String, expected: String) {
    #expect(TextSanitizer.sanitize(input) == expected)
  }

  @Test("keeps subdivision flags, the one use emoji make of tags, two columns wide")
  func keepsSubdivisionFlags() {
    let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    let text = "Go \(Self.england) and \(scotland)!"
    #expect(TextSanitizer.sanitize(text) == text)
    #expect(DisplayWidth.of(Self.england) == 2)
  }

  @Test("returns text without anything to remove unchanged")
  func keepsCleanText() {
    let text = "Swift Concurrency — actors, tasks & “sendable” types 🚀"
    #expect(TextSanitizer.sanitize(text) == text)
  }
}
