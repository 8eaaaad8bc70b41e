#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends standard error to a file while the app owns the screen, and puts it back afterwards.
///
/// Anything written to stderr while the alternate screen shows — above all the Swift runtime's
/// message when the program traps — would be wiped when the screen is restored. Redirected,
/// it lands in the log file, after the app's own records, where a person can read it.
struct StandardErrorRedirection {
  private let savedDescriptor: Int32

  /// Redirects stderr to `path` (appending, created if needed). If the file cannot be opened
  /// stderr stays where it is.
  init(toFileAt path: String) {
    // Never through a link planted where the log belongs, and never waiting on a FIFO.
    let file = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard file >= 0 else {
      savedDescriptor = -1
      return
    }
    savedDescriptor = dup(STDERR_FILENO)
    if savedDescriptor >= 0 {
      _ = dup2(file, STDERR_FILENO)
    }
    close(file)
  }

  /// Puts stderr back where it was. Call it once.
  func restore() {
    guard savedDescriptor >= 0 else { return }
    _ = dup2(savedDescriptor, STDERR_FILENO)
    close(savedDescriptor)
  }
}
