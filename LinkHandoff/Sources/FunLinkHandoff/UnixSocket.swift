import Foundation
import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Unix domain stream socket: the few system calls the link hand-off needs, each reporting
/// `errno`, on a descriptor that is always non-blocking, closed on `exec` and never raises
/// SIGPIPE.
///
/// A value, not an owner: whoever made it calls ``close()`` once. Linux and macOS differ in how a
/// socket is kept from raising SIGPIPE (`MSG_NOSIGNAL` on each send there, `SO_NOSIGPIPE` once
/// here) and how the peer's user is read (`SO_PEERCRED` there, `getpeereid` here); this type
/// hides both.
struct UnixSocket: Sendable {
  /// A system call that failed, with its `errno`.
  struct Failure: Error, Equatable, CustomStringConvertible {
    /// The call, e.g. `bind`.
    let call: String
    /// Its `errno`.
    let code: Int32

    var description: String {
      "\(call): \(String(cString: strerror(code)))"
    }
  }

  let descriptor: Int32

  /// The bytes a socket address holds for its path here (`sun_path`): 108 on Linux and 104 on
  /// macOS, one of them the terminating NUL.
  static let addressCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

  /// The longest path a socket can be bound to or connected at here, in bytes: 107 on Linux,
  /// 103 on macOS.
  static let maximumPathLength = addressCapacity - 1

  /// A new socket, prepared as the type's comment says.
  static func open() throws(Failure) -> UnixSocket {
    #if canImport(Glibc)
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    let socket = UnixSocket(descriptor: descriptor)
    do throws(Failure) {
      try socket.prepare()
    } catch {
      socket.close()
      throw error
    }
    return socket
  }

  /// Makes the descriptor non-blocking and closed on `exec`, and (macOS) keeps it from raising
  /// SIGPIPE.
  private func prepare() throws(Failure) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw Failure(call: "fcntl(O_NONBLOCK)", code: errno)
    }
    guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else { throw Failure(call: "fcntl(FD_CLOEXEC)", code: errno) }
    #if canImport(Darwin)
      var on: Int32 = 1
      guard setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
        throw Failure(call: "setsockopt(SO_NOSIGPIPE)", code: errno)
      }
    #endif
  }

  /// Whether `path` fits in a socket address whose path holds `capacity` bytes, this
  /// system's unless another's is given.
  static func fits(_ path: String, capacity: Int = addressCapacity) -> Bool {
    path.utf8.count < capacity
  }

  /// Calls `body` with the address of `path`; the caller has checked that it ``fits(_:)``.
  private static func withAddress<Result>(
    of path: String,
    _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { destination in
      let bytes = Array(path.utf8.prefix(maximumPathLength))
      destination.copyBytes(from: bytes)
    }
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  /// Binds the socket to `path`, which must not exist.
  func bind(to path: String) throws(Failure) {
    guard Self.fits(path) else { throw Failure(call: "bind", code: ENAMETOOLONG) }
    let result = Self.withAddress(of: path) { address, length in
      #if canImport(Glibc)
        Glibc.bind(descriptor, address, length)
      #else
        Darwin.bind(descriptor, address, length)
      #endif
    }
    guard result == 0 else { throw Failure(call: "bind", code: errno) }
  }

  /// Starts listening, with room for `backlog` connections not yet accepted.
  func listen(backlog: Int32) throws(Failure) {
    #if canImport(Glibc)
      let result = Glibc.listen(descriptor, backlog)
    #else
      let result = Darwin.listen(descriptor, backlog)
    #endif
    guard result == 0 else { throw Failure(call: "listen", code: errno) }
  }

  /// Starts connecting to `path`. Returns `nil` once connected, or the `errno` of the attempt:
  /// `ENOENT` (no socket there), `ECONNREFUSED` (a socket nobody listens on; Linux also for a
  /// file that is not a socket, macOS also for a listener whose queue is full), `ENOTSOCK`
  /// (macOS: a file that is not a socket), `EAGAIN` (Linux: the listener's queue is full) or
  /// `EINPROGRESS` (wait until writable, then ask ``pendingError()``).
  func connect(to path: String) -> Int32? {
    guard Self.fits(path) else { return ENAMETOOLONG }
    while true {
      let result = Self.withAddress(of: path) { address, length in
        #if canImport(Glibc)
          Glibc.connect(descriptor, address, length)
        #else
          Darwin.connect(descriptor, address, length)
        #endif
      }
      if result == 0 { return nil }
      if errno != EINTR { return errno }
    }
  }

  /// The error a connection that was in progress ended with, if any (`SO_ERROR`).
  func pendingError() -> Int32? {
    var code: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
    return code == 0 ? nil : code
  }

  /// Accepts a waiting connection, prepared like every ``UnixSocket``; `nil` when none waits
  /// (or it vanished before it could be taken).
  func accept() throws(Failure) -> UnixSocket? {
    while true {
      #if canImport(Glibc)
        let accepted = Glibc.accept(descriptor, nil, nil)
      #else
        let accepted = Darwin.accept(descriptor, nil, nil)
      #endif
      if accepted >= 0 {
        let socket = UnixSocket(descriptor: accepted)
        do throws(Failure) {
          try socket.prepare()
        } catch {
          socket.close()
          return nil
        }
        return socket
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK, ECONNABORTED: return nil
      default: throw Failure(call: "accept", code: errno)
      }
    }
  }

  /// The user id of the process at the other end, as the kernel recorded it when it
  /// connected; `nil` if the kernel cannot say.
  func peerUser() -> uid_t? {
    #if canImport(Glibc)
      // `struct ucred` (pid, uid, gid) is hidden behind _GNU_SOURCE in Glibc's module map; this
      // has its layout.
      struct Credentials {
        var process: pid_t = 0
        var user: uid_t = 0
        var group: gid_t = 0
      }
      var credentials = Credentials()
      var length = socklen_t(MemoryLayout<Credentials>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
        length == socklen_t(MemoryLayout<Credentials>.size)
      else { return nil }
      return credentials.user
    #else
      var user: uid_t = 0
      var group: gid_t = 0
      guard getpeereid(descriptor, &user, &group) == 0 else { return nil }
      return user
    #endif
  }

  /// Sends what it can of `bytes` without blocking and without SIGPIPE; returns how many were
  /// sent, 0 when none could be right now, or the failure (`EPIPE`: the peer is gone).
  func send(_ bytes: ArraySlice<UInt8>) -> Result<Int, Failure> {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket
    #endif
    while true {
      let sent = bytes.withUnsafeBytes { raw in
        #if canImport(Glibc)
          Glibc.send(descriptor, raw.baseAddress, raw.count, flags)
        #else
          Darwin.send(descriptor, raw.baseAddress, raw.count, flags)
        #endif
      }
      if sent >= 0 { return .success(sent) }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .success(0)
      default: return .failure(Failure(call: "send", code: errno))
      }
    }
  }

  /// What one non-blocking read found.
  enum Received: Equatable {
    /// This many bytes, at the start of the buffer.
    case bytes(Int)
    /// Nothing yet.
    case nothing
    /// The peer closed its end (or reset it).
    case end
  }

  /// Reads what has arrived, at most `buffer.count` bytes, without blocking.
  func receive(into buffer: inout [UInt8]) -> Received {
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        #if canImport(Glibc)
          Glibc.recv(descriptor, raw.baseAddress, raw.count, 0)
        #else
          Darwin.recv(descriptor, raw.baseAddress, raw.count, 0)
        #endif
      }
      if count > 0 { return .bytes(count) }
      if count == 0 { return .end }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .nothing
      default: return .end
      }
    }
  }

  /// Whether the peer has closed its end entirely (`POLLHUP`): it will read no answer. A peer
  /// that only shut down its sending side (as `nc -N` does) still reads one.
  var peerHasHungUp: Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    return poll(&request, 1, 0) > 0 && request.revents & Int16(POLLHUP) != 0
  }

  func close() {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// Waits until `descriptor` has one of `events` (`POLLIN`, `POLLOUT`) or `deadline` passes;
  /// returns whether it did. An interrupted wait goes on waiting.
  static func wait(
    for events: Int32,
    on descriptor: Int32,
    until deadline: ContinuousClock.Instant
  ) -> Bool {
    while true {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { return false }
      var request = pollfd(fd: descriptor, events: Int16(events), revents: 0)
      let ready = poll(&request, 1, remaining.pollTimeout)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return false }
    }
  }
}
