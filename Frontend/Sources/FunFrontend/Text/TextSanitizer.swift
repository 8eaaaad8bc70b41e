/// Makes text from outside the app (a catalog, a deep link, a search query) safe to draw on a
/// terminal.
///
/// A string from data could carry escape sequences that clear the screen, set the window
/// title, move the cursor or reorder text; `sanitize(_:)` removes every one of them, so what a
/// screen draws is exactly the visible text. Screens sanitise data once, where it enters a view;
/// ``Canvas`` additionally refuses any control character, so a forgotten call can garble a
/// cell but never reach the terminal.
///
/// What is removed: every ESC-introduced sequence (CSI, OSC, DCS, SOS, PM, APC, two-character
/// escapes), the same sequences introduced by their 8-bit C1 forms, every other C0/C1 control
/// and DEL, bidirectional embedding/override/isolate controls and marks, and invisible format
/// characters that terminals disagree on (zero-width space, word joiner, soft hyphen, BOM),
/// and Unicode tag characters (U+E0000–E007F), which no terminal shows, so a title could carry
/// hidden text in them. Tags stay only as the flag of a subdivision (🏴 U+1F3F4, two to seven
/// tag digits or lower-case letters, CANCEL TAG U+E007F, as England's flag), the one use
/// of them emoji have; such a flag is one cluster of two columns, like any other.
/// Line breaks and tabs become one space each (CR LF counts as one). Zero-width joiners and
/// non-joiners stay: emoji sequences and several scripts need them.
///
/// Thread-safety: a pure function of its input.
public enum TextSanitizer {
  /// The longest escape sequence body consumed before giving up on finding its terminator.
  ///
  /// Real sequences are short; a limit keeps an unterminated OSC from swallowing a whole
  /// description.
  private static let maximumSequenceLength = 256

  /// Returns `text` with control characters, escape sequences, bidi controls and invisible
  /// format characters removed, and line breaks and tabs turned into spaces.
  public static func sanitize(_ text: String) -> String {
    // Most text is printable ASCII, which needs nothing; its bytes are quicker to check than
    // its scalars.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
    guard text.unicodeScalars.contains(where: needsAttention) else { return text }
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar.value {
      case 0x0D where index + 1 < scalars.count && scalars[index + 1].value == 0x0A:
        result.append(" ")
        index += 2
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
        result.append(" ")
        index += 1
      case 0x1B:
        index = endOfEscape(in: scalars, from: index + 1)
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
        index = endOfString(in: scalars, from: index + 1)
      case 0x9B:
        index = endOfControlSequence(in: scalars, from: index + 1)
      case Self.blackFlag:
        let end = endOfSubdivisionFlag(in: scalars, from: index + 1)
        result.append(contentsOf: scalars[index..<end])
        index = end
      default:
        if !isRemoved(scalar) {
          result.append(scalar)
        }
        index += 1
      }
    }
    return String(result)
  }

  /// The paragraphs of `text`, each sanitised: where ``sanitize(_:)`` turns a line break into
  /// a space, this keeps it, so a description's paragraphs survive. A run of blank lines
  /// becomes one empty paragraph (a blank line on screen) and blank lines at either end go, so
  /// a text of line breaks cannot fill a screen with nothing.
  static func paragraphs(_ text: String) -> [String] {
    var paragraphs: [String] = []
    for line in lines(text) {
      let clean = line.trimmingSpaces()
      if clean.isEmpty, paragraphs.last?.isEmpty ?? true { continue }
      paragraphs.append(clean)
    }
    if paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
    return paragraphs
  }

  /// The lines of `text`, each sanitised: split where ``sanitize(_:)`` would put a space for a
  /// line break, blank lines and all (a paste into the description starts a paragraph at each).
  static func lines(_ text: String) -> [String] {
    text.split(omittingEmptySubsequences: false) { character in
      character.unicodeScalars.contains { isLineBreak($0) }
    }.map { sanitize(String($0)) }
  }

  /// The lines of a paste, each sanitised (see ``lines(_:)``), without the line breaks at its
  /// ends: a line copied from a terminal or an editor often brings its line break along, and at
  /// either end of a paste one is the copy's edge, not a line (nor a space in a one-line field).
  /// Nothing but line breaks is no line at all.
  static func pastedLines(_ text: String) -> [String] {
    // Splitting at every line break leaves an empty line for each at either end.
    let lines = lines(text)
    guard let first = lines.firstIndex(where: { !$0.isEmpty }), let last = lines.lastIndex(where: { !$0.isEmpty })
    else { return [] }
    return Array(lines[first...last])
  }

  /// Whether `scalar` ends a line: LF, VT, FF, CR, NEL and the Unicode line and paragraph
  /// separators (CR LF is one `Character`, which holds both).
  private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether a terminal would act on `scalar` instead of showing it: a C0 or C1 control, DEL,
  /// or a bidirectional control. ``Canvas`` never stores such a scalar.
  static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
    isRemoved(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// Invisible or terminal-affecting scalars dropped outright.
  private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB: true
    case 0xE0000...0xE007F: true
    default: isTerminalControl(scalar)
    }
  }

  /// WAVING BLACK FLAG, the base of a subdivision flag.
  private static let blackFlag: UInt32 = 0x1F3F4

  /// The index after a subdivision flag's tags, when the scalars from `start` are one (a
  /// Unicode subdivision id, such as `gbeng`, spelled in tag digits and lower-case tag letters,
  /// then CANCEL TAG); else `start`, so the tags that follow are dropped like any others.
  private static func endOfSubdivisionFlag(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, index - start < 7,
      (0xE0030...0xE0039).contains(scalars[index].value) || (0xE0061...0xE007A).contains(scalars[index].value)
    {
      index += 1
    }
    let isFlag = index - start >= 2 && index < scalars.count && scalars[index].value == 0xE007F
    return isFlag ? index + 1 : start
  }

  /// The index after the escape sequence whose ESC was just before `start`.
  private static func endOfEscape(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    guard start < scalars.count else { return start }
    switch scalars[start].value {
    case 0x5B:  // "[": CSI
      return endOfControlSequence(in: scalars, from: start + 1)
    case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // "]" OSC, "P" DCS, "X" SOS, "^" PM, "_" APC
      return endOfString(in: scalars, from: start + 1)
    case 0x20...0x2F:  // nF escape: intermediates, then one final character
      var index = start
      while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) {
        index += 1
      }
      return index < scalars.count && (0x30...0x7E).contains(scalars[index].value) ? index + 1 : index
    case 0x30...0x7E:  // a two-character escape such as ESC c (reset) or ESC 7
      return start + 1
    default:  // a lone ESC: drop it and keep what follows
      return start
    }
  }

  /// The index after a CSI's final byte. A character that cannot belong to a CSI ends the
  /// sequence without being consumed, so text after a broken sequence survives.
  private static func endOfControlSequence(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, index - start < maximumSequenceLength {
      switch scalars[index].value {
      case 0x20...0x3F:
        index += 1
      case 0x40...0x7E:
        return index + 1
      default:
        return index
      }
    }
    return index
  }

  /// The index after a control string's terminator: BEL, ST (ESC \ or U+009C). Any other
  /// control character also ends it (and is handled by the caller), as in xterm.
  private static func endOfString(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, index - start < maximumSequenceLength {
      switch scalars[index].value {
      case 0x07, 0x9C:
        return index + 1
      case 0x1B:
        let isStringTerminator = index + 1 < scalars.count && scalars[index + 1].value == 0x5C
        return isStringTerminator ? index + 2 : index
      case 0x00...0x1F, 0x7F...0x9F:
        return index
      default:
        index += 1
      }
    }
    return index
  }
}

extension String {
  /// The string without the spaces at its ends (only spaces: sanitised text has no other
  /// white space that needs trimming).
  fileprivate func trimmingSpaces() -> String {
    guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
    return String(self[first...last])
  }
}
