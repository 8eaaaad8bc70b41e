import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// directory. The file is opened in append mode, so several sinks or app instances sharing it
/// add their lines without overwriting each other's. If the file cannot be opened, or what is
/// there is not a regular file (a symbolic link is never followed), the records are dropped:
/// logging never stops the app.
public final class FileLogSink: LogSink {
  /// The open file, or -1 when it could not be opened. POSIX `open`, not `FileHandle`: only it
  /// can refuse a symbolic link or a FIFO where the log belongs.
  private let descriptor: Locked<Int32>

  /// Opens (or creates) `url` for appending.
  public init(url: URL) {
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700]
    )
    // O_APPEND makes every write land at the current end of the file, even when another
    // process or sink appended since this one opened it; a seek at open time would not.
    // Never through a symbolic link planted where the log belongs (it could point at any file
    // of yours), never waiting on a FIFO, and only into a regular file.
    let file = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    var info = stat()
    if file >= 0, fstat(file, &info) != 0 || info.st_mode & S_IFMT != S_IFREG {
      close(file)
      descriptor = Locked(-1)
    } else {
      descriptor = Locked(file)
    }
  }

  deinit {
    descriptor.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }
    }
  }

  /// Appends the record's `LogRecord/formatted` line, or drops it when the file is not open.
  public func write(_ record: LogRecord) {
    var line = record.formatted + "\n"
    descriptor.withLock { descriptor in
      guard descriptor >= 0 else { return }
      // A log that cannot be written has nowhere to report it.
      _ = line.withUTF8 { FileDescriptorWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
  }
}
