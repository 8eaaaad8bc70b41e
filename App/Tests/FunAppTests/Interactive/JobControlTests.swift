import Foundation
import FunModelTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-Z and `kill -TSTP` stop `fun` the way a shell's job control expects: while it is
/// stopped the terminal is as `fun` leaves it on exit (cooked modes, the main screen, mouse and
/// paste reports off, the cursor shown) and the link socket stays, since `fun` will run on;
/// SIGCONT (what `fg` sends) takes the terminal back and draws a whole frame at the size the
/// terminal has by then.
///
/// `fun` runs in a process group of its own under the test process, which is in another group
/// of the same session: the group is not orphaned, so the kernel lets it stop. (It discards
/// SIGTSTP sent to an orphaned group, one that no shell could continue; a `fun` that were the
/// leader of a session of its own would be one.)
@Suite("Job control", .timeLimit(.minutes(2)))
struct JobControlTests {
  /// Starts `fun` interactively on a fresh state directory, signed in to a profile, and waits
  /// until Home shows the loaded catalog (its list's position, `1/37`): from then on nothing
  /// changes by itself, so any frame after the stop is one the stop and continue asked for.
  private func start(in directory: TemporaryDirectory) async throws -> InteractiveFun {
    let fun = try InteractiveFun.signedIn(stateDirectory: directory.path("state"))
    let showsHome = try await blocking { fun.waitForScreen(showing: "1/37") }
    #expect(showsHome, "the screen never showed Home's list:\n\(fun.terminal.screen.text)")
    return fun
  }

  /// Waits for `fun` to stop, then expects the terminal given back as on exit and the socket
  /// still there.
  private func expectStoppedWithTerminalGivenBack(_ fun: InteractiveFun, socket: String) async throws {
    let stopped = try await blocking { fun.waitForStop() }
    #expect(stopped, "fun did not stop:\n\(fun.terminal.screen.text)")
    #if os(Linux)
      #expect(fun.processState == "T")
    #endif
    let left = try await blocking { fun.waitForOutput(containing: InteractiveFun.leaveAlternateScreen) }
    #expect(left, "fun stopped on the alternate screen")
    #expect(fun.leftInputModesOff, "fun stopped with bracketed paste or mouse reports on")
    #expect(fun.showedCursor, "fun stopped with the cursor hidden")
    #expect(try fun.terminal.modes() == fun.modesBefore)
    #expect(try fun.terminal.sttySettings() == fun.settingsBefore)
    #expect(FileManager.default.fileExists(atPath: socket), "the stop removed the link socket")
  }

  /// Continues `fun` with SIGCONT and expects raw mode, the alternate screen and the input
  /// modes back, and a whole frame drawn at the terminal's size; then quits with `q`.
  private func expectContinuedWithWholeFrame(_ fun: InteractiveFun) async throws {
    let offset = fun.terminal.output.count
    fun.send(SIGCONT)
    let drewWholeFrame = try await blocking { fun.waitForWholeFrame(since: offset) }
    let redrawn = VirtualScreen(
      Array(fun.terminal.output[offset...]), columns: fun.terminal.columns, rows: fun.terminal.rows)
    #expect(drewWholeFrame, "no whole frame after SIGCONT; redrawn from a blank screen:\n\(redrawn.text)")
    #expect(Array(fun.terminal.output[offset...]).contains(InteractiveFun.enterAlternateScreen))
    #expect(fun.turnedInputModesOn(since: offset), "bracketed paste or mouse reports stayed off after SIGCONT")
    let modes = try fun.terminal.modes()
    #expect(!modes.echoes && !modes.isLineBuffered, "the terminal stayed in cooked mode after SIGCONT")

    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(try fun.terminal.modes() == fun.modesBefore)
  }

  @Test(
    "Ctrl-Z (byte 0x1A: raw mode makes it a key) stops fun with the terminal given back and the socket kept; SIGCONT takes the terminal back and redraws the whole screen"
  )
  func ctrlZ() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    let socket = directory.path("state") + "/fun.sock"
    #expect(FileManager.default.fileExists(atPath: socket), "fun was not listening for links")

    try fun.press("\u{1A}")
    try await expectStoppedWithTerminalGivenBack(fun, socket: socket)
    // The same size: only a redraw of everything brings back the screen the stop cleared.
    try await expectContinuedWithWholeFrame(fun)
  }

  @Test(
    "kill -TSTP stops fun the same way; after a resize while it is stopped, SIGCONT draws the whole frame at the new size"
  )
  func terminalStopSignal() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    let socket = directory.path("state") + "/fun.sock"

    fun.send(SIGTSTP)
    try await expectStoppedWithTerminalGivenBack(fun, socket: socket)
    // Larger, so that a frame drawn for the old size leaves the new last row empty.
    try fun.terminal.resize(columns: 100, rows: 30)
    try await expectContinuedWithWholeFrame(fun)
  }
}
