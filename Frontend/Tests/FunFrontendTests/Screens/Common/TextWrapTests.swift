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

  @Test("Cut to a number of lines, the last line ends with … and stays within the width", arguments: [2, 5, 9, 36])
  func limitMarksTheCut(width: Int) {
    for text in Self.texts {
      let all = TextWrap.lines(text, width: width)
      let cut = TextWrap.lines(text, width: width, limit: 2)
      if all.count <= 2 {
        #expect(cut == all)
      } else {
        #expect(cut.count == 2)
        #expect(cut[0] == all[0])
        #expect(cut[1].hasSuffix("…"), "\(cut)")
        #expect(cut.allSatisfy { DisplayWidth.of($0) <= width }, "\(cut)")
      }
    }
    #expect(TextWrap.lines("one two three four", width: 7, limit: 1) == ["one tw…"])
    #expect(TextWrap.lines("one two three four", width: 8, limit: 1) == ["one two…"])
    #expect(TextWrap.lines("one two", width: 7, limit: 1) == ["one two"])
  }

  @Test(
    "Wrapping only the first lines gives exactly the first lines of the whole wrap",
    arguments: [2, 5, 9, 36, 78]
  )
  func firstLinesArePrefix(width: Int) {
    let paragraphs = Self.texts + ["", "last one"]
    let whole = TextWrap.lines(ofParagraphs: paragraphs, width: width)
    for count in 0...whole.count + 1 {
      #expect(TextWrap.lines(ofParagraphs: paragraphs, width: width, atMost: count) == Array(whole.prefix(count)))
    }
    for text in Self.texts {
      let all = TextWrap.lines(text, width: width)
      for limit in 1...all.count {
        let cut = TextWrap.lines(text, width: width, limit: limit)
        #expect(cut.count == limit)
        #expect(Array(cut.dropLast()) == Array(all.prefix(limit - 1)))
        #expect(limit == all.count ? cut.last == all.last : cut.last?.last == "…")
      }
    }
  }

  @Test("Paragraphs each start a line and wrap within themselves; an empty one is a blank line")
  func paragraphs() {
    #expect(
      TextWrap.lines(ofParagraphs: ["one two three", "", "four"], width: 8) == ["one two", "three", "", "four"])
  }

  @Test("Words move whole to the next line; a word wider than a line starts where the line leaves room")
  func breaks() {
    #expect(TextWrap.lines("one two three", width: 8) == ["one two", "three"])
    #expect(TextWrap.lines("to 漢字漢字漢字", width: 8) == ["to 漢字", "漢字漢字"])
    #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    // No room for even the first grapheme after the space: the long word starts a new line.
    #expect(TextWrap.lines("abcdef 漢字漢字漢字", width: 8) == ["abcdef", "漢字漢字", "漢字"])
  }

  @Test("Key hints wrap a whole group at a time, keeping their two spaces; a group wider than a line wraps by words")
  func hints() {
    let hints = "⏎ new paragraph  ↑↓ paragraphs  ctrl-s save"
    #expect(TextWrap.lines(ofHints: hints, width: 36) == ["⏎ new paragraph  ↑↓ paragraphs", "ctrl-s save"])
    #expect(TextWrap.lines(ofHints: hints, width: 43) == [hints])
    #expect(TextWrap.lines(ofHints: hints, width: 16) == ["⏎ new paragraph", "↑↓ paragraphs", "ctrl-s save"])
    #expect(TextWrap.lines(ofHints: hints, width: 10) == ["⏎ new", "paragraph", "↑↓", "paragraphs", "ctrl-s", "save"])
    #expect(TextWrap.lines(ofHints: hints, width: 36, limit: 1) == ["⏎ new paragraph  ↑↓ paragraphs…"])
    // Text without groups wraps as any text does.
    #expect(TextWrap.lines(ofHints: "one two three", width: 8) == TextWrap.lines("one two three", width: 8))
  }
}
