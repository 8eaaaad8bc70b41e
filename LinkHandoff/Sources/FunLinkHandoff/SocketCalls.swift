#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls of the hand-off whose answers differ between Linux and macOS, replaceable so
/// a test on one kernel can give the other's answer.
///
/// Where the kernels differ: connecting to a regular file is `ECONNREFUSED` on Linux and
/// `ENOTSOCK` on macOS; a listener whose queue is full answers `EAGAIN` on Linux and
/// `ECONNREFUSED` on macOS; and `poll` reports a hang-up on a descriptor polled for no events on
/// Linux only. The hand-off's logic is written for both answers.
struct SocketCalls: Sendable {
  /// Starts connecting `socket` to `path`: `nil` once connected, else the `errno`.
  var connect: @Sendable (_ socket: UnixSocket, _ path: String) -> Int32?
  /// `poll(2)` over `requests`, waiting at most `timeout` milliseconds (-1: no limit).
  var poll: @Sendable (_ requests: inout [pollfd], _ timeout: Int32) -> Int32

  /// The calls of the kernel this runs on.
  static let system = SocketCalls(
    connect: { socket, path in socket.connect(to: path) },
    poll: { requests, timeout in systemPoll(&requests, nfds_t(requests.count), timeout) }
  )
}

// A file-scope wrapper, because inside `SocketCalls` the name means its own member.
private func systemPoll(_ requests: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
  poll(requests, count, timeout)
}
