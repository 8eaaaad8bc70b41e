import Foundation
import Synchronization

@testable import FunApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short-lived folder under `/tmp` for socket tests: `$TMPDIR` on macOS is long enough to push
/// `<folder>/state/fun.sock` past the 104 bytes a socket address holds there.
struct SocketDirectory: Sendable {
  /// The folder.
  let path: String

  /// Creates the folder (mode 0700, as `mkdtemp` makes it).
  init() throws {
    var template = Array("/tmp/fun-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made else {
      throw UnixSocket.Failure(call: "mkdtemp", code: errno)
    }
    path = String(cString: made)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String {
    path + "/" + name
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A raw client of a Unix socket, for tests that misbehave on purpose: it sends what it is told,
/// when it is told, and reads with a bound on every wait.
final class SocketClient: Sendable {
  /// How long any one wait may take before the test gives up; generous for a loaded machine.
  static let timeout: Duration = .seconds(30)

  /// The socket (non-blocking).
  let socket: UnixSocket
  private let isClosed = Atomic(false)

  /// Connects to `path`; throws the `errno` of a refused or impossible connection.
  init(connectingTo path: String) throws {
    socket = try UnixSocket.open()
    if let code = socket.connect(to: path) {
      socket.close()
      throw UnixSocket.Failure(call: "connect", code: code)
    }
  }

  deinit {
    close()
  }

  /// Sends `bytes`, waiting for room as needed, until all are sent or the peer is gone; returns
  /// how many were sent.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Int {
    let deadline = ContinuousClock.now.advanced(by: Self.timeout)
    var sent = 0
    while sent < bytes.count {
      switch socket.send(bytes[sent...]) {
      case .success(0):
        guard UnixSocket.wait(for: POLLOUT, on: socket.descriptor, until: deadline) else { return sent }
      case .success(let count):
        sent += count
      case .failure:
        return sent
      }
    }
    return sent
  }

  /// Reads until the peer closes its end; returns what came, or `nil` if it was still open
  /// after ``timeout``.
  func readToEnd() -> [UInt8]? {
    let deadline = ContinuousClock.now.advanced(by: Self.timeout)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      guard UnixSocket.wait(for: POLLIN, on: socket.descriptor, until: deadline) else { return nil }
      switch socket.receive(into: &buffer) {
      case .bytes(let count): received += buffer[..<count]
      case .nothing: continue
      case .end: return received
      }
    }
  }

  /// Whether the peer has closed its end by now (no waiting).
  var peerHasClosed: Bool {
    var request = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, 0) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(socket.descriptor, &byte, 1, Int32(MSG_PEEK)) == 0
  }

  /// Closes the connection; safe to call more than once.
  func close() {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    socket.close()
  }
}
