#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A socket that listens and never answers: a `fun` that is stuck, or a program that is not a
/// `fun`. Connections wait in its queue; none is accepted.
public final class SilentListener: Sendable {
  private let descriptor: Int32

  /// Binds a socket to `path` (which must not exist) and listens on it.
  public init(at path: String) throws(SocketFailure) {
    descriptor = try UnixAddress.listeningSocket(at: path)
  }

  deinit {
    close(descriptor)
  }

  /// Whether a connection waits in the queue (no waiting).
  public var hasWaitingConnection: Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) > 0
  }
}
