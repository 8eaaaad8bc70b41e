/// Fits text into lines of at most a given display width: breaks it at spaces where it can, or
/// keeps the end of it for a one-line field.
enum TextWrap {
  /// The lines of `text` wrapped to `width` columns; a word wider than the line is cut.
  static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      let candidate = current.isEmpty ? word : current + " " + word
      if DisplayWidth.of(candidate) <= width {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = DisplayWidth.of(word) <= width ? word : DisplayWidth.truncate(word, to: width)
    }
    if !current.isEmpty { lines.append(current) }
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
}
