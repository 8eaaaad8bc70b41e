import Foundation
import FunModelTestSupport

/// Serves a folder over http on 127.0.0.1 with Python's `http.server`, for tests that run the
/// real `fun` against an http catalog.
///
/// The server picks a free port and prints it; ``start(serving:)`` reads it. It exits when
/// ``stop()`` closes its stdin, when the test process ends (which closes it too), or after two
/// minutes at most, so it never outlives a test run.
final class StaticFileServer: Sendable {
  struct StartFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// The server: `http.server`'s handler for the folder in argv[1], on a port the system picks,
  /// printed on the first line of stdout.
  private static let program = """
    import functools, http.server, os, sys, threading
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    threading.Timer(120, lambda: os._exit(0)).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  private let process: Process
  private let input: FileHandle
  /// The port the server listens on.
  let port: Int

  private init(process: Process, input: FileHandle, port: Int) {
    self.process = process
    self.input = input
    self.port = port
  }

  /// Starts a server for the files in `folder`.
  static func start(serving folder: URL) async throws -> StaticFileServer {
    try await blocking { try launch(folder: folder) }
  }

  private static func launch(folder: URL) throws -> StaticFileServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", program, folder.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
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
      throw StartFailure(description: "python3 http.server did not print a port (got \"\(text)\")")
    }
    return StaticFileServer(process: process, input: input.fileHandleForWriting, port: port)
  }

  /// The address of `name` in the served folder.
  func url(_ name: String) -> String {
    "http://127.0.0.1:\(port)/\(name)"
  }

  /// Stops the server (its stdin closes, and SIGTERM) without waiting; Foundation reaps it.
  func stop() {
    try? input.close()
    process.terminate()
  }
}
