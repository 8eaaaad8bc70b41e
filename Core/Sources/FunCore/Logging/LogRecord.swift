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
    let timestamp = date.formatted(Self.timestampStyle)
    let flat = message.replacing("\n", with: "\\n").replacing("\r", with: "\\r")
    return "\(timestamp) \(level) [\(category)] \(flat)"
  }

  private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
