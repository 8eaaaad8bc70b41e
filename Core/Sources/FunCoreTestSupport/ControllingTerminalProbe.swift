import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// For an exit test's child process: makes it the leader of a new session, which has no
/// controlling terminal, and opens a new pseudo-terminal whose terminal end the test's code then
/// opens by path, as it would a file planted in the state folder.
///
/// The child says what went wrong by its exit code, which is what a failed exit test shows.
public enum ControllingTerminalProbe {
  /// Why the child failed: its exit code.
  public enum Failure: Int32 {
    /// The terminal became the session's controlling terminal.
    case becameControllingTerminal = 10
    /// The terminal opened as if it were a regular file.
    case notRefused = 11
    /// No new session without a controlling terminal could be made.
    case noNewSession = 12
    /// No pseudo-terminal could be made (or making one gave the session its terminal).
    case noPseudoTerminal = 13
  }

  /// Whether the system can make pseudo-terminals here.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: "/dev/ptmx")
  }

  /// Leads a new session without a controlling terminal and makes a new pseudo-terminal: the
  /// path of its terminal end, and the descriptor of its other end (open until the process
  /// exits), through which a test types what the terminal end reads.
  public static func newSession() -> (terminal: String, primary: Int32) {
    guard setsid() >= 0, !hasControllingTerminal else { fail(.noNewSession) }
    var primary: Int32 = -1
    var secondary: Int32 = -1
    // openpty opens its terminal end with O_NOCTTY.
    guard openpty(&primary, &secondary, nil, nil, nil) == 0, let name = ttyname(secondary) else {
      fail(.noPseudoTerminal)
    }
    let path = String(cString: name)
    close(secondary)
    guard !hasControllingTerminal else { fail(.noPseudoTerminal) }
    return (path, primary)
  }

  /// Whether the process's session has a controlling terminal (`/dev/tty` opens only then).
  public static var hasControllingTerminal: Bool {
    let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY)
    if descriptor >= 0 { close(descriptor) }
    return descriptor >= 0
  }

  /// Ends the child, saying why by its exit code.
  public static func fail(_ failure: Failure) -> Never {
    exit(failure.rawValue)
  }
}
