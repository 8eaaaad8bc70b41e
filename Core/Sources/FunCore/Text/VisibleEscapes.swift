/// Text from outside — a link, a script line, a path, a socket client's bytes — spelled so that
/// every character that could act on a terminal, split a line or hide itself shows as what it
/// is: the one spelling of the log and of every message that quotes such a value.
///
/// A value quoted in a message (`unknown tab '…'`) is escaped here before it is put in, so a
/// reader sees `'\u{1B}'` where the value held an escape character; a sanitiser run over the
/// whole message afterwards would drop it, and with it the quote that follows, or hide a
/// right-to-left override that turns `hcraes` into `search`. The spelling is Swift's own
/// string-literal one:
///
/// - `\t`, `\n` and `\r` for tab, line feed and carriage return;
/// - `\u{1B}` (hexadecimal, at least two digits) for every other C0 control (U+0000–U+001F),
///   DEL (U+007F) and every C1 control (U+0080–U+009F); for the line and paragraph separators
///   (U+2028, U+2029), which editors and pagers break lines at; and for the bidirectional
///   formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which
///   reorder what a reader sees;
/// - `\u{FFFD}` for the replacement character. A Swift string is always valid Unicode, so
///   bytes that were not valid UTF-8 (in an argument, an environment variable, a script file,
///   a paste) arrive already replaced by U+FFFD, whichever path decoded them; written as an
///   escape, the replacement stays visible instead of passing as one more glyph. The original
///   bytes cannot be recovered from the string.
///
/// Everything else, a backslash included, is written as it is: the escaping keeps the text safe
/// and legible, and is not meant to be reversed.
public enum VisibleEscapes {
  /// `text` with every character the type's comment lists escaped.
  ///
  /// Works on scalars, not characters: `"\r\n"` is one `Character`, and so is a letter with an
  /// escape character's combining mark after it, so a character-level test would miss both.
  public static func escaped(_ text: String) -> String {
    // Most texts have nothing to escape: they are returned as they are, without a copy.
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var escaped = ""
    escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case _ where needsEscape(scalar):
        let digits = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\u{" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` escaped as ``escaped(_:)`` does, cut first to at most 200 Unicode scalars, the last
  /// of them "…", when it has more: a value from outside (a link, an id, a server's answer) may
  /// be thousands of characters long, and a message names it by its start. The bound counts
  /// scalars, since one letter followed by any number of combining marks is a single
  /// `Character`; the cut falls between characters (a flag or a family emoji is kept whole or
  /// left out), unless the first character alone is over the bound.
  public static func clipped(_ text: String) -> String {
    guard text.unicodeScalars.count > 200 else { return escaped(text) }
    var end = text.startIndex
    var kept = 0
    for index in text.indices {
      kept += text[index].unicodeScalars.count
      guard kept <= 199 else { break }
      end = text.index(after: index)
    }
    if end == text.startIndex {
      end = text.unicodeScalars.index(text.startIndex, offsetBy: 199)
    }
    var start = String.UnicodeScalarView(text.unicodeScalars[..<end])
    start.append("…")
    return escaped(String(start))
  }

  /// Whether `scalar` is written as an escape (see the type's comment).
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFFFD: true
    default: false
    }
  }
}
