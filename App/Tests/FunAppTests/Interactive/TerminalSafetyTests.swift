import Foundation
import FunLinkHandoffTestSupport
import FunModelTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// However interactive mode ends — a signal from outside or a crash inside — the terminal is
/// left as it was: the main screen back and the modes `stty -g` saw before `fun` started.
/// (`q`, Ctrl-C as a key and SIGTERM are in InteractiveSessionTests.)
@Suite("Terminal safety", .timeLimit(.minutes(2)))
struct TerminalSafetyTests {
  /// Starts `fun` interactively on a fresh state directory, signed in to a profile.
  private func start(in directory: SocketDirectory, environment: [String: String] = [:]) throws -> InteractiveFun {
    try InteractiveFun.signedIn(stateDirectory: directory.path("state"), environment: environment)
  }

  /// Expects `fun` to have left the alternate screen and restored every terminal setting.
  private func expectRestored(_ fun: InteractiveFun) async throws {
    let left = try await blocking { fun.waitForOutput(containing: InteractiveFun.leaveAlternateScreen) }
    #expect(left, "fun did not leave the alternate screen")
    #expect(fun.turnedInputModesOn, "fun did not turn bracketed paste and mouse reports on")
    #expect(fun.leftInputModesOff, "fun left bracketed paste or mouse reports on")
    #expect(try fun.terminal.modes() == fun.modesBefore)
    #expect(try fun.terminal.sttySettings() == fun.settingsBefore)
  }

  @Test(
    "SIGINT, SIGHUP and SIGPIPE from outside end fun by that signal (a shell reports 128 + its number), terminal restored, socket removed",
    arguments: [SIGINT, SIGHUP, SIGPIPE]
  )
  func signalRestoresTerminal(signal: Int32) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try start(in: directory)
    let showsHome = try await blocking { fun.waitForScreen(showing: "[Home]") }
    #expect(showsHome, "the screen never showed [Home]:\n\(fun.terminal.screen.text)")
    #expect(try fun.terminal.sttySettings() != fun.settingsBefore, "fun did not put the terminal in raw mode")
    let socket = directory.path("state") + "/fun.sock"
    #expect(FileManager.default.fileExists(atPath: socket), "fun was not listening for links")

    fun.send(signal)
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: signal, wasSignalled: true))
    try await expectRestored(fun)
    #expect(!FileManager.default.fileExists(atPath: socket), "the signal left the link socket behind")
  }

  @Test(
    "SIGQUIT ends fun by SIGQUIT (a shell reports 131), terminal restored, socket removed, whether the Swift backtracer is on or off",
    arguments: ["enable=yes", "enable=no"]
  )
  func quitSignalEndsFun(backtracer: String) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    // On, the backtracer catches SIGQUIT itself, prints a backtrace and lets the process run on.
    let fun = try start(in: directory, environment: ["SWIFT_BACKTRACE": "\(backtracer),interactive=no"])
    let showsHome = try await blocking { fun.waitForScreen(showing: "[Home]") }
    #expect(showsHome, "the screen never showed [Home]:\n\(fun.terminal.screen.text)")
    let socket = directory.path("state") + "/fun.sock"
    #expect(FileManager.default.fileExists(atPath: socket), "fun was not listening for links")

    fun.send(SIGQUIT)
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: SIGQUIT, wasSignalled: true))
    try await expectRestored(fun)
    #expect(!FileManager.default.fileExists(atPath: socket), "SIGQUIT left the link socket behind")
  }

  @Test("A fatal error after the first frame ends fun by the crash signal, terminal restored, socket removed")
  func crashRestoresTerminal() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    // The hook makes the session call fatalError right after its first frame; the Swift
    // backtracer is off so that the process ends at once, by the trap's signal.
    let fun = try start(
      in: directory,
      environment: ["FUN_DEBUG_CRASH_AFTER_START": "1", "SWIFT_BACKTRACE": "enable=no"]
    )

    // The first frame, drawn on the alternate screen before the crash; read from the output
    // rather than the screen, which the crash may already have switched back.
    let drewFrame = try await blocking { fun.waitForOutput(containing: Array("[Home]".utf8)) }
    #expect(drewFrame, "fun crashed before its first frame")
    #expect(fun.terminal.output.contains(InteractiveFun.enterAlternateScreen))
    let exit = try await blocking { fun.waitForExit() }
    // Swift traps with SIGILL on x86_64 (ud2) and SIGTRAP on arm64 (brk).
    #expect(exit?.wasSignalled == true)
    #expect([SIGILL, SIGTRAP].contains(exit?.status ?? 0), "fun ended with \(String(describing: exit))")
    try await expectRestored(fun)
    #expect(
      !FileManager.default.fileExists(atPath: directory.path("state") + "/fun.sock"),
      "the crash left the link socket behind")
    // The runtime's message went to the log, not to the alternate screen that hid it.
    let log = try String(contentsOfFile: directory.path("state") + "/fun.log", encoding: .utf8)
    #expect(log.contains("FUN_DEBUG_CRASH_AFTER_START=1: crashing on purpose"), "the crash message is not in fun.log")
  }
}
