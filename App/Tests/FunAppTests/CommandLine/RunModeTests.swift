import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// How `fun` chooses to run from its stdin and stdout, and what a run refused for them says.
@Suite("RunMode")
struct RunModeTests {
  private static let keyboardToFile = StandardStreams(inputIsTerminal: true, outputIsTerminal: false)
  private static let terminal = StandardStreams(inputIsTerminal: true, outputIsTerminal: true)
  private static let pipeIn = StandardStreams(inputIsTerminal: false, outputIsTerminal: true)
  private static let pipes = StandardStreams(inputIsTerminal: false, outputIsTerminal: false)

  @Test("Only a stdin that is not a terminal starts script mode unasked; --script always does")
  func scriptMode() {
    #expect(RunMode(scriptAsked: false, linesOnly: false, streams: Self.pipeIn) == .script)
    #expect(RunMode(scriptAsked: false, linesOnly: false, streams: Self.pipes) == .script)
    #expect(RunMode(scriptAsked: false, linesOnly: true, streams: Self.pipes) == .script)
    for streams in [Self.terminal, Self.keyboardToFile, Self.pipeIn, Self.pipes] {
      #expect(RunMode(scriptAsked: true, linesOnly: false, streams: streams) == .script)
    }
  }

  @Test("A terminal stdin is interactive when stdout is a terminal too, or the screen reader's lines go to a pipe")
  func interactive() {
    #expect(RunMode(scriptAsked: false, linesOnly: false, streams: Self.terminal) == .interactive)
    #expect(RunMode(scriptAsked: false, linesOnly: true, streams: Self.terminal) == .interactive)
    #expect(RunMode(scriptAsked: false, linesOnly: true, streams: Self.keyboardToFile) == .interactive)
  }

  @Test("A terminal stdin with stdout redirected, without --script, is refused")
  func refused() {
    #expect(RunMode(scriptAsked: false, linesOnly: false, streams: Self.keyboardToFile) == .outputNotATerminal)
  }

  @Test("fun > out.txt at a terminal exits 2 saying to use --script, and leaves no state folder behind")
  func stdoutRedirected() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(
      ["--state-dir", directory.path("state"), "--profile", "ada", "--lang", "en"], streams: Self.keyboardToFile)
    #expect(run.status == 2)
    #expect(
      run.errors == [
        "fun: standard output is not a terminal; to print frames as text, run fun --script FILE (or pipe commands into it)"
      ])
    #expect(run.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path("state")))
  }

  @Test("The refusal speaks the person's language, not a script's English")
  func stdoutRedirectedInGerman() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(
      ["--state-dir", directory.path("state")], environment: ["LANG": "de_DE.UTF-8"], streams: Self.keyboardToFile)
    #expect(run.status == 2)
    #expect(run.errors.first?.hasPrefix("fun: die Standardausgabe ist kein Terminal") == true)
  }

  @Test("With --script, stdout redirected at a terminal still runs the script")
  func scriptWithStdoutRedirected() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(
      ["--script", "/dev/null", "--state-dir", directory.path("state"), "--guest"], streams: Self.keyboardToFile)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  @Test(
    "A terminal that cannot be entered is reported on the output fun was given, not the process's stderr",
    // At a real terminal the run would take it over instead of failing.
    .enabled(if: isatty(STDIN_FILENO) != 1)
  )
  func terminalNotEntered() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(
      ["--state-dir", directory.path("state"), "--guest", "--lang", "en"], streams: Self.terminal)
    #expect(run.status == 1)
    #expect(
      run.errors == ["fun: File descriptor 0 is not a terminal; run with --script to use Fun without one"])
  }
}
