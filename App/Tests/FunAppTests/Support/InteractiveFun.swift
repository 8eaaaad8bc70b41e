import Dispatch
import Foundation
import Testing

@testable import FunCore

/// The real `fun` binary running interactively in a ``PseudoTerminal``, as a person would run
/// it in a terminal window.
///
/// Every method blocks on real I/O for at most its timeout, so tests call them through
/// ``blocking(_:)``, off Swift's cooperative thread pool.
final class InteractiveFun: Sendable {
  /// How long any one wait may take before the test gives up; generous for a loaded CI machine.
  static let timeout: Duration = .seconds(30)

  /// The alternate-screen switches of xterm.
  static let enterAlternateScreen = Array("\u{1B}[?1049h".utf8)
  static let leaveAlternateScreen = Array("\u{1B}[?1049l".utf8)
  /// The input modes `fun` turns on, each with the sequence that turns it off: bracketed
  /// paste, mouse reports (button presses, in the SGR form), then focus reports.
  static let inputModes = [
    (on: Array("\u{1B}[?2004h".utf8), off: Array("\u{1B}[?2004l".utf8)),
    (on: Array("\u{1B}[?1000h".utf8), off: Array("\u{1B}[?1000l".utf8)),
    (on: Array("\u{1B}[?1006h".utf8), off: Array("\u{1B}[?1006l".utf8)),
    (on: Array("\u{1B}[?1004h".utf8), off: Array("\u{1B}[?1004l".utf8)),
  ]

  /// Hiding and showing the cursor.
  static let hideCursor = Array("\u{1B}[?25l".utf8)
  static let showCursor = Array("\u{1B}[?25h".utf8)

  /// Whether `fun` turned every input mode on (so that ``leftInputModesOff`` checks something).
  var turnedInputModesOn: Bool {
    let output = terminal.output
    return Self.inputModes.allSatisfy { output.ranges(of: $0.on).last != nil }
  }

  /// Whether every input mode `fun` turned on was turned off again after the last time it was
  /// turned on.
  var leftInputModesOff: Bool {
    let output = terminal.output
    return Self.inputModes.allSatisfy { mode in
      guard let on = output.ranges(of: mode.on).last else { return true }
      guard let off = output.ranges(of: mode.off).last else { return false }
      return on.upperBound <= off.lowerBound
    }
  }

  /// Whether the cursor was shown again after the last time `fun` hid it.
  var showedCursor: Bool {
    let output = terminal.output
    guard let hidden = output.ranges(of: Self.hideCursor).last else { return true }
    guard let shown = output.ranges(of: Self.showCursor).last else { return false }
    return hidden.upperBound <= shown.lowerBound
  }

  /// Whether the bytes written since `offset` turn every input mode on.
  func turnedInputModesOn(since offset: Int) -> Bool {
    let output = Array(terminal.output[offset...])
    return Self.inputModes.allSatisfy { output.contains($0.on) }
  }

  /// The terminal it runs in.
  let terminal: PseudoTerminal
  /// The terminal's modes before `fun` started.
  let modesBefore: TerminalModes
  /// The terminal's settings as `stty -g` printed them before `fun` started.
  let settingsBefore: String
  private let process: Process
  /// Made readable by the termination handler, to wake a wait that reads the terminal.
  private let exitEvent: ExitEvent

  /// Starts the built `fun` on `stateDirectory`, signed in to the profile `tester`, with
  /// `arguments` after those and `environment` added: how the pseudo-terminal tests start it.
  static func signedIn(
    stateDirectory: String,
    arguments: [String] = [],
    environment: [String: String] = [:]
  ) throws -> InteractiveFun {
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    return try InteractiveFun(
      executable: executable,
      arguments: ["--state-dir", stateDirectory, "--profile", "tester"] + arguments,
      environment: environment)
  }

  /// Starts `executable` with `arguments` in an 80x24 pseudo-terminal with
  /// `TERM=xterm-256color`, and `environment` added to its small default environment.
  init(executable: URL, arguments: [String], environment: [String: String] = [:]) throws {
    terminal = try PseudoTerminal(columns: 80, rows: 24)
    modesBefore = try terminal.modes()
    settingsBefore = try terminal.sttySettings()
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = FunExecutable.environment(
      [
        "TERM": "xterm-256color",
        "SWIFT_BACKTRACE": "interactive=no",
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": FileManager.default.temporaryDirectory.path,
      ].merging(environment) { _, added in added })
    process.standardInput = terminal.programSide
    process.standardOutput = terminal.programSide
    process.standardError = terminal.programSide
    let exitEvent = try ExitEvent()
    self.exitEvent = exitEvent
    process.terminationHandler = { _ in exitEvent.signal() }
    try process.run()
  }

  /// Waits until the screen shows `text`; returns whether it did in time.
  func waitForScreen(showing text: String) -> Bool {
    terminal.read(until: { $0.screen.contains(text) }, timeout: Self.timeout)
  }

  /// Waits until the screen has shown `text` at some moment since the wait began, even if a
  /// later frame replaced it; returns whether it did in time. For what shows only briefly (a
  /// toast's 2.5 s of real time): a loaded machine may read the frame that shows it together
  /// with the one that takes it away, and the screen at the end of that read no longer shows it.
  func waitForScreen(everShowing text: String) -> Bool {
    let offset = terminal.output.count
    return terminal.read(
      until: {
        VirtualScreen.showed(text, in: $0.output, from: offset, columns: $0.columns, rows: $0.rows)
      }, timeout: Self.timeout)
  }

  /// Waits until the output from `offset` on contains `bytes`; returns whether it did in time.
  func waitForOutput(containing bytes: [UInt8], since offset: Int = 0) -> Bool {
    terminal.read(until: { Array($0.output[offset...]).contains(bytes) }, timeout: Self.timeout)
  }

  /// Waits until the output from `offset` on contains `text`; returns whether it did in time.
  func waitForOutput(containing text: String, since offset: Int = 0) -> Bool {
    waitForOutput(containing: Array(text.utf8), since: offset)
  }

  /// Waits until the bytes written since `offset`, replayed on their own onto a blank screen of
  /// the terminal's current size, show a whole frame: the tab bar (which names every tab) on
  /// the first row and the key hints (which end in `? help`) on the last. Returns whether they
  /// did in time. Only a full redraw at that size passes: a frame of the cells that changed
  /// leaves a blank screen mostly blank, and one drawn for a smaller terminal leaves the last
  /// row empty.
  func waitForWholeFrame(since offset: Int) -> Bool {
    terminal.read(
      until: { terminal in
        let screen = VirtualScreen(Array(terminal.output[offset...]), columns: terminal.columns, rows: terminal.rows)
        let tabBar = screen.lines.first ?? ""
        return ["Home", "Search", "Favorites", "Profile", "Settings"].allSatisfy { tabBar.contains($0) }
          && screen.lines.last?.contains("? help") == true
      }, timeout: Self.timeout)
  }

  /// Presses keys.
  func press(_ keys: String) throws {
    try terminal.type(keys)
  }

  /// Sends SIGTERM, as `kill` would.
  func terminate() {
    process.terminate()
  }

  /// Sends `signal`, as `kill -<signal>` would.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits until `fun` is stopped by a stop signal; returns whether it stopped in time.
  ///
  /// The kernel tells the parent, as it tells a shell: `waitid` with `WSTOPPED` returns when the
  /// child stops (or ends: `WEXITED`, so that an exit cannot keep the wait from returning), and
  /// `WNOWAIT` leaves the report where it is, for Foundation's own wait for the exit.
  func waitForStop() -> Bool {
    let processIdentifier = process.processIdentifier
    let stopped = Locked(false)
    let reported = DispatchSemaphore(value: 0)
    Thread {
      var info = siginfo_t()
      var result: Int32
      repeat {
        result = waitid(P_PID, id_t(processIdentifier), &info, WSTOPPED | WEXITED | WNOWAIT)
      } while result == -1 && errno == EINTR
      let isStopped = result == 0 && info.si_code == Int32(CLD_STOPPED)
      stopped.withLock { $0 = isStopped }
      reported.signal()
    }.start()
    // On a timeout the thread waits on until `fun` ends (deinit kills it), then returns.
    guard reported.wait(timeout: .now() + Double(Self.timeout.components.seconds)) == .success else { return false }
    return stopped.withLock { $0 }
  }

  /// The state `/proc/<pid>/stat` gives `fun` (`T` stopped, `S` sleeping, `R` running), or
  /// `nil` where there is no /proc.
  var processState: Character? {
    let path = "/proc/\(process.processIdentifier)/stat"
    // The name in parentheses may hold spaces; the state is the field after it.
    guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let nameEnd = stat.lastIndex(of: ")") else {
      return nil
    }
    return stat[stat.index(after: nameEnd)...].first { $0 != " " }
  }

  /// How `fun` ended, once it has.
  struct Exit: Equatable {
    /// The exit status, or the signal that ended it.
    let status: Int32
    /// Whether a signal ended it.
    let wasSignalled: Bool
  }

  /// Waits for `fun` to end, reading what it writes meanwhile; `nil` if it is still running
  /// after the timeout (it is then killed).
  ///
  /// Reading matters: a pseudo-terminal holds little unread output (about 1 KiB on macOS), and a
  /// `fun` whose last frame or restoring sequences found it full would block in that write and
  /// never end.
  func waitForExit() -> Exit? {
    let exitEvent = exitEvent
    let ended = terminal.read(until: { _ in exitEvent.hasHappened }, timeout: Self.timeout, wakingOn: exitEvent.readEnd)
    guard ended else {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    return Exit(status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal)
  }

  /// Kills `fun` if a failed test left it running.
  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
  }
}

/// A process's end as something `poll` can wait for: a pipe made readable once it happens.
private final class ExitEvent: Sendable {
  /// The end a wait polls.
  let readEnd: Int32
  private let writeEnd: Int32
  private let happened = Locked(false)

  init() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw PseudoTerminal.Failure("pipe") }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Whether the process has ended.
  var hasHappened: Bool {
    happened.withLock { $0 }
  }

  /// Records the end and makes ``readEnd`` readable.
  func signal() {
    happened.withLock { $0 = true }
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }
}
