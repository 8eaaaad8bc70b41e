import Foundation

/// A small, OSLog-free logger: levels, a category per message, pluggable sinks and a minimum
/// level.
///
/// Thread-safety: log from any thread. The message is only built when its level passes the
/// minimum, and it is built and written outside the logger's lock, so a slow sink holds up only
/// the thread that logs. One thread's records reach each sink in the order it logged them;
/// records from different threads may reach it in either order, each whole (a sink keeps its
/// own lines from interleaving).
public final class Logger: Sendable {
  private struct State {
    var minimumLevel: LogLevel
    var sinks: [any LogSink]
  }

  private let state: Locked<State>
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
    self.state = Locked(State(minimumLevel: minimumLevel, sinks: sinks))
    self.now = now
  }

  /// The lowest level that is written.
  var minimumLevel: LogLevel {
    get { state.withLock { $0.minimumLevel } }
    set { state.withLock { $0.minimumLevel = newValue } }
  }

  /// Logs `message` at `level` under `category`, if the level passes the minimum.
  public func log(_ level: LogLevel, _ message: @autoclosure () -> String, category: String) {
    let (minimumLevel, sinks) = state.withLock { ($0.minimumLevel, $0.sinks) }
    guard level >= minimumLevel else { return }
    let record = LogRecord(date: now(), level: level, category: category, message: message())
    for sink in sinks {
      sink.write(record)
    }
  }
}
