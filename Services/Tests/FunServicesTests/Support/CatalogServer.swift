import Foundation
import FunCoreTestSupport
import FunModelTestSupport

/// Runs `catalog_server.py` (a tiny Python HTTP server) on 127.0.0.1 for the remote-catalog
/// tests; see that script for its routes.
///
/// After its port, the server prints a line for every request that arrives and every connection
/// that ends, which ``requestArrived(path:)`` and ``connectionClosed(path:)`` wait for.
/// ``stop()`` ends the server; if a test crashes first, the server exits by itself when the test
/// process closes its stdin, or after ``PythonServer/lifetime`` seconds at most.
final class CatalogServer: Sendable {
  struct StartFailure: Error, CustomStringConvertible {
    let description: String
  }

  private let server: PythonServer

  private init(server: PythonServer) {
    self.server = server
  }

  /// Starts a server whose `/catalog.json` serves the file at `catalog`.
  static func start(serving catalog: URL) async throws -> CatalogServer {
    guard let script = Bundle.module.url(forResource: "catalog_server", withExtension: "py") else {
      throw StartFailure(description: "catalog_server.py is missing from the test bundle")
    }
    let arguments = [script.path, catalog.path, String(PythonServer.lifetime)]
    return CatalogServer(server: try await blocking { try PythonServer.launch(arguments) })
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
    let server = server
    return try? await blocking {
      while let line = server.nextLine() {
        let words = line.split(separator: " ")
        if words.count >= 2, words[0] == kind, words[1] == path {
          return Array(words.dropFirst(2))
        }
      }
      return nil
    }
  }

  /// The server's URL for `path`, such as `/catalog.json`.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(server.port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// ``url(_:)`` with a user name and password in it, as a person may give `--catalog`.
  func url(_ path: String, user: String, password: String) -> URL {
    URL(string: "http://\(user):\(password)@127.0.0.1:\(server.port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops the server (its stdin closes, and SIGTERM) without waiting; Foundation reaps it.
  func stop() {
    server.stop()
  }

  /// Stops the server and returns once it has exited, so its port is closed.
  func stopAndWait() async {
    stop()
    let server = server
    _ = try? await blocking { server.waitUntilExit() }
  }
}
