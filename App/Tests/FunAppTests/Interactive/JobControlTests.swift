import Foundation
import FunLinkHandoffTestSupport
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
  private func start(in directory: SocketDirectory) async throws -> InteractiveFun {
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
    let directory = try SocketDirectory()
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
    let directory = try SocketDirectory()
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

/// The same through a real shell with job control: bash leads a session whose controlling
/// terminal is the pseudo-terminal, and runs `fun` as a job in a process group of its own, as it
/// would in a terminal window. bash takes the terminal back whenever the job stops, and gives it
/// to the job again on `fg`.
@Suite("Job control under bash", .timeLimit(.minutes(2)))
struct JobControlShellTests {
  private static let setsid = "/usr/bin/setsid"
  private static let bash = "/bin/bash"
  /// `setsid --ctty` (util-linux) makes the pseudo-terminal the new session's controlling
  /// terminal, which job control needs; there is none on macOS.
  private static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: setsid) && FileManager.default.isExecutableFile(atPath: bash)
  }

  /// Presses `keys`, then waits until the output written after them contains `text`; returns
  /// whether it did in time.
  private func press(_ keys: String, on shell: InteractiveFun, thenWaitFor text: String) async throws -> Bool {
    let offset = shell.terminal.output.count
    try shell.press(keys)
    return try await blocking { shell.waitForOutput(containing: text, since: offset) }
  }

  @Test(
    "Ctrl-Z stops the job (bash: Stopped); bg stops it again, since a full-screen job has nothing to do without the terminal; fg brings it back with a whole frame at the size set while it was away",
    .enabled(if: isAvailable)
  )
  func ctrlZBackgroundForeground() async throws {
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    let directory = try SocketDirectory()
    defer { directory.remove() }
    // No readline (--noediting): bash reads its lines in the terminal's own cooked mode.
    let shell = try InteractiveFun(
      executable: URL(fileURLWithPath: Self.setsid),
      arguments: ["--ctty", "--wait", Self.bash, "--norc", "--noprofile", "--noediting", "-i"],
      environment: ["PS1": "$ "])
    let prompted = try await blocking { shell.waitForOutput(containing: "$ ") }
    #expect(prompted, "bash never prompted:\n\(shell.terminal.screen.text)")

    try shell.press("\(executable.path) --state-dir \(directory.path("state")) --profile tester\n")
    let showsHome = try await blocking { shell.waitForScreen(showing: "1/37") }
    #expect(showsHome, "fun never showed Home's list:\n\(shell.terminal.screen.text)")

    let stopOffset = shell.terminal.output.count
    let stopped = try await press("\u{1A}", on: shell, thenWaitFor: "Stopped")
    #expect(stopped, "bash did not report the job stopped:\n\(shell.terminal.screen.text)")
    #expect(Array(shell.terminal.output[stopOffset...]).contains(InteractiveFun.leaveAlternateScreen))
    #expect(shell.leftInputModesOff, "fun stopped with bracketed paste or mouse reports on")
    #expect(shell.showedCursor, "fun stopped with the cursor hidden")
    #expect(FileManager.default.fileExists(atPath: directory.path("state") + "/fun.sock"))

    // While bash has the terminal: a resize, and the job continued in the background. It stops
    // again at once (SIGTTOU, 128 + 22): bash's `wait` returns when a job's state changes.
    try shell.terminal.resize(columns: 100, rows: 30)
    let backgroundOffset = shell.terminal.output.count
    let stoppedAgain = try await press("bg; wait %1; echo waited=$?\n", on: shell, thenWaitFor: "waited=150")
    #expect(stoppedAgain, "bg did not stop fun again with SIGTTOU:\n\(shell.terminal.screen.text)")
    let whileInBackground = Array(shell.terminal.output[backgroundOffset...])
    #expect(!whileInBackground.contains(InteractiveFun.enterAlternateScreen), "fun took the terminal in the background")

    let foregroundOffset = shell.terminal.output.count
    try shell.press("fg\n")
    let drewWholeFrame = try await blocking { shell.waitForWholeFrame(since: foregroundOffset) }
    let redrawn = VirtualScreen(
      Array(shell.terminal.output[foregroundOffset...]), columns: shell.terminal.columns, rows: shell.terminal.rows)
    #expect(drewWholeFrame, "no whole frame after fg; redrawn from a blank screen:\n\(redrawn.text)")
    let modes = try shell.terminal.modes()
    #expect(!modes.echoes && !modes.isLineBuffered, "fun runs on in cooked mode after fg")

    let quit = try await press("q", on: shell, thenWaitFor: "$ ")
    #expect(quit, "fun did not quit back to the prompt:\n\(shell.terminal.screen.text)")
    #expect(try shell.terminal.modes() == shell.modesBefore)
    try shell.press("exit\n")
    #expect(try await blocking { shell.waitForExit() } == InteractiveFun.Exit(status: 0, wasSignalled: false))
  }
}
