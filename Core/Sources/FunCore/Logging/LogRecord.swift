import Foundation

/// One log message with its time, level and category.
///
/// `formatted`, the line a sink writes, shows as an escape every character that could act on
/// a terminal or split the line, whoever wrote the message: a link, a catalog, a socket client
/// or a file name may carry them, and `tail -f fun.log` must print text, never run it. So a
/// record is always one line of printable text, in Swift's own string-literal spelling:
///
/// - `\t`, `\n` and `\r` for tab, line feed and carriage return;
/// - `\u{1B}` (hexadecimal, at least two digits) for every other C0 control (U+0000–U+001F),
///   DEL (U+007F) and every C1 control (U+0080–U+009F); for the line and paragraph separators
///   (U+2028, U+2029), which editors and pagers break lines at; and for the bidirectional
///   formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which
///   reorder what a reader sees;
/// - `\u{FFFD}` for the replacement character. A Swift string is always valid Unicode, so
///   bytes that were not valid UTF-8 (in an argument, an environment variable, a script file,
///   a paste) reach the logger already replaced by U+FFFD, whichever path decoded them; written
///   as an escape, the replacement stays visible instead of passing as one more glyph. The
///   original bytes cannot be recovered from the string.
///
/// Everything else, a backslash included, is written as it is: the escaping keeps the log safe
/// and legible, and is not meant to be reversed. `message` keeps the text as it was logged.
public struct LogRecord: Equatable, Sendable {
  /// When the message was logged.
  let date: Date
  /// How much it matters.
  let level: LogLevel
  /// The subsystem it came from, such as `network` or `favorites`.
  let category: String
  /// The message text, as it was logged.
  let message: String

  /// Creates a record.
  init(date: Date, level: LogLevel, category: String, message: String) {
    self.date = date
    self.level = level
    self.category = category
    self.message = message
  }

  /// One line: `2026-11-21T22:40:58.123Z warning [favorites] message`, the category and the
  /// message escaped as the type's comment says.
  var formatted: String {
    "\(date.formatted(Self.timestamp)) \(level) [\(Self.escaped(category))] \(Self.escaped(message))"
  }

  /// ISO 8601 in UTC, to the millisecond.
  private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// `text` with every character the type's comment lists escaped.
  ///
  /// Works on scalars, not characters: `"\r\n"` is one `Character`, and so is a letter with an
  /// escape character's combining mark after it, so a character-level test would miss both.
  static func escaped(_ text: String) -> String {
    // Most messages have nothing to escape: they are returned as they are, without a copy.
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
