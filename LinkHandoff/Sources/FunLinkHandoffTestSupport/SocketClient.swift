import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw client of a Unix socket, for tests that misbehave on purpose: it sends what it is told,
/// when it is told, and reads with a bound on every wait.
///
/// Its socket blocks, each call for at most ``timeout`` (`SO_RCVTIMEO`, `SO_SNDTIMEO`), and never
/// raises SIGPIPE. Tests call it through `blocking`, off Swift's cooperative pool.
public final class SocketClient: Sendable {
  /// How long any one wait may take before the test gives up; generous for a loaded machine.
  public static let timeout: Duration = .seconds(30)

  private let descriptor: Int32
  private let isClosed = Atomic(false)

  /// Connects to `path`; throws the `errno` of a refused or impossible connection.
  public init(connectingTo path: String) throws(SocketFailure) {
    descriptor = try UnixAddress.connectedSocket(to: path)
    var limit = timeval(tv_sec: Int(Self.timeout.components.seconds), tv_usec: 0)
    for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
      setsockopt(descriptor, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  deinit {
    close()
  }

  /// Sends `bytes` until all are sent, the peer is gone or ``timeout`` passes without progress;
  /// returns how many were sent.
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Int {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { raw in
        Foundation.send(descriptor, raw.baseAddress, raw.count, UnixAddress.noSignal)
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return sent
      }
    }
    return sent
  }

  /// Shuts the sending side, as `nc -N` does after its input: the peer reads the end of it,
  /// and this client can still read the answer.
  public func finishSending() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Reads until the peer closes its end; returns what came, or `nil` if it was still open
  /// after ``timeout`` without a byte.
  public func readToEnd() -> [UInt8]? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += buffer[..<count]
      } else if count == 0 || errno == ECONNRESET {
        return received
      } else if errno != EINTR {
        return nil
      }
    }
  }

  /// Whether the peer has closed its end by now (no waiting).
  public var peerHasClosed: Bool {
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
  }

  /// Closes the connection; safe to call more than once.
  public func close() {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    _ = Foundation.close(descriptor)
  }
}
