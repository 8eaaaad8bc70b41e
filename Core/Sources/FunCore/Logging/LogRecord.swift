import Foundation

/// One log message with its time, level and category.
public struct LogRecord: Equatable, Sendable {
  /// When the message was logged.
  public let date: Date
  /// How much it matters.
  public let level: LogLevel
  /// The subsystem it came from, such as `network` or `favorites`.
  public let category: String
  /// The message text.
  public let message: String

  /// Creates a record.
  public init(date: Date, level: LogLevel, category: String, message: String) {
    self.date = date
    self.level = level
    self.category = category
    self.message = message
  }

  /// One line: `2026-11-21T22:40:58.123Z warning [favorites] message`.
  ///
  /// Newlines inside the message are escaped so that one record is always one line.
  public var formatted: String {
    "\(UTCTimestamp.string(for: date)) \(level) [\(category)] \(Self.escapingLineBreaks(message))"
  }

  /// Works on scalars, not characters: `"\r\n"` is one `Character`, so a character-level
  /// replacement of `"\n"` would let a CRLF split the record over two lines.
  private static func escapingLineBreaks(_ message: String) -> String {
    var flat = ""
    flat.unicodeScalars.reserveCapacity(message.unicodeScalars.count)
    for scalar in message.unicodeScalars {
      switch scalar {
      case "\n": flat += "\\n"
      case "\r": flat += "\\r"
      default: flat.unicodeScalars.append(scalar)
      }
    }
    return flat
  }
}
