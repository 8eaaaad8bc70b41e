@testable import FunCore

/// Keeps records in memory, for tests that assert what was logged.
final class MemoryLogSink: LogSink {
  private let storage = Locked<[LogRecord]>([])

  /// Every record written so far, oldest first.
  var records: [LogRecord] {
    storage.withLock { $0 }
  }

  func write(_ record: LogRecord) {
    storage.withLock { $0.append(record) }
  }
}
