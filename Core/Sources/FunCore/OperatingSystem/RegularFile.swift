#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way Fun opens a file that must be a regular file and nothing else: the log, the
/// standard error it is shared with, and the lock files. Something planted where such a file
/// belongs is refused, never used: a symbolic link (it could point at any file of the user's),
/// a FIFO (opening it could wait for a reader forever), a directory, a device (a terminal never
/// becomes the controlling one) or a socket.
///
/// In Core because its users are in three layers (Core, FunServices, FunLinkHandoff). A state
/// file's read opens its file itself (`FileSystem.readStateFile`): it says which kind of file
/// it found instead, checks the owner and size, and tests replace its `open`.
public enum RegularFile {
  /// Why ``open(_:flags:)`` gave no descriptor.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// A system call failed with this `errno`; a symbolic link at the path is `ELOOP`.
    case system(Int32)
    /// What is at the path is no regular file: a FIFO, a directory, a device or a socket.
    case notRegularFile

    /// In the system's words ("Permission denied") or "not a regular file".
    public var description: String {
      switch self {
      case .system(let code): String(cString: strerror(code))
      case .notRegularFile: "not a regular file"
      }
    }
  }

  /// Opens the regular file at `path` with `flags` (an access mode, and `O_APPEND`, `O_CREAT`
  /// as wanted), never through a symbolic link, never waiting on a FIFO, whoever holds its
  /// other end, and never taking a terminal for the controlling one. A file `O_CREAT` makes
  /// is private (0600). The descriptor, which the caller closes, is close-on-exec and blocking.
  public static func open(_ path: String, flags: Int32) -> Result<Int32, Refusal> {
    // O_NONBLOCK only so that opening a FIFO cannot wait; cleared once the file is known to
    // be regular, where it would mean nothing anyway. O_NOCTTY because the open itself would
    // make a terminal the controlling one of a session leader without one: refusing it after
    // is too late.
    let descriptor = systemOpen(path, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .failure(.system(errno)) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.system(code))
    }
    // A FIFO with a process at its other end opens all the same; only what it is shows it.
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return .failure(.notRegularFile)
    }
    let status = fcntl(descriptor, F_GETFL)
    guard status >= 0, fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.system(code))
    }
    return .success(descriptor)
  }
}

/// The C call, which ``RegularFile/open(_:flags:)`` hides inside the type.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
