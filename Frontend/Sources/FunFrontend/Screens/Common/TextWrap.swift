/// Fits text into lines of at most a given display width: breaks it at spaces where it can, or
/// keeps the end of it for a one-line field.
///
/// Wrapping is linear in the text it reads, and a caller that needs only the first lines (a
/// title cut to its room, a check whether text fits) says how many: the rest of the text is
/// never read, however long it is.
enum TextWrap {
  /// The lines of `text` wrapped to `width` columns. Words move whole to the next line; a word
  /// wider than a line (CJK written without spaces, a long URL) is broken between graphemes by
  /// display width, so no character is ever lost: the lines hold every grapheme of `text` in
  /// order, only the spaces where a line breaks are dropped.
  static func lines(_ text: String, width: Int) -> [String] {
    lines(text, width: width, atMost: .max)
  }

  /// Text that may hold key hints (groups two spaces apart: `⏎ new paragraph  ↑↓ paragraphs`)
  /// wrapped to `width` columns a whole group at a time, as the bottom line drops whole groups:
  /// no line ends in a key whose word starts the next, and the groups keep their two spaces.
  /// A group wider than a line wraps as ``lines(_:width:)`` does; so does text without groups.
  static func lines(ofHints text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    let separator = "  "
    var lines: [String] = []
    var current = ""
    for group in text.split(separator: separator) {
      let group = String(group.drop { $0 == " " })
      guard !group.isEmpty else { continue }
      let joined = current.isEmpty ? group : current + separator + group
      if DisplayWidth.of(joined) <= width {
        current = joined
        continue
      }
      if !current.isEmpty { lines.append(current) }
      let wrapped = self.lines(group, width: width)
      lines += wrapped.dropLast()
      current = wrapped.last ?? ""
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// The lines of `text` wrapped to `width` columns, at most `limit` of them: when text is
  /// left over, the last line ends with "…", so a cut never looks like the end.
  static func lines(_ text: String, width: Int, limit: Int) -> [String] {
    // One line past the limit tells whether anything is left over; the rest stays unread.
    cut(lines(text, width: width, atMost: limit + 1), width: width, limit: limit)
  }

  /// ``lines(ofHints:width:)``, at most `limit` of them, cut as ``lines(_:width:limit:)`` cuts.
  static func lines(ofHints text: String, width: Int, limit: Int) -> [String] {
    cut(lines(ofHints: text, width: width), width: width, limit: limit)
  }

  /// The first `limit` of `all`, the last ending in "…" when some are left over.
  private static func cut(_ all: [String], width: Int, limit: Int) -> [String] {
    guard limit > 0 else { return [] }
    guard all.count > limit else { return all }
    var kept = Array(all.prefix(limit))
    var last = kept[limit - 1]
    while !last.isEmpty, last.last == " " || DisplayWidth.of(last) + 1 > width {
      last.removeLast()
    }
    kept[limit - 1] = last + "…"
    return kept
  }

  /// The lines of `paragraphs` wrapped to `width` columns, each paragraph starting a new line;
  /// an empty paragraph is a blank line. With `count`, only the first `count` lines are
  /// wrapped: enough to tell whether the text fits a room of fewer lines.
  static func lines(ofParagraphs paragraphs: [String], width: Int, atMost count: Int = .max) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in paragraphs {
      guard lines.count < count else { break }
      if paragraph.isEmpty {
        lines.append("")
      } else {
        lines += Self.lines(paragraph, width: width, atMost: count - lines.count)
      }
    }
    return lines
  }

  /// The end of `text` that fits in `width` columns, in whole graphemes: what a one-line field
  /// shows of text longer than itself, so what was typed last and the cursor stay visible.
  static func tail(_ text: String, width: Int) -> String {
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      used += DisplayWidth.of(text[previous])
      guard used <= width else { break }
      start = previous
    }
    return String(text[start...])
  }

  /// The first `count` lines of `text` wrapped to `width` columns (all of them, if fewer):
  /// the words are found one at a time, so wrapping stops reading where the lines are enough.
  private static func lines(_ text: String, width: Int, atMost count: Int) -> [String] {
    guard width > 0, count > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    func breakLine() {
      lines.append(current)
      current = ""
      currentWidth = 0
    }
    var rest = text[...]
    while lines.count < count, let word = nextWord(of: &rest) {
      let wordWidth = DisplayWidth.of(word)
      let gap = current.isEmpty ? 0 : 1
      if currentWidth + gap + wordWidth <= width {
        if gap == 1 { current.append(" ") }
        current += word
        currentWidth += gap + wordWidth
        continue
      }
      if wordWidth <= width {
        breakLine()
        current = String(word)
        currentWidth = wordWidth
        continue
      }
      // Wider than any line: it starts where the current line leaves room, then fills lines.
      if !current.isEmpty {
        if let first = word.first, currentWidth + 1 + DisplayWidth.of(first) <= width {
          current.append(" ")
          currentWidth += 1
        } else {
          breakLine()
          guard lines.count < count else { return lines }
        }
      }
      for grapheme in word {
        let graphemeWidth = DisplayWidth.of(grapheme)
        if currentWidth + graphemeWidth > width, !current.isEmpty {
          breakLine()
          guard lines.count < count else { return lines }
        }
        current.append(grapheme)
        currentWidth += graphemeWidth
      }
    }
    if !current.isEmpty, lines.count < count { lines.append(current) }
    return lines
  }

  /// The next word of `rest` (a run of characters other than spaces), which then starts after
  /// it; `nil` when only spaces are left.
  private static func nextWord(of rest: inout Substring) -> Substring? {
    guard let start = rest.firstIndex(where: { $0 != " " }) else { return nil }
    let end = rest[start...].firstIndex(of: " ") ?? rest.endIndex
    let word = rest[start..<end]
    rest = rest[end...]
    return word
  }
}

extension TextWrap {
  /// Puts `text` wrapped to `area`'s width from `row` down, ending in "…" where `area`'s
  /// bottom cuts it, and moves `row` below it: a screen's message stacks paragraphs this way so
  /// a longer language loses no words off the end of a line.
  ///
  /// `text` is drawn as given: the app's own strings need no cleaning, and data (a title, a
  /// name) goes through ``TextSanitizer`` where it enters the view, as everywhere else.
  static func put(
    _ text: String, into canvas: inout Canvas, area: Rect, row: inout Int, style: Style
  ) {
    for line in lines(text, width: area.width, limit: area.row + area.height - row) {
      canvas.put(text: line, at: Point(column: area.column, row: row), style: style)
      row += 1
    }
  }
}
