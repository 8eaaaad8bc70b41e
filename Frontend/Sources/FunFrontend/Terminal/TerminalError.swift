#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The descriptor is not a terminal (redirected input or output); use script mode instead.
  case notATerminal(fileDescriptor: Int32)
  /// A system call failed; `code` is its `errno`.
  case systemCall(name: String, code: Int32)

  /// A message a person can act on.
  public var description: String {
    switch self {
    case .notATerminal(let fileDescriptor):
      "File descriptor \(fileDescriptor) is not a terminal; run with --script to use Fun without one"
    case .systemCall(let name, let code):
      "Could not set up the terminal: \(name) failed: \(String(cString: strerror(code)))"
    }
  }
}
