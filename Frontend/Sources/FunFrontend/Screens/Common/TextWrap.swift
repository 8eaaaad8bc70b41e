/// Breaks text into lines of at most a given display width, at spaces where it can.
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
}
