#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call of a test's socket helper that failed, with its `errno`.
public struct SocketFailure: Error, Equatable, CustomStringConvertible {
  /// The call, e.g. `connect`.
  let call: String
  let code: Int32

  init(call: String, code: Int32) {
    self.call = call
    self.code = code
  }

  /// The call and its error, as `strerror` words it: what a failed test prints.
  public var description: String {
    "\(call): \(String(cString: strerror(code)))"
  }
}
