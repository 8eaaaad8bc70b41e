#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few calls the test helpers make on a socket's address: one blocking socket, connected or
/// listening. (The app's own socket code is internal to FunLinkHandoff and non-blocking.)
enum UnixAddress {
  /// The flag that keeps a send from raising SIGPIPE where the system has one (Linux);
  /// elsewhere the socket is set up with `SO_NOSIGPIPE` instead.
  #if canImport(Glibc)
    static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    static let noSignal: Int32 = 0
  #endif

  /// A new socket connected to `path`.
  static func connectedSocket(to path: String) throws(SocketFailure) -> Int32 {
    let descriptor = try socket()
    let result = withAddress(of: path) { connect(descriptor, $0, $1) }
    guard result == 0 else {
      let code = errno
      close(descriptor)
      throw SocketFailure(call: "connect", code: code)
    }
    return descriptor
  }

  /// A new socket bound to `path` and listening.
  static func listeningSocket(at path: String) throws(SocketFailure) -> Int32 {
    let descriptor = try socket()
    guard withAddress(of: path, { bind(descriptor, $0, $1) }) == 0, listen(descriptor, 4) == 0 else {
      let code = errno
      close(descriptor)
      throw SocketFailure(call: "bind", code: code)
    }
    return descriptor
  }

  private static func socket() throws(SocketFailure) -> Int32 {
    #if canImport(Glibc)
      let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SocketFailure(call: "socket", code: errno) }
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return descriptor
  }

  /// Calls `body` with the address of `path`, cut to what an address holds.
  private static func withAddress(of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path) - 1
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix(capacity)) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }
}
