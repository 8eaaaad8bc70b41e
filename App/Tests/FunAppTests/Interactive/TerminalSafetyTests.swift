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

  /// SIGINT, SIGHUP and SIGPIPE; under ThreadSanitizer not SIGPIPE, which the sanitizer takes
  /// for a synchronous signal, as it does the crash signals (`is_sync_signal` in its
  /// interceptors: a write to a closed pipe raises it in the writing thread), so one sent from
  /// outside is handled wherever the thread is, even inside its runtime, and `fun` died by
  /// SIGSEGV first in one run of forty here.
  static let endingSignals: [Int32] = isThreadSanitized ? [SIGINT, SIGHUP] : [SIGINT, SIGHUP, SIGPIPE]

  @Test(
    "SIGINT, SIGHUP and SIGPIPE from outside end fun by that signal (a shell reports 128 + its number), terminal restored, socket removed",
    arguments: endingSignals
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

  /// Each crash signal with the Swift backtracer off, and with it on the two a person sends
  /// most (`kill -SEGV`, `kill -ABRT`) where this platform can tell they were sent: Darwin
  /// names no sender for SIGSEGV, so one sent with `kill` goes to the backtracer there as a
  /// crash does (docs/Reliability.md). Not all six with it on: under ThreadSanitizer (a CI
  /// step), whose runtime handles crash signals too, SIGBUS and SIGFPE sent to a `fun` with the
  /// backtracer on ended it by SIGSEGV before the terminal was given back.
  static let crashSignals: [(signal: Int32, backtracer: String)] = {
    let all = [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]
    #if canImport(Glibc)
      let toldApart = [SIGSEGV, SIGABRT]
    #else
      let toldApart = [SIGABRT]
    #endif
    return all.map { ($0, "enable=no") } + toldApart.map { ($0, "enable=yes,interactive=no") }
  }()

  /// Whether this test process runs under ThreadSanitizer (`swift test --sanitize=thread`), and
  /// so does every `fun` it starts.
  static let isThreadSanitized: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

  // ThreadSanitizer takes these six signals for synchronous ones, raised by the instruction
  // that faulted, and runs the app's handler at once, wherever the thread is, even inside its
  // own runtime; sent from outside at any moment, the instrumented handler then re-enters the
  // runtime and `fun` dies by SIGSEGV first (a third of the runs on this machine). That is the
  // sanitizer's assumption, not the app's handling: the plain and AddressSanitizer runs keep
  // the test.
  @Test(
    "A crash signal sent from another process ends fun by that signal, terminal restored, socket removed, whether the Swift backtracer is on or off",
    .disabled(if: isThreadSanitized, "ThreadSanitizer delivers a sent crash signal inside its runtime"),
    arguments: crashSignals
  )
  func crashSignalRestoresTerminal(signal: Int32, backtracer: String) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    // A real crash raises the same signals in the faulting thread and takes the same handler,
    // which hands it on to the backtracer; one sent from outside is no crash and ends fun at
    // once, where the backtracer would report it and let fun run on without its terminal.
    let fun = try start(in: directory, environment: ["SWIFT_BACKTRACE": backtracer])
    let showsHome = try await blocking { fun.waitForScreen(showing: "[Home]") }
    #expect(showsHome, "the screen never showed [Home]:\n\(fun.terminal.screen.text)")

    fun.send(signal)
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: signal, wasSignalled: true))
    try await expectRestored(fun)
    #expect(
      !FileManager.default.fileExists(atPath: directory.path("state") + "/fun.sock"),
      "the crash left the link socket behind")
  }

  /// The signal a Swift runtime error raises on this machine.
  static let trapSignal: Int32 = {
    #if arch(x86_64)
      SIGILL
    #else
      SIGTRAP
    #endif
  }()

  /// Whether this test process runs under AddressSanitizer, and so does every program it starts.
  static let isAddressSanitized: Bool = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

  /// The backtracer on and off; under a sanitizer only off, since the backtracer cannot work
  /// there, whatever the crash handler does: under ThreadSanitizer its helper, started from
  /// inside the sanitizer's runtime, fails the sanitizer's check (`tsan_rtl.cpp`,
  /// "!thr->slot") and the process ends with status 66; under AddressSanitizer its copy of the
  /// crashed thread's stack is reported as a stack-buffer-underflow (`memserver_read`), and
  /// the process never ends. Both after the terminal was given back.
  static let backtracerSettings: [Bool] = isThreadSanitized || isAddressSanitized ? [false] : [true, false]

  @Test(
    "A crash inside the process gives the terminal back and still reaches the crash reporter, with the Swift backtracer on or off",
    arguments: backtracerSettings
  )
  func crashInsideRestoresTerminal(backtracerIsOn: Bool) async throws {
    let probe = try #require(
      FunExecutable.crashProbeURL, Comment(rawValue: FunExecutable.notFoundMessage(for: "crash-probe")))
    let backtracer = backtracerIsOn ? "enable=yes,interactive=no" : "enable=no"
    let crashing = try InteractiveFun(
      executable: probe, arguments: [], environment: ["SWIFT_BACKTRACE": backtracer])
    let tookOver = try await blocking { crashing.waitForOutput(containing: InteractiveFun.enterAlternateScreen) }
    #expect(tookOver, "the probe never took the terminal over")

    // Any byte read makes the probe index an empty array.
    try crashing.press("x")
    let exit = try await blocking { crashing.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: Self.trapSignal, wasSignalled: true))
    try await expectRestored(crashing)
    let output = String(decoding: crashing.terminal.output, as: UTF8.self)
    #expect(output.contains("Program crashed") == backtracerIsOn, "what the probe wrote:\n\(output)")
  }
}
