import Testing

@testable import FunFrontend

/// The item form's description lines: wrapped alike wherever the cursor stands.
@Suite("DescriptionLine")
struct DescriptionLineTests {
  /// The lines of `text` in a box `width` wide with the cursor drawn in, joined by "|".
  private static func drawn(_ text: String, cursor: Int?, width: Int) -> String {
    DescriptionLine.lines(of: text, paragraph: 0, cursor: cursor, width: width).map { line in
      guard let cursor = line.cursor else { return line.text }
      var characters = Array(line.text)
      characters.insert(contentsOf: TextField.cursor, at: cursor)
      return String(characters)
    }.joined(separator: "|")
  }

  @Test(
    "Moving the cursor never changes where the lines break, and it shows once, where it stands",
    arguments: ["alpha beta gamma delta epsilon", "exactly9 exactly9", "a   b  c", "averyveryverylongwordindeed x", ""])
  func wrapIgnoresCursor(text: String) {
    let width = 10
    let plain = DescriptionLine.lines(of: text, paragraph: 0, cursor: nil, width: width).map(\.text)
    for cursor in 0...text.count {
      let lines = DescriptionLine.lines(of: text, paragraph: 0, cursor: cursor, width: width)
      #expect(lines.map(\.text) == plain, "cursor at \(cursor)")
      #expect(lines.count { $0.cursor != nil } == 1, "cursor at \(cursor)")
      // The line and the cursor fit the box together.
      for line in lines {
        #expect(DisplayWidth.of(line.text) + (line.cursor == nil ? 0 : 1) <= width, "cursor at \(cursor)")
      }
    }
  }

  @Test("The cursor stands between the characters it stands between in the text; at a break, before the next word")
  func cursorPlace() {
    #expect(Self.drawn("alpha beta gamma", cursor: 0, width: 12) == "▏alpha beta|gamma")
    #expect(Self.drawn("alpha beta gamma", cursor: 3, width: 12) == "alp▏ha beta|gamma")
    #expect(Self.drawn("alpha beta gamma", cursor: 10, width: 12) == "alpha beta▏|gamma")
    #expect(Self.drawn("alpha beta gamma", cursor: 11, width: 12) == "alpha beta|▏gamma")
    #expect(Self.drawn("alpha beta gamma", cursor: 16, width: 12) == "alpha beta|gamma▏")
    #expect(Self.drawn("", cursor: 0, width: 12) == "▏")
    #expect(Self.drawn("   ", cursor: 2, width: 12) == "▏")
  }
}
