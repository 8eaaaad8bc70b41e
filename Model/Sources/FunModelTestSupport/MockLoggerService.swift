import FunCore
import FunModel

/// A ``/FunModel/LoggerService`` that keeps every message for assertions.
public final class MockLoggerService: LoggerService {
  /// One logged message.
  public struct Entry: Equatable, Sendable {
    /// The level.
    public let level: LogLevel
    /// The message.
    public let message: String
    /// The category.
    public let category: String
  }

  private let storage = Locked<[Entry]>([])

  /// Creates an empty logger.
  public init() {}

  /// Every message logged, oldest first.
  public var entries: [Entry] {
    storage.withLock { $0 }
  }

  public func log(_ level: LogLevel, _ message: String, category: String) {
    storage.withLock { $0.append(Entry(level: level, message: message, category: category)) }
  }
}
