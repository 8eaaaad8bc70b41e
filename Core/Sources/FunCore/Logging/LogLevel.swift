/// How much a log message matters, from `debug` (chatter) to `fault` (a bug in the program).
///
/// Levels are ordered, so a ``Logger`` keeps a message when `message.level >= minimumLevel`.
public enum LogLevel: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
  case debug, info, notice, warning, error, fault

  /// Parses a level name as written on the command line (`--log-level warning`).
  public init?(name: String) {
    guard let level = Self.allCases.first(where: { $0.description == name.lowercased() }) else {
      return nil
    }
    self = level
  }

  /// The lower-case name: `debug`, `info`, `notice`, `warning`, `error`, `fault`.
  public var description: String {
    switch self {
    case .debug: "debug"
    case .info: "info"
    case .notice: "notice"
    case .warning: "warning"
    case .error: "error"
    case .fault: "fault"
    }
  }

  /// Whether `lhs` matters less than `rhs`.
  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
