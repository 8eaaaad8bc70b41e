import Foundation

/// A small, OSLog-free logger: levels, a category per message, pluggable sinks and a minimum
/// level.
///
/// Thread-safety: log from any thread. Records are delivered to the sinks one at a time under
/// a lock, in the order the calls acquired it, so lines never interleave. The message is only
/// built when its level passes the minimum.
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
    state.withLock { state in
      guard level >= state.minimumLevel else { return }
      let record = LogRecord(date: now(), level: level, category: category, message: message())
      for sink in state.sinks {
        sink.write(record)
      }
    }
  }
}
