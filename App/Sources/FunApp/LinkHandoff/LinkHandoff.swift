import Foundation
import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The client side of `fun --open URL`: hands the link to the `fun` already running on the
/// same state directory, over its socket (``LinkHandoffMessage``), and waits for its answer.
///
/// Every step is bounded by one deadline, ``acknowledgementTimeout`` from the start: the socket
/// is non-blocking, and a running app that is stuck, or a listener that is not a `fun`, costs
/// the caller that second at most.
enum LinkHandoff {
  /// How long `fun --open` waits for the running app's `ok`.
  static let acknowledgementTimeout: Duration = .seconds(1)

  /// How a hand-off went.
  enum Outcome: Equatable {
    /// The running app acknowledged the link: it routes it.
    case delivered
    /// No `fun` listens on the socket (none there, or a stale one): start normally.
    case noInstance
    /// A `fun` is there but did not take the link; the message says why.
    case failed(String)
  }

  /// Hands `url` to the app listening on `socketPath`, waiting at most `timeout` in all.
  static func send(_ url: String, to socketPath: String, timeout: Duration = acknowledgementTimeout) -> Outcome {
    // No instance can listen on a path too long for a socket address: it starts normally, and
    // logs why it does not listen either.
    guard UnixSocket.fits(socketPath) else { return .noInstance }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let socket: UnixSocket
    do throws(UnixSocket.Failure) {
      socket = try UnixSocket.open()
    } catch {
      return .failed("cannot hand the link over (\(error))")
    }
    defer { socket.close() }
    let seconds = String(format: "%g", timeout.inSeconds)
    let unanswered = Outcome.failed(
      "no acknowledgement from the fun running on \(socketPath) within \(seconds) s: the link may not have been opened")
    switch socket.connect(to: socketPath) {
    case nil:
      break
    case ENOENT, ECONNREFUSED:
      return .noInstance
    case EAGAIN, EWOULDBLOCK:
      return .failed("the fun running on \(socketPath) is busy (its queue of connections is full): try again")
    case EINPROGRESS:
      guard UnixSocket.wait(for: POLLOUT, on: socket.descriptor, until: deadline) else { return unanswered }
      if let code = socket.pendingError() {
        return code == ECONNREFUSED
          ? .noInstance : .failed("cannot reach \(socketPath): \(String(cString: strerror(code)))")
      }
    case let code?:
      return .failed("cannot reach \(socketPath): \(String(cString: strerror(code)))")
    }

    let request = LinkHandoffMessage.request(opening: url)
    var sent = 0
    while sent < request.count {
      switch socket.send(request[sent...]) {
      case .success(0):
        guard UnixSocket.wait(for: POLLOUT, on: socket.descriptor, until: deadline) else { return unanswered }
      case .success(let count):
        sent += count
      case .failure:
        return .failed("the fun running on \(socketPath) closed the connection before the link was sent")
      }
    }

    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
      guard UnixSocket.wait(for: POLLIN, on: socket.descriptor, until: deadline) else { return unanswered }
      switch socket.receive(into: &buffer) {
      case .nothing:
        continue
      case .end:
        return .failed("the fun running on \(socketPath) closed the connection without acknowledging the link")
      case .bytes(let count):
        reply += buffer[..<count]
      }
      if let newline = reply.firstIndex(of: UInt8(ascii: "\n")) {
        switch LinkHandoffMessage.Reply(line: reply[..<newline]) {
        case .accepted: return .delivered
        case .refused(let reason): return .failed("the running fun refused the link: \(reason)")
        case nil: return .failed("the fun running on \(socketPath) answered something other than `ok` or `error`")
        }
      }
      guard reply.count < LinkHandoffMessage.maximumLength else {
        return .failed("the fun running on \(socketPath) answered something other than `ok` or `error`")
      }
    }
  }
}
