#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call of a test's socket helper that failed, with its `errno`.
public struct SocketFailure: Error, Equatable, CustomStringConvertible {
  /// The call, e.g. `connect`.
  public let call: String
  /// Its `errno`.
  public let code: Int32

  /// The failure of `call` with `code`.
  public init(call: String, code: Int32) {
    self.call = call
    self.code = code
  }

  public var description: String {
    "\(call): \(String(cString: strerror(code)))"
  }
}
