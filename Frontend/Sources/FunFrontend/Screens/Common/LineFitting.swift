/// The bottom line's texts fitted to its width: a toast, a command's usage and the key hints
/// each give up what says least when the terminal is narrow.
enum LineFitting {
  /// A toast's text in at most two lines of `width` (or `limit`, one where a sheet leaves no
  /// second), broken between words. A message that needs more keeps its first line and, after
  /// an ellipsis, the whole words of its end that fit (where a message says why: "… connection
  /// refused"), so no word is cut. On one line, its start first takes at most half of it, so the
  /// end still says why, then whatever the end leaves: "✗ Could not load … connection refused".
  static func toast(_ text: String, width: Int, limit: Int = 2) -> [String] {
    let lines = TextWrap.lines(text, width: width)
    guard lines.count > limit else { return lines }
    guard limit < 2 else {
      return [lines[0], ellipsized(ArraySlice(lines.dropFirst().joined(separator: " ").split(separator: " ")), width)]
    }
    let words = text.split(separator: " ")
    var head = 0
    var headWidth = -1
    while head < words.count, headWidth + 1 + DisplayWidth.of(words[head]) <= width / 2 - 1 {
      headWidth += 1 + DisplayWidth.of(words[head])
      head += 1
    }
    // The end takes what the start leaves; then the start takes back what the end did not use.
    let end = ellipsized(words[head...], width - headWidth - 1)
    let endWidth = DisplayWidth.of(end)
    var more = head
    let endStart = words.count - (end.split(separator: " ").count - 1)
    while more < endStart, headWidth + 1 + DisplayWidth.of(words[more]) + 1 + endWidth <= width {
      headWidth += 1 + DisplayWidth.of(words[more])
      more += 1
    }
    return [(words[..<more] + [Substring(end)]).joined(separator: " ")]
  }

  /// "…" and the whole words of the end of `words` that fit after it in `width`.
  private static func ellipsized(_ words: ArraySlice<Substring>, _ width: Int) -> String {
    var tail: [Substring] = []
    var tailWidth = 0
    for word in words.reversed() {
      let wordWidth = DisplayWidth.of(word) + 1
      guard tailWidth + wordWidth <= width - 1 else { break }
      tail.insert(word, at: 0)
      tailWidth += wordWidth
    }
    return (["…"] + tail).joined(separator: " ")
  }

  /// A command's usage (`toggle <carousel|appearance|network-failure>`) that fits in `width`:
  /// the name and every argument stay, and the list with the most choices gives up its last one
  /// to a "…" (`<carousel|appearance|…>`) until it fits, so no choice shows cut; where even one
  /// choice of each list is too wide, the caller cuts the line.
  static func usage(_ usage: String, to width: Int) -> String {
    var words = usage.split(separator: " ", omittingEmptySubsequences: false).map { word in
      // `<a|b>` and `[a|b]` list choices; a word that does not is kept as it is.
      let choices = word.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
      let isList = word.count > 2 && "<[".contains(word.first ?? " ") && ">]".contains(word.last ?? " ")
      return (
        open: isList ? String(word.prefix(1)) : "", choices: isList ? choices.map(String.init) : [String(word)],
        close: isList ? String(word.suffix(1)) : "", isCut: false
      )
    }
    func joined() -> String {
      words.map { word in
        word.open + (word.choices + (word.isCut ? ["…"] : [])).joined(separator: "|") + word.close
      }.joined(separator: " ")
    }
    while DisplayWidth.of(joined()) > width {
      let lists = words.indices.filter { !words[$0].open.isEmpty && words[$0].choices.count > 1 }
      // Of lists as long, the later one gives way: an earlier argument says more.
      guard let most = lists.map({ words[$0].choices.count }).max(),
        let longest = lists.last(where: { words[$0].choices.count == most })
      else { break }
      words[longest].choices.removeLast()
      words[longest].isCut = true
    }
    return joined()
  }

  /// The key hints (groups separated by two spaces) that fit in `width`: whole groups from the
  /// front, always ending with the last group (`? help`), so a narrow terminal loses hints
  /// rather than showing half of one, and loses them from the middle. A hint line therefore
  /// puts what must never go at one of its ends: where Esc leaves (a pushed screen such as
  /// Detail, a sheet, help) the way out is the first group (`Esc back  …  ? help`) or, on a
  /// line without `? help`, the last (`⏎ save  …  Esc cancel`).
  static func hints(_ hints: String, to width: Int) -> String {
    guard DisplayWidth.of(hints) > width else { return hints }
    let separator = "  "
    var groups = hints.components(separatedBy: separator)
    guard let last = groups.popLast() else { return "" }
    var fitted = ""
    for group in groups {
      let candidate = fitted.isEmpty ? group : fitted + separator + group
      guard DisplayWidth.of(candidate + separator + last) <= width else { break }
      fitted = candidate
    }
    return DisplayWidth.truncate(fitted.isEmpty ? last : fitted + separator + last, to: width)
  }
}
