import Foundation

/// One log message with its time, level and category.
///
/// `formatted`, the line a sink writes, shows as an escape every character that could act on
/// a terminal or split the line, whoever wrote the message: a link, a catalog, a socket client
/// or a file name may carry them, and `tail -f fun.log` must print text, never run it. So a
/// record is always one line of printable text, escaped by ``VisibleEscapes``. `message` keeps
/// the text as it was logged.
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
    let category = VisibleEscapes.escaped(category)
    return "\(date.formatted(Self.timestamp)) \(level) [\(category)] \(VisibleEscapes.escaped(message))"
  }

  /// ISO 8601 in UTC, to the millisecond.
  private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
