import FunCore
import FunModel

/// The app's ``/FunModel/LoggerService``: forwards every message to a Core ``/FunCore/Logger``, which applies its
/// minimum level and writes to its sinks (by default a log file in the state directory).
///
/// Thread-safety and ordering are the logger's: log from any thread; each thread's records reach
/// the sinks in the order it logged them, each whole.
struct CoreLoggerService: LoggerService {
  /// The logger messages go to.
  let logger: Logger

  /// Passes the message to the adapted logger.
  func log(_ level: LogLevel, _ message: String, category: String) {
    logger.log(level, message, category: category)
  }
}
