/// How many terminal columns text takes, and how to cut or pad it to a number of columns.
///
/// The unit is the grapheme cluster (a Swift `Character`), measured as a whole: East Asian Wide
/// and Fullwidth characters and emoji take two columns; combining marks, zero-width joiners,
/// variation selectors and other format characters add nothing; a ZWJ sequence such as a
/// family emoji, a flag or a keycap takes two. Characters of ambiguous East Asian width count
/// as one column, as in every non-CJK locale. Control characters count as zero; sanitise data
/// with ``TextSanitizer`` before drawing it.
///
/// Thread-safety: pure functions.
public enum DisplayWidth {
  /// The character that marks text cut by ``truncate(_:to:)``.
  static let ellipsis: Character = "…"

  /// Where ``pad(_:to:alignment:)`` puts the text inside the padded width.
  enum Alignment: Sendable {
    /// Text first, spaces after.
    case leading
    /// Spaces first, text after.
    case trailing
    /// Spaces split on both sides (the odd one after).
    case center
  }

  /// The number of columns `character` takes on a terminal: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue {
      // Also "\r\n", whose ASCII value is the line feed's.
      return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    var width = 0
    var isEmojiSequence = false
    for scalar in scalars {
      width = max(width, of(scalar))
      if scalar.value == 0xFE0F && first.properties.isEmoji {
        isEmojiSequence = true
      }
    }
    if isEmojiSequence || (isRegionalIndicator(first) && scalars.count > 1) {
      return 2
    }
    return width
  }

  /// The number of columns `text` takes: the sum over its grapheme clusters.
  public static func of(_ text: some StringProtocol) -> Int {
    // Most text on screen is printable ASCII: one column a byte, no grapheme breaking needed.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
      return text.utf8.count
    }
    var total = 0
    for character in text {
      total += of(character)
    }
    return total
  }

  /// `text` cut to at most `width` columns, with "…" as its last column when anything was cut.
  ///
  /// Never splits a grapheme cluster and never exceeds `width`; a wide character that does not
  /// fit before the ellipsis is left out whole, so the result may be one column narrower.
  /// Returns "" for a width of zero or less.
  ///
  /// Reads no further into `text` than the first character past `width`, so cutting a title of
  /// any length to a row costs what the row holds.
  static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    // Short enough in bytes is short enough in columns for printable ASCII, the common case.
    if text.utf8.count <= width, text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
    let budget = width - of(ellipsis)
    var kept = ""
    var keeps = true
    var used = 0
    for character in text {
      used += of(character)
      if used > width {
        kept.append(ellipsis)
        return kept
      }
      // The first character past the budget ends what is kept, even if a narrower one follows.
      keeps = keeps && used <= budget
      if keeps { kept.append(character) }
    }
    return text
  }

  /// The number of columns `text` takes, counted no further than `limit`: a caller that needs
  /// at most `limit` columns of it (a list's title column) does not measure the rest of a
  /// long text.
  static func of(_ text: some StringProtocol, upTo limit: Int) -> Int {
    if text.utf8.count <= limit { return of(text) }
    var total = 0
    for character in text {
      total += of(character)
      if total >= limit { return limit }
    }
    return total
  }

  /// `text` made exactly `width` columns wide: truncated with ``truncate(_:to:)`` if wider,
  /// then filled with spaces as `alignment` says.
  ///
  /// Returns "" for a width of zero or less.
  static func pad(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
    guard width > 0 else { return "" }
    let fitted = truncate(text, to: width)
    let missing = width - of(fitted)
    guard missing > 0 else { return fitted }
    let before: Int
    switch alignment {
    case .leading: before = 0
    case .trailing: before = missing
    case .center: before = missing / 2
    }
    var padded = String(repeating: " ", count: before) + fitted + String(repeating: " ", count: missing - before)
    // Text that starts with a mark (a spacing vowel sign, say) joins the space before it into
    // one grapheme cluster, and that space's column is lost; spaces at the end never join.
    let lost = width - of(padded)
    if lost > 0 {
      padded += String(repeating: " ", count: lost)
    }
    return padded
  }

  /// The width of one scalar on its own.
  private static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) {
      return 0
    }
    if value < 0x300 {
      return value == 0xAD ? 0 : 1
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return 0
    default:
      break
    }
    if UnicodeWidthTable.contains(value, in: UnicodeWidthTable.zeroWidthLetters) {
      return 0
    }
    if UnicodeWidthTable.contains(value, in: UnicodeWidthTable.wide) {
      return 2
    }
    // Emoji newer than the table; a lone regional indicator stays narrow, as in terminals.
    if scalar.properties.isEmojiPresentation && !isRegionalIndicator(scalar) {
      return 2
    }
    return 1
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }
}
