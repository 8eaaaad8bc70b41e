import Foundation
import FunCore
import FunModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The client side of `fun --open URL`: hands the link to the `fun` already running on the
/// same state directory, over its socket (the protocol of `LinkHandoffMessage`), and waits for its answer.
///
/// Every step is bounded by one deadline, ``acknowledgementTimeout`` from the start: the socket
/// is non-blocking, and a running app that is stuck, or a listener that is not a `fun`, costs
/// the caller that second at most. Blocking: call it off the main actor.
public enum LinkHandoff {
  /// How long `fun --open` waits for the running app's `ok`.
  public static let acknowledgementTimeout: Duration = .seconds(1)

  /// How a hand-off went.
  public enum Outcome: Equatable, Sendable {
    /// The running app acknowledged the link: it routes it.
    case delivered
    /// No `fun` listens on the socket (none there, or a stale one): start normally.
    case noInstance
    /// A `fun` is there but did not take the link; the message says why.
    case failed(LocalizedText)
  }

  /// Hands `url` to the app listening on `socketPath`, waiting at most `timeout` in all; a
  /// reason the app gives for refusing it is made safe to show by `sanitize`.
  public static func send(
    _ url: String,
    to socketPath: String,
    timeout: Duration = acknowledgementTimeout,
    sanitize: (String) -> String
  ) -> Outcome {
    send(url, to: socketPath, timeout: timeout, sanitize: sanitize, calls: .system)
  }

  /// ``send(_:to:timeout:sanitize:)`` through `calls`, which tests replace.
  static func send(
    _ url: String,
    to socketPath: String,
    timeout: Duration,
    sanitize: (String) -> String,
    calls: SocketCalls
  ) -> Outcome {
    // No instance can listen on a path too long for a socket address: it starts normally, and
    // logs why it does not listen either.
    guard UnixSocket.fits(socketPath) else { return .noInstance }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let socket: UnixSocket
    do throws(UnixSocket.Failure) {
      socket = try UnixSocket.open()
    } catch {
      return .failed(L10n.Handoff.cannotHandOver("\(error)"))
    }
    defer { socket.close() }
    let seconds = String(format: "%g", timeout.inSeconds)
    let unanswered = Outcome.failed(
      L10n.Handoff.noAcknowledgement(socket: socketPath, seconds: seconds))
    var refusal = calls.connect(socket, socketPath)
    if refusal == EINPROGRESS {
      guard UnixSocket.wait(for: POLLOUT, on: socket.descriptor, until: deadline) else { return unanswered }
      refusal = socket.pendingError()
    }
    switch refusal {
    case nil:
      break
    case ENOENT:
      return .noInstance
    case ECONNREFUSED, ENOTSOCK:
      // Nobody accepts there: a socket whose `fun` is gone, a file that is not a socket (Linux
      // says ECONNREFUSED, macOS ENOTSOCK), or a live `fun` whose queue is full (macOS says
      // ECONNREFUSED). Only the lock every listening `fun` holds tells them apart.
      return OwnerLock.isHeld(path: OwnerLock.path(forSocket: socketPath))
        ? .failed(L10n.Handoff.busy(socketPath)) : .noInstance
    case EAGAIN, EWOULDBLOCK:
      return .failed(L10n.Handoff.busy(socketPath))
    case let code?:
      return .failed(L10n.Handoff.unreachable(socket: socketPath, reason: String(cString: strerror(code))))
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
        return .failed(L10n.Handoff.closedBeforeSending(socketPath))
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
        return .failed(L10n.Handoff.closedWithoutAcknowledging(socketPath))
      case .bytes(let count):
        reply += buffer[..<count]
      }
      if let newline = reply.firstIndex(of: UInt8(ascii: "\n")) {
        switch LinkHandoffMessage.Reply(line: reply[..<newline], sanitize: sanitize) {
        case .accepted: return .delivered
        case .refused(let reason): return .failed(L10n.Handoff.refused(reason))
        case nil: return .failed(L10n.Handoff.unexpectedAnswer(socketPath))
        }
      }
      guard reply.count < LinkHandoffMessage.maximumLength else {
        return .failed(L10n.Handoff.unexpectedAnswer(socketPath))
      }
    }
  }
}
