import Foundation
import FunLinkHandoffTestSupport
import FunModelTestSupport
import Testing

/// The real `fun` binary in screen-reader mode, driven through a pseudo-terminal: what a
/// screen reader attached to that terminal would read.
@Suite("Screen-reader mode in a terminal", .timeLimit(.minutes(2)))
struct ScreenReaderTerminalTests {
  /// The escape character: every cursor movement, alternate screen, style or mode change
  /// starts with it, and none of them belongs in plain lines.
  private static let escape = UInt8(0x1B)
  /// Bracketed paste on and off: the one mode plain lines ask for, so that a paste is typed.
  private static let pasteOn = Array("\u{1B}[?2004h".utf8)
  private static let pasteOff = Array("\u{1B}[?2004l".utf8)

  /// `bytes` without the bracketed-paste switches, which must open and close them: what is
  /// left must hold no escape sequence.
  private static func withoutPasteMode(_ bytes: [UInt8]) -> [UInt8] {
    #expect(bytes.starts(with: pasteOn), "bracketed paste was not turned on first")
    let off = bytes.ranges(of: pasteOff).last
    #expect(
      off.map { bytes[$0.upperBound...].allSatisfy { $0 == 0x0D || $0 == 0x0A } } == true,
      "bracketed paste was not turned off at the end")
    var stripped = Array(bytes.dropFirst(pasteOn.count))
    stripped.replace(pasteOff, with: [UInt8]())
    return stripped
  }

  /// Runs `fun` signed in with `arguments` and `environment`, presses `j`, `?`, `.` and `q`
  /// once it has said what it says on arriving, and returns what it wrote and how it ended.
  private func session(
    arguments: [String] = [], environment: [String: String] = [:], in directory: SocketDirectory
  ) async throws -> (output: String, bytes: [UInt8], fun: InteractiveFun) {
    let fun = try InteractiveFun.signedIn(
      stateDirectory: directory.path("state"), arguments: arguments, environment: environment)
    let loaded = try await blocking { fun.waitForOutput(containing: "1 of 37: SwiftUI") }
    #expect(loaded, "it never read the first row:\n\(String(decoding: fun.terminal.output, as: UTF8.self))")
    let running = try fun.terminal.modes()
    #expect(!running.echoes && !running.isLineBuffered, "keys must arrive one at a time, unechoed")
    try fun.press("j")
    #expect(try await blocking { fun.waitForOutput(containing: "2 of 37: Observation") })
    try fun.press("?")
    #expect(try await blocking { fun.waitForOutput(containing: "Help: Home") })
    try fun.press(".")
    #expect(try await blocking { fun.waitForOutput(containing: "Home, 37 items, item 2 of 37") })
    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    let bytes = fun.terminal.output
    return (String(decoding: bytes, as: UTF8.self), bytes, fun)
  }

  @Test(
    "--screen-reader writes plain lines: bracketed paste on and off, no other escape sequence, so no cursor addressing")
  func plainLines() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let (output, bytes, fun) = try await session(arguments: ["--screen-reader"], in: directory)

    #expect(
      !Self.withoutPasteMode(bytes).contains(Self.escape),
      "an escape sequence reached the terminal:\n\(output.debugDescription)")
    // Line by line, in order, each ended as raw mode needs.
    let lines = String(decoding: Self.withoutPasteMode(bytes), as: UTF8.self).components(separatedBy: "\r\n")
    #expect(lines.first == "Fun, screen reader mode. Question mark reads the keys, period says where you are.")
    #expect(lines.contains("2 of 37: Observation — Fine-grained change tracking with @Observable"))
    #expect(lines.contains("period: say where you are"))
    #expect(try fun.terminal.modes() == fun.modesBefore, "the terminal's modes were not restored")
  }

  @Test("FUN_SCREEN_READER=1 chooses the mode as --screen-reader does")
  func environmentVariable() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let (output, bytes, _) = try await session(environment: ["FUN_SCREEN_READER": "1"], in: directory)

    #expect(!Self.withoutPasteMode(bytes).contains(Self.escape))
    #expect(output.hasPrefix("\u{1B}[?2004hFun, screen reader mode."))
  }

  @Test("The saved Settings toggle starts the next run in screen-reader mode")
  func settingsToggle() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let scripts = try TemporaryDirectory()
    let script = try scripts.write("toggle screen-reader\n", to: "toggle.fun")
    let toggled = await FunRun.run(["--script", script, "--state-dir", directory.path("state")])
    #expect(toggled.status == 0, "\(toggled.errors)")
    let (output, bytes, _) = try await session(in: directory)

    #expect(!Self.withoutPasteMode(bytes).contains(Self.escape))
    #expect(output.hasPrefix("\u{1B}[?2004hFun, screen reader mode."))
  }

  @Test("Under TERM=dumb the reader sends no escape sequence at all, not even bracketed paste")
  func dumbTerminal() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let (output, bytes, _) = try await session(
      arguments: ["--screen-reader"], environment: ["TERM": "dumb"], in: directory)

    #expect(!bytes.contains(Self.escape), "an escape sequence reached the terminal:\n\(output.debugDescription)")
  }
}
