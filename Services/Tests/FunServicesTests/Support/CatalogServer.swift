import Foundation

/// Runs `catalog_server.py` (a tiny Python HTTP server) on 127.0.0.1 for the remote-catalog
/// tests; see that script for its routes.
///
/// The server picks a free port and prints it; ``start(serving:)`` reads it. ``stop()`` ends the
/// server; if a test crashes first, the server exits by itself when the test process closes its
/// stdin, or after a minute at most.
///
/// Launching and reading the port block, so they run on a dispatch thread: Swift's cooperative
/// pool has only as many threads as cores, and blocking one would stall unrelated tests.
final class CatalogServer: Sendable {
  struct StartFailure: Error, CustomStringConvertible {
    let description: String
  }

  private let process: Process
  private let input: FileHandle
  /// The port the server listens on.
  let port: Int

  private init(process: Process, input: FileHandle, port: Int) {
    self.process = process
    self.input = input
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
    process.arguments = ["python3", script.path, catalog.path, "60"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else {
      process.terminate()
      throw StartFailure(description: "catalog_server.py did not print a port (got \"\(text)\")")
    }
    return CatalogServer(process: process, input: input.fileHandleForWriting, port: port)
  }

  /// The server's URL for `path`, such as `/catalog.json`.
  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
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
