import Foundation
import FunCoreTestSupport
import FunModelTestSupport

/// Serves a folder over http on 127.0.0.1 with Python's `http.server`, for tests that run the
/// real `fun` against an http catalog.
///
/// ``stop()`` ends the server; if a test crashes first, the server exits by itself when the test
/// process closes its stdin, or after ``PythonServer/lifetime`` seconds at most.
final class StaticFileServer: Sendable {
  /// The server: `http.server`'s handler, without its request log, for the folder in argv[1],
  /// on a port the system picks, printed on the first line of stdout; argv[2] is its lifetime.
  private static let program = """
    import functools, http.server, os, sys, threading
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass
    handler = functools.partial(Handler, directory=sys.argv[1])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    threading.Timer(float(sys.argv[2]), lambda: os._exit(0)).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  private let server: PythonServer

  private init(server: PythonServer) {
    self.server = server
  }

  /// Starts a server for the files in `folder`.
  static func start(serving folder: URL) async throws -> StaticFileServer {
    let arguments = ["-c", program, folder.path, String(PythonServer.lifetime)]
    return StaticFileServer(server: try await blocking { try PythonServer.launch(arguments) })
  }

  /// The address of `name` in the served folder.
  func url(_ name: String) -> String {
    "http://127.0.0.1:\(server.port)/\(name)"
  }

  /// Stops the server (its stdin closes, and SIGTERM) without waiting; Foundation reaps it.
  func stop() {
    server.stop()
  }
}
