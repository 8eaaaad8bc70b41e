import Foundation
import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hostile catalog server on 127.0.0.1 for the `http` benchmark: `/endless` answers 200 with a
/// body that never ends, written as fast as the client takes it, until the client closes the
/// connection. For the `http-cache` benchmark, `/catalog.json` answers 200 with the catalog it
/// was given and the ETag `"v1"`, or 304 with no body to a request whose `If-None-Match` names
/// it. Any other path answers 404 at once.
///
/// Plain POSIX sockets, a thread per connection: it has to outpace the client, which a server
/// that paced its writes would not. The body bytes each connection took are kept for the report.
final class EndlessHTTPServer: Sendable {
  /// Binding, listening or accepting failed.
  struct SocketError: Error, CustomStringConvertible {
    let description: String
  }

  /// The port it listens on.
  let port: Int
  private let listener: Int32
  /// The body bytes of every connection that has ended, in the order they ended.
  private let sentPerConnection = Locked<[Int]>([])
  /// What `/catalog.json` serves.
  private let catalog: [UInt8]

  /// Binds a free port on 127.0.0.1 and starts accepting connections on a thread of its own;
  /// `/catalog.json` serves `catalog`.
  init(catalog: [UInt8] = []) throws(SocketError) {
    self.catalog = catalog
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Self.failure("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
          && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else {
      let error = Self.failure("bind")
      close(descriptor)
      throw error
    }
    listener = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in acceptConnections() }
    thread.start()
  }

  /// Stops accepting connections; those open end when their clients close them.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// The body bytes each connection took before it ended, in the order they ended, and empties
  /// the list.
  func takeSentBytes() -> [Int] {
    sentPerConnection.withLock { sent in
      defer { sent = [] }
      return sent
    }
  }

  private func acceptConnections() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR { continue }
        return
      }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    #if canImport(Darwin)
      var noSignal: Int32 = 1
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
    #endif
    guard let request = readRequest(connection) else { return }
    if request.hasPrefix("GET /catalog.json ") {
      serveCatalog(connection, request: request)
      return
    }
    guard request.hasPrefix("GET /endless ") else {
      _ = sendText(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
      return
    }
    guard sendText(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n") else {
      return
    }
    let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
    var sent = 0
    while true {
      let written = chunk.withUnsafeBytes { systemSend(connection, $0.baseAddress, $0.count, Self.sendFlags) }
      if written > 0 {
        sent += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        break
      }
    }
    sentPerConnection.withLock { $0.append(sent) }
  }

  private func serveCatalog(_ connection: Int32, request: String) {
    let etag = "\"v1\""
    if request.lowercased().contains("\r\nif-none-match: \(etag.lowercased())\r\n") {
      _ = sendText(connection, "HTTP/1.1 304 Not Modified\r\nETag: \(etag)\r\nConnection: close\r\n\r\n")
      return
    }
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(catalog.count)\r\nETag: \(etag)\r\n"
      + "Connection: close\r\n\r\n"
    guard sendText(connection, head) else { return }
    var remaining = catalog[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes { systemSend(connection, $0.baseAddress, $0.count, Self.sendFlags) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      remaining = remaining.dropFirst(written)
    }
  }

  /// The request's bytes up to the blank line that ends its headers, as text; `nil` if the
  /// client closed first.
  private func readRequest(_ connection: Int32) -> String? {
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.suffix(4).elementsEqual("\r\n\r\n".utf8) {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      request += buffer[0..<count]
    }
    return String(decoding: request, as: UTF8.self)
  }

  /// Sends all of `text`; `false` if the client has gone.
  private func sendText(_ connection: Int32, _ text: String) -> Bool {
    var remaining = Array(text.utf8)[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes { systemSend(connection, $0.baseAddress, $0.count, Self.sendFlags) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      remaining = remaining.dropFirst(written)
    }
    return true
  }

  /// A write to a client that has gone fails with EPIPE instead of raising SIGPIPE, which would
  /// end fun-bench (Darwin sets `SO_NOSIGPIPE` on the socket instead).
  #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let sendFlags: Int32 = 0
  #endif

  private static func failure(_ call: String) -> SocketError {
    SocketError(description: "\(call) failed: \(String(cString: strerror(errno)))")
  }
}

// A file-scope wrapper, because inside `EndlessHTTPServer` the name `send` means its own method.
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, buffer, count, flags)
}
