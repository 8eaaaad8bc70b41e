import FunFrontend

/// Lays `--help` and the usage out for an 80-column terminal. The string tables keep each
/// paragraph and each table row on one line, so neither a translation nor a fork's longer name
/// is ever wrapped by hand.
enum HelpLayout {
  /// A terminal's classic width, which help text has fitted since man pages.
  static let width = 80

  /// `text` with every line wrapped to `width` columns, between words:
  /// - a row (two spaces, its keys, two spaces or more, its text) wraps its text under the
  ///   column that text starts in;
  /// - a usage line (`usage: fun [--a A] [--b]`) wraps between its bracketed groups, under the
  ///   first group;
  /// - any other line wraps at the left margin.
  ///
  /// A word wider than its line stays whole, on a line of its own; a line indented by more than
  /// two spaces stays as it is.
  static func wrap(_ text: String, width: Int = width) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .flatMap { wrap(line: String($0), width: width) }
      .joined(separator: "\n")
  }

  private static func wrap(line: String, width: Int) -> [String] {
    let (lead, body) = split(line)
    var lines: [String] = []
    var current = lead
    var isEmpty = true
    let indent = String(repeating: " ", count: DisplayWidth.of(lead))
    for word in words(body) {
      if !isEmpty, DisplayWidth.of(current) + 1 + DisplayWidth.of(word) > width {
        lines.append(current)
        current = indent
        isEmpty = true
      }
      current += (isEmpty ? "" : " ") + word
      isEmpty = false
    }
    lines.append(current)
    return lines
  }

  /// What a line's wrapped lines start with (its first line's keys, or the words before a
  /// usage's first group) and the words after it.
  private static func split(_ line: String) -> (lead: String, body: Substring) {
    if line.hasPrefix("  "), !line.hasPrefix("   ") {
      // Keys too wide for their table's column leave their text to the line below.
      guard let gap = line.dropFirst(2).range(of: "  ") else { return ("  ", line.dropFirst(2)) }
      let text = line[gap.upperBound...].drop { $0 == " " }
      return (String(line[..<text.startIndex]), text)
    }
    if !line.hasPrefix(" "), line.hasSuffix("]"), let group = line.range(of: " [") {
      let first = line.index(after: group.lowerBound)
      return (String(line[..<first]), line[first...])
    }
    // A line indented further is laid out by hand already.
    return line.hasPrefix("   ") ? (line, "") : ("", line[...])
  }

  /// The words of `text`, a bracketed group (`[--profile NAME | --guest]`) as one.
  private static func words(_ text: Substring) -> [String] {
    var words: [String] = []
    var depth = 0
    for word in text.split(separator: " ") {
      if depth > 0, let last = words.popLast() {
        words.append(last + " " + word)
      } else {
        words.append(String(word))
      }
      depth += word.count { $0 == "[" } - word.count { $0 == "]" }
    }
    return words
  }
}
