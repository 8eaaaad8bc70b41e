/// One line of the item form's description as its box shows it: a paragraph wrapped, where the
/// cursor stands in it, and where in the paragraph each of its characters is (for a click, and
/// for ↑/↓ from line to line).
///
/// A paragraph wraps one column short of the box, edited or not, so the cursor (one column,
/// drawn between two characters) always has room and the line breaks never depend on where it
/// stands: moving it, or moving the focus in or out, never reflows the text.
struct DescriptionLine: Equatable {
  /// The paragraph it belongs to.
  let paragraph: Int
  /// Its text, sanitised, without the cursor.
  let text: String
  /// Where the cursor stands in it, in characters of `text`; `nil` on every other line.
  let cursor: Int?
  /// Where the cursor goes, in the paragraph as typed, to stand before each character of `text`,
  /// and last, at the line's end: one more than `text` has characters. The end is where the
  /// cursor shows at the end of this line (before the space a break dropped), or, where a word
  /// was broken and no space was dropped, before the line's last character.
  let offsets: [Int]

  /// The lines of `text`, paragraph number `paragraph`, in a box `width` columns wide, the cursor
  /// on the line and at the column of the character offset `cursor` (none when `nil`). A
  /// paragraph with nothing to show (empty, or only spaces) is one blank line.
  static func lines(of text: String, paragraph: Int, cursor: Int?, width: Int) -> [DescriptionLine] {
    let clean = TextSanitizer.sanitize(text)
    let wrapped = TextWrap.lines(clean, width: max(width - 1, 1))
    // Where the cursor stands in the sanitised text: after what sanitising leaves of the text
    // before it.
    let offset = cursor.map { min(TextSanitizer.sanitize(String(Array(text).prefix($0))).count, clean.count) }
    let typed = TextField.typedOffsets(of: text)
    guard !wrapped.isEmpty else {
      return [
        DescriptionLine(paragraph: paragraph, text: "", cursor: offset.map { _ in 0 }, offsets: [typed[clean.count]])
      ]
    }
    let starts = offsets(of: wrapped, in: Array(clean))
    // The cursor is on the last line that starts at or before it: at a line break, the end of
    // the line before only when the space the break dropped is still ahead of it.
    let cursorLine = offset.map { offset in starts.lastIndex { ($0.first ?? 0) <= offset } ?? 0 }
    return wrapped.enumerated().map { index, line in
      let column = index == cursorLine ? offset.map { offset in starts[index].count { $0 < offset } } : nil
      let last = starts[index].last ?? 0
      let end =
        if index == wrapped.count - 1 {
          clean.count
        } else if let next = starts[index + 1].first, next > last + 1 {
          last + 1
        } else {
          last
        }
      return DescriptionLine(
        paragraph: paragraph, text: line, cursor: column, offsets: (starts[index] + [end]).map { typed[$0] })
    }
  }

  /// Where ↑ (`direction` -1) or ↓ (1) takes the cursor in `lines` (every paragraph's lines in
  /// order, the cursor on one): the line before or after, at the cursor's column, or before the
  /// character under it, or at the line's end when the line is shorter, and the line's span in
  /// its paragraph as typed; `nil` from the first line up or the last line down (or with no
  /// cursor).
  static func place(
    _ direction: Int, from lines: [DescriptionLine]
  ) -> (paragraph: Int, offset: Int, line: Range<Int>)? {
    guard let current = lines.firstIndex(where: { $0.cursor != nil }), let cursor = lines[current].cursor else {
      return nil
    }
    let target = current + direction
    guard lines.indices.contains(target) else { return nil }
    let column = DisplayWidth.of(String(lines[current].text.prefix(cursor)))
    let line = lines[target]
    var used = 0
    var index = 0
    for character in line.text {
      let width = DisplayWidth.of(character)
      // Before a character the column falls in; past the end, the end.
      if used + width > column { break }
      used += width
      index += 1
    }
    // The line's own characters: its end offset may stand before its last one (a word broken).
    let start = line.offsets.first ?? 0
    let end = line.text.isEmpty ? start : max(line.offsets[line.text.count - 1] + 1, start)
    return (line.paragraph, line.offsets[index], start..<end)
  }

  /// For each character of each wrapped line, its offset in `clean`, the text wrapped: the
  /// lines hold its characters in order, a space in a line standing for a run of them and the
  /// spaces at a break dropped (see ``TextWrap/lines(_:width:)``).
  private static func offsets(of lines: [String], in clean: [Character]) -> [[Int]] {
    var position = 0
    return lines.map { line in
      line.map { character in
        while position < clean.count, clean[position] != character { position += 1 }
        let offset = position
        position += 1
        if character == " " {
          while position < clean.count, clean[position] == " " { position += 1 }
        }
        return offset
      }
    }
  }
}
