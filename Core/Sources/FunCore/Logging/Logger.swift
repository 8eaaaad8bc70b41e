import Foundation

/// A small, OSLog-free logger: levels, a category per message, pluggable sinks and a minimum
/// level.
///
/// Thread-safety: log from any thread. The message is only built when its level passes the
/// minimum. The level and sinks are fixed at creation, so the logger takes no lock: a slow sink
/// holds up only the thread that logs. One thread's records reach each sink in the order it logged them;
/// records from different threads may reach it in either order, each whole (a sink keeps its
/// own lines from interleaving).
public final class Logger: Sendable {
  private let minimumLevel: LogLevel
  private let sinks: [any LogSink]
  private let now: @Sendable () -> Date

  /// Creates a logger.
  /// - Parameters:
  ///   - minimumLevel: messages below it are dropped.
  ///   - sinks: where records go.
  ///   - now: the time source for timestamps (tests pass a fixed date).
  public init(
    minimumLevel: LogLevel = .info,
    sinks: [any LogSink],
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.minimumLevel = minimumLevel
    self.sinks = sinks
    self.now = now
  }

  /// Logs `message` at `level` under `category`, if the level passes the minimum.
  public func log(_ level: LogLevel, _ message: @autoclosure () -> String, category: String) {
    guard level >= minimumLevel else { return }
    let record = LogRecord(date: now(), level: level, category: category, message: message())
    for sink in sinks {
      sink.write(record)
    }
  }
}
