import Foundation

@testable import FunCore

/// Runs `catalog_server.py` (a tiny Python HTTP server) on 127.0.0.1 for the remote-catalog
/// tests; see that script for its routes.
///
/// The server picks a free port and prints it; ``start(serving:)`` reads it. Then it prints a
/// line for every request that arrives and every connection that ends, which
/// ``requestArrived(path:)`` and ``connectionClosed(path:)`` wait for. ``stop()`` ends the server; if a test crashes first, the server exits by itself
/// when the test process closes its stdin, or after a minute at most.
///
/// Launching and reading its output block, so they run on a dispatch thread: Swift's cooperative
/// pool has only as many threads as cores, and blocking one would stall unrelated tests.
final class CatalogServer: Sendable {
  struct StartFailure: Error, CustomStringConvertible {
    let description: String
  }

  private let process: Process
  private let input: FileHandle
  private let output: LineReader
  /// The port the server listens on.
  let port: Int

  private init(process: Process, input: FileHandle, output: LineReader, port: Int) {
    self.process = process
    self.input = input
    self.output = output
    self.port = port
  }

  /// Starts a server whose `/catalog.json` serves the file at `catalog`.
  static func start(serving catalog: URL) async throws -> CatalogServer {
    guard let script = Bundle.module.url(forResource: "catalog_server", withExtension: "py") else {
      throw StartFailure(description: "catalog_server.py is missing from the test bundle")
    }
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try launch(script: script, catalog: catalog) })
      }
    }
  }

  private static func launch(script: URL, catalog: URL) throws -> CatalogServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // The lifetime only bounds a server whose test process died without closing its stdin. A
    // server that lived 60 s ended under a suite slowed to minutes by a loaded machine (its
    // requests then never arrived), so it is ten minutes: far past any test, well short of a
    // leak that matters.
    process.arguments = ["python3", script.path, catalog.path, "600"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let reader = LineReader(output.fileHandleForReading)
    let text = reader.nextLine() ?? ""
    guard let port = Int(text) else {
      process.terminate()
      throw StartFailure(description: "catalog_server.py did not print a port (got \"\(text)\")")
    }
    return CatalogServer(process: process, input: input.fileHandleForWriting, output: reader, port: port)
  }

  /// Waits until a request for `path` has reached the server; `false` if the server ended
  /// first. The suite's time limit bounds the wait.
  func requestArrived(path: String) async -> Bool {
    await nextReport("request", path: path) != nil
  }

  /// The conditional headers of a request, as the server received them.
  struct Request: Equatable {
    var ifNoneMatch: String?
    var ifModifiedSince: String?
  }

  /// Waits for the next request for `path` and returns its conditional headers; `nil` if the
  /// server ended first. The suite's time limit bounds the wait.
  func nextRequest(path: String) async -> Request? {
    guard let words = await nextReport("request", path: path), words.count == 2 else { return nil }
    let header = { (word: Substring) in word == "-" ? nil : String(word).removingPercentEncoding }
    return Request(ifNoneMatch: header(words[0]), ifModifiedSince: header(words[1]))
  }

  /// Waits for the server's next answer to a request for `path` (only /catalog.json reports
  /// one) and returns its status and how many body bytes it sent; `nil` if the server ended
  /// first. The suite's time limit bounds the wait.
  func nextReply(path: String) async -> (status: Int, bodyBytes: Int)? {
    guard let words = await nextReport("replied", path: path), words.count == 2,
      let status = Int(words[0]), let bytes = Int(words[1])
    else { return nil }
    return (status, bytes)
  }

  /// Waits until a connection whose last request was for `path` has ended (the client closed
  /// it or gave up on it) and returns how many body bytes the server had written to it; `nil`
  /// if the server ended first. The suite's time limit bounds the wait.
  func connectionClosed(path: String) async -> Int? {
    await nextReport("closed", path: path).flatMap { $0.first.flatMap { Int($0) } }
  }

  /// The words after `kind PATH` on the server's next such line, skipping other lines.
  private func nextReport(_ kind: String, path: String) async -> [Substring]? {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { [output] in
        while let line = output.nextLine() {
          let words = line.split(separator: " ")
          if words.count >= 2, words[0] == kind, words[1] == path {
            continuation.resume(returning: Array(words.dropFirst(2)))
            return
          }
        }
        continuation.resume(returning: nil)
      }
    }
  }

  /// The server's URL for `path`, such as `/catalog.json`.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// ``url(_:)`` with a user name and password in it, as a person may give `--catalog`.
  func url(_ path: String, user: String, password: String) -> URL {
    URL(string: "http://\(user):\(password)@127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops the server (SIGTERM, and its stdin closes) without waiting; Foundation reaps it.
  func stop() {
    try? input.close()
    process.terminate()
  }

  /// Stops the server and returns once it has exited, so its port is closed.
  func stopAndWait() async {
    stop()
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { [process] in
        process.waitUntilExit()
        continuation.resume()
      }
    }
  }
}

/// Reads a pipe line by line, blocking, keeping what arrived after the line it returns.
private final class LineReader: Sendable {
  private let handle: FileHandle
  private let pending = Locked(Data())

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  /// The next line without its newline, or `nil` once the pipe has ended.
  func nextLine() -> String? {
    while true {
      let line = pending.withLock { data -> String? in
        guard let end = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: data[data.startIndex..<end], as: UTF8.self)
        data.removeSubrange(data.startIndex...end)
        return line
      }
      if let line {
        return line
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else { return nil }
      pending.withLock { $0.append(chunk) }
    }
  }
}
