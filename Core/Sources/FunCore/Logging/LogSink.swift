import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``Logger`` sends its records.
///
/// A logger calls `write` on the thread that logs, holding no lock, so a sink may be written to
/// from several threads at once: it keeps each record whole itself (``FileLogSink`` writes each
/// line under a lock of its own). One thread's records arrive in the order it logged them;
/// different threads' records, in the order their writes reach the sink.
public protocol LogSink: Sendable {
  /// Writes one record.
  func write(_ record: LogRecord)
}

/// Appends one line per record to a file, creating it (and its folder) on first use, and keeps
/// it bounded.
///
/// The interactive app owns stdout, so this is the default sink: a log file in the state
/// directory. The file is opened in append mode, so several sinks or app instances sharing it
/// add their lines without overwriting each other's. If the file cannot be opened, or what is
/// there is not a regular file (a symbolic link is never followed), the records are dropped and
/// ``failure`` says why: logging never stops the app.
///
/// Bounded, because anyone who can reach the app (a client of its link socket) can make it log:
/// a file over `limit` when the sink opens it is renamed to `NAME.1` (replacing the one there)
/// and a new one started; while it runs, a record that would take the file past twice `limit`
/// is not written, and one last line says that logging stopped. The size is the file's, read
/// before each write, so lines another instance appended count too.
public final class FileLogSink: LogSink {
  /// The size over which an existing log is set aside as `NAME.1` when a sink opens it: 8 MiB,
  /// weeks of ordinary use.
  public static let defaultLimit = 8 << 20

  /// The open file, or -1 when it could not be opened or logging stopped. A descriptor from
  /// ``RegularFile``, not a `FileHandle`: only it refuses a symbolic link or a FIFO where the
  /// log belongs.
  private let descriptor: Locked<Int32>
  /// The largest the file grows: twice the limit.
  private let hardLimit: Int
  /// Why the log over the limit at start could not be set aside ("fun.log.1: Is a directory",
  /// when a folder holds its old copy's name), or `nil`: the line that stops logging says it,
  /// since the next start will not set it aside either.
  private let rotationFailure: String?

  /// Why nothing is logged, in the system's words ("Permission denied", "Is a directory"), or
  /// `nil` when the file is open.
  public let failure: String?

  /// Opens (or creates) `url` for appending, first setting aside a file there over `limit` bytes.
  public init(url: URL, limit: Int = defaultLimit) {
    hardLimit = 2 * limit
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700]
    )
    rotationFailure = Self.rotate(url.path, over: limit).map { "\(url.lastPathComponent).1: \($0)" }
    // O_APPEND makes every write land at the current end of the file, even when another
    // process or sink appended since this one opened it; a seek at open time would not.
    switch RegularFile.open(url.path, flags: O_WRONLY | O_APPEND | O_CREAT) {
    case .success(let file):
      failure = nil
      descriptor = Locked(file)
    case .failure(let refusal):
      failure = refusal.description
      descriptor = Locked(-1)
    }
  }

  /// Renames the regular file at `path` to `path.1` (replacing what is there, never following a
  /// link) when it is larger than `limit`; returns why it could not, or `nil`.
  private static func rotate(_ path: String, over limit: Int) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit else { return nil }
    // A log that cannot be set aside is stopped at the hard limit instead.
    guard rename(path, path + ".1") == 0 else { return String(cString: strerror(errno)) }
    return nil
  }

  deinit {
    descriptor.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }
    }
  }

  /// Appends the record's `LogRecord/formatted` line, or drops it when the file is not open; a
  /// line that would take the file past the hard limit stops logging instead.
  public func write(_ record: LogRecord) {
    var line = record.formatted + "\n"
    descriptor.withLock { descriptor in
      guard descriptor >= 0 else { return }
      var info = stat()
      if fstat(descriptor, &info) == 0, Int(info.st_size) + line.utf8.count > hardLimit {
        let next =
          rotationFailure.map { "it could not be set aside (\($0)): move that away to log again" }
          ?? "the next start sets it aside and logs again"
        var last =
          LogRecord(
            date: record.date, level: .warning, category: "log",
            message: "logging stopped: the file reached \(hardLimit >> 10) KiB; \(next)"
          ).formatted + "\n"
        _ = last.withUTF8 { FileDescriptorWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        close(descriptor)
        descriptor = -1
        return
      }
      // A log that cannot be written has nowhere to report it.
      _ = line.withUTF8 { FileDescriptorWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
  }
}
