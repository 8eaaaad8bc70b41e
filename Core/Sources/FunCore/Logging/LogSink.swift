import Foundation
import Synchronization

/// Where a ``Logger`` sends its records.
///
/// A logger calls `write` under its own lock, one record at a time, so a sink never sees two
/// records at once and its lines never interleave.
public protocol LogSink: Sendable {
  /// Writes one record.
  func write(_ record: LogRecord)
}

/// Appends one line per record to a file, creating it (and its folder) on first use.
///
/// The interactive app owns stdout, so this is the default sink: a log file in the state
/// directory. If the file cannot be opened the records are dropped: logging never stops the
/// app.
public final class FileLogSink: LogSink {
  private let handle: Mutex<FileHandle?>

  /// The file the sink appends to.
  public let url: URL

  /// Opens (or creates) `url` for appending.
  public init(url: URL) {
    self.url = url
    let manager = FileManager.default
    try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if !manager.fileExists(atPath: url.path) {
      _ = manager.createFile(atPath: url.path, contents: nil)
    }
    let handle = try? FileHandle(forWritingTo: url)
    _ = try? handle?.seekToEnd()
    self.handle = Mutex(handle)
  }

  public func write(_ record: LogRecord) {
    handle.withLock { handle in
      try? handle?.write(contentsOf: Data((record.formatted + "\n").utf8))
    }
  }
}

/// Writes one line per record to standard error.
public struct StandardErrorLogSink: LogSink {
  /// Creates the sink.
  public init() {}

  public func write(_ record: LogRecord) {
    FileHandle.standardError.write(Data((record.formatted + "\n").utf8))
  }
}

/// Keeps records in memory, for tests that assert what was logged.
public final class MemoryLogSink: LogSink {
  private let storage = Mutex<[LogRecord]>([])

  /// Creates an empty sink.
  public init() {}

  /// Every record written so far, oldest first.
  public var records: [LogRecord] {
    storage.withLock { $0 }
  }

  public func write(_ record: LogRecord) {
    storage.withLock { $0.append(record) }
  }
}
