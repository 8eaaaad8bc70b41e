import Foundation
import FunLinkHandoffTestSupport
import FunModelTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--catalog` on a pipe that gives nothing, in a real terminal: the read waits off the main
/// actor, so the screen shows the wait and every key still acts.
@Suite("Interactive mode reading a catalog pipe", .timeLimit(.minutes(2)))
struct CatalogReadInteractiveTests {
  @Test(
    "While the catalog pipe gives nothing, the loading screen shows, and q or Ctrl-C quits at once",
    arguments: ["q", "\u{03}"])
  func quitsWhileReading(key: String) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fifo = directory.path("catalog.fifo")
    try #require(mkfifo(fifo, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
    // A writer that never writes, as `<(sleep 8; cat c.json)` is for eight seconds.
    let writer = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    try #require(writer >= 0)
    defer { close(writer) }
    let fun = try InteractiveFun.signedIn(stateDirectory: directory.path("state"), arguments: ["--catalog", fifo])
    let loading = try await blocking { fun.waitForScreen(showing: "Loading catalog…") }
    #expect(loading, "the screen never showed the loading state:\n\(fun.terminal.screen.text)")
    // Keys act: another tab shows, while the read still waits.
    try fun.press("5")
    let settings = try await blocking { fun.waitForScreen(showing: "[Settings]") }
    #expect(settings, "pressing 5 did not show Settings:\n\(fun.terminal.screen.text)")

    try fun.press(key)
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
  }
}
