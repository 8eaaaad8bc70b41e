@testable import FunLinkHandoff

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The answers of a kernel other than the one the tests run on, where Linux and macOS differ:
/// the listener's and the client's logic must be right with either.
enum SimulatedKernel: CustomStringConvertible, CaseIterable {
  /// This machine's own answers.
  case native
  /// macOS's `poll`: nothing for a descriptor polled for no events, where Linux reports a
  /// hang-up on it.
  case macOSPoll

  var description: String {
    switch self {
    case .native: "this kernel"
    case .macOSPoll: "macOS's poll"
    }
  }

  /// The calls that answer as this kernel does.
  var calls: SocketCalls {
    switch self {
    case .native:
      .system
    case .macOSPoll:
      SocketCalls(
        connect: SocketCalls.system.connect,
        poll: { requests, timeout in
          let ready = SocketCalls.system.poll(&requests, timeout)
          guard ready > 0 else { return ready }
          for index in requests.indices where requests[index].events == 0 {
            requests[index].revents = 0
          }
          return Int32(requests.count { $0.revents != 0 })
        })
    }
  }

  /// The real calls, but every `connect` answers `code` (macOS's `ENOTSOCK` for a file, or its
  /// `ECONNREFUSED` for a listener whose queue is full).
  static func connectAnswering(_ code: Int32) -> SocketCalls {
    SocketCalls(connect: { _, _ in code }, poll: SocketCalls.system.poll)
  }
}
