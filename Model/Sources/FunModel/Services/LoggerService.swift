import FunCore

/// Logging for the layers above Core: a level, a category and a message.
public protocol LoggerService: Sendable {
  /// Logs `message` at `level` under `category`.
  func log(_ level: LogLevel, _ message: String, category: String)
}

extension LoggerService {
  /// Logs at `debug`.
  public func debug(_ message: String, category: String) { log(.debug, message, category: category) }
  /// Logs at `info`.
  public func info(_ message: String, category: String) { log(.info, message, category: category) }
  /// Logs at `warning`.
  public func warning(_ message: String, category: String) { log(.warning, message, category: category) }
  /// Logs at `error`.
  public func error(_ message: String, category: String) { log(.error, message, category: category) }
}

extension ServiceKey where Value == any LoggerService {
  /// The logger.
  public static var logger: Self { Self("logger") }
}
