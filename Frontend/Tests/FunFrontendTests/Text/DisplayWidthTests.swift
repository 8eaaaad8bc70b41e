import FunModelTestSupport
import Testing

@testable import FunFrontend

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "measures a grapheme cluster as the terminal shows it",
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("…", 1), ("★", 1), ("→", 1),
      ("中", 2), ("日", 2), ("ア", 2), ("한", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("Ａ", 2), ("、", 2),
      ("😀", 2), ("🚀", 2), ("👍🏽", 2), ("👨\u{200D}👩\u{200D}👧", 2), ("🏳️\u{200D}🌈", 2), ("🇫🇷", 2),
      ("❤\u{FE0F}", 2), ("🇫", 1), ("1\u{FE0F}\u{20E3}", 2), ("☺", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0),
      ("\u{1B}", 0), ("\u{7F}", 0), ("\u{9B}", 0), ("\r\n", 0),
    ] as [(Character, Int)]
  )
  func characterWidth(character: Character, expected: Int) {
    #expect(DisplayWidth.of(character) == expected)
  }

  @Test(
    "measures a string as the sum of its clusters",
    arguments: [("", 0), ("hello", 5), ("中文", 4), ("a中b", 4), ("👨\u{200D}👩\u{200D}👧 x", 4), ("e\u{301}e\u{301}", 2)]
  )
  func stringWidth(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test(
    "truncates with an ellipsis only when the text is too wide",
    arguments: [
      ("hello", 10, "hello"), ("hello", 5, "hello"), ("hello world", 8, "hello w…"), ("hello", 1, "…"),
      ("hello", 0, ""), ("hello", -3, ""), ("中文字", 5, "中文…"), ("中文字", 4, "中…"),
      ("ab中", 3, "ab…"), ("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧", 3, "👨\u{200D}👩\u{200D}👧…"),
      ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ] as [(String, Int, String)]
  )
  func truncates(text: String, width: Int, expected: String) {
    #expect(DisplayWidth.truncate(text, to: width) == expected)
  }

  @Test("never exceeds the width nor splits a grapheme, for many strings and widths")
  func truncationBounds() {
    let pieces = ["a", "b", " ", "中", "😀", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "ア", "…", "\u{1100}\u{1161}"]
    var generator = SplitMix64(seed: 42)
    for _ in 0..<1_000 {
      let count = Int(generator.next() % 15)
      let graphemes = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
      let text = graphemes.joined()
      for width in 0...20 {
        let result = DisplayWidth.truncate(text, to: width)
        #expect(DisplayWidth.of(result) <= width)
        let kept = result.hasSuffix("…") && result != text ? String(result.dropLast()) : result
        #expect(text.hasPrefix(kept), "\(text.debugDescription) → \(result.debugDescription)")
        #expect(Array(kept).allSatisfy { graphemes.contains(String($0)) })
        if DisplayWidth.of(text) <= width {
          #expect(result == text)
        } else if width > 0 {
          #expect(result.last == "…")
          #expect(DisplayWidth.of(result) >= width - 1)
        }
      }
    }
  }

  @Test(
    "pads to exactly the width on the chosen side",
    arguments: [
      ("ab", 5, DisplayWidth.Alignment.leading, "ab   "), ("ab", 5, .trailing, "   ab"), ("ab", 5, .center, " ab  "),
      ("中", 3, .leading, "中 "), ("toolong", 4, .leading, "too…"), ("x", 0, .leading, ""),
      ("\u{93E}x", 4, .trailing, "  \u{93E}x "), ("\u{93E}x", 5, .center, " \u{93E}x   "),
    ] as [(String, Int, DisplayWidth.Alignment, String)]
  )
  func pads(text: String, width: Int, alignment: DisplayWidth.Alignment, expected: String) {
    let result = DisplayWidth.pad(text, to: width, alignment: alignment)
    #expect(result == expected)
    #expect(DisplayWidth.of(result) == max(0, width))
  }

  @Test("Measured up to a limit, text counts as its width or the limit, whichever is smaller")
  func widthUpToLimit() {
    let pieces = ["a", " ", "中", "😀", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇯🇵"]
    var generator = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let text = (0..<Int(generator.next() % 15)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      for limit in 0...24 {
        #expect(DisplayWidth.of(text, upTo: limit) == min(DisplayWidth.of(text), limit), "\(text.debugDescription)")
      }
    }
  }
}
