import FunCore

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

  /// Redirects stderr to the log at `path` (appending, created if needed). If it cannot be
  /// opened, or is not a regular file, stderr stays where it is.
  init(toFileAt path: String) {
    // Opened as the log sink opens it (appending, so its lines and the sink's interleave
    // whole): only the regular file, never through a planted link.
    guard case .success(let file) = RegularFile.open(path, flags: O_WRONLY | O_APPEND | O_CREAT) else {
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
