import Testing

@testable import FunFrontend

@Suite("TextWrap")
struct TextWrapTests {
  static let texts = [
    "日本語の説明はスペースなしで続くのでどこでも折り返せなければならない。最後の文字まで読めること。",
    "See https://fun.example/a/very/long/path/that/never/has/a/space/in/it?query=yes for more",
    "Swift Concurrency: async/await and actors, with 中文没有空格的句子也要按显示宽度换行 inside.",
    "🎉🎉🎉 Party 👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 family 🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵 flags",
    "short words only here",
  ]

  @Test(
    "Every grapheme survives, in order, and no line is wider than the width",
    arguments: texts, [2, 5, 9, 36, 78]
  )
  func keepsEverything(text: String, width: Int) {
    let lines = TextWrap.lines(text, width: width)
    #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
    for line in lines {
      #expect(DisplayWidth.of(line) <= width, "\(line)")
      #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "), "\(line)")
    }
  }

  @Test("Words move whole to the next line; a word wider than a line starts where the line leaves room")
  func breaks() {
    #expect(TextWrap.lines("one two three", width: 8) == ["one two", "three"])
    #expect(TextWrap.lines("to 漢字漢字漢字", width: 8) == ["to 漢字", "漢字漢字"])
    #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    // No room for even the first grapheme after the space: the long word starts a new line.
    #expect(TextWrap.lines("abcdef 漢字漢字漢字", width: 8) == ["abcdef", "漢字漢字", "漢字"])
  }
}
