import Testing

@testable import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalTakeoverTests {
  /// Stopping and continuing, through the functions the SIGTSTP and SIGCONT handlers call; no
  /// signal is sent to the test process (a stop would stop the tests). The pseudo-terminal is no
  /// controlling terminal, so the process counts as in the foreground.
  @Suite("TerminalRestoration")
  struct TerminalRestorationTests {
    private let size = TerminalSize(columns: 20, rows: 3)

    /// A terminal on `pty`, taken over, with what taking over wrote read away.
    private func takeOver(_ pty: TestPseudoTerminal) throws -> TTYTerminal {
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: TerminalCapabilities())
      try terminal.enterFullScreen()
      _ = try pty.output()
      return terminal
    }

    @Test("A stop gives the terminal back as leaving does; frames are not written until a continue takes it again")
    func stopAndContinue() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let terminal = try takeOver(pty)
      defer { terminal.leaveFullScreen() }
      let raw = try pty.modes()
      let shown = frame(size, ["hello", "world"])
      terminal.present(shown)
      let whole = try pty.output()
      let takeovers = TerminalRestoration.takeovers

      TerminalRestoration.suspend()
      #expect(try pty.text() == ScreenSequences.leave)
      #expect(try pty.modes() == original)
      #expect(!TerminalRestoration.isTakenOver)
      terminal.present(frame(size, ["drawn while", "stopped"]))
      #expect(try pty.output().isEmpty, "no frame reaches the shell's screen")
      TerminalRestoration.suspend()
      #expect(try pty.output().isEmpty, "the terminal is given back once")

      TerminalRestoration.resume(afterUnexpectedStop: false)
      #expect(try pty.text() == ScreenSequences.enter + ScreenSequences.mouseOn)
      #expect(try pty.modes() == raw)
      #expect(TerminalRestoration.isTakenOver)
      #expect(TerminalRestoration.takeovers == takeovers + 1)
      terminal.present(shown)
      #expect(try pty.output() == whole, "the first frame after a continue is whole, though nothing changed")
    }

    @Test("A continue while the app holds the terminal and saw no stop does nothing")
    func continueWithoutStop() throws {
      let pty = try TestPseudoTerminal()
      let terminal = try takeOver(pty)
      defer { terminal.leaveFullScreen() }
      let raw = try pty.modes()
      let takeovers = TerminalRestoration.takeovers

      TerminalRestoration.resume(afterUnexpectedStop: false)
      #expect(try pty.output().isEmpty)
      #expect(try pty.modes() == raw)
      #expect(TerminalRestoration.takeovers == takeovers)
      #expect(TerminalRestoration.isTakenOver)
    }

    @Test(
      "After a stop no handler saw (SIGSTOP), the shell's cooked modes are replaced by raw mode and the next frame is whole"
    )
    func continueAfterUnexpectedStop() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.settings()
      let terminal = try takeOver(pty)
      defer { terminal.leaveFullScreen() }
      let raw = try pty.modes()
      let shown = frame(size, ["hello"])
      terminal.present(shown)
      let whole = try pty.output()
      let takeovers = TerminalRestoration.takeovers
      try pty.set(original)
      #expect(try pty.modes().isCooked)

      TerminalRestoration.resume(afterUnexpectedStop: true)
      #expect(try pty.modes() == raw)
      #expect(try pty.output().isEmpty, "the screen's modes were never given back, so none is written again")
      #expect(TerminalRestoration.takeovers == takeovers + 1)
      #expect(TerminalRestoration.isTakenOver)
      terminal.present(shown)
      #expect(try pty.output() == whole)
    }

    @Test("The SIGCONT handler takes the terminal back after a stop and leaves errno as the interrupted code had it")
    func continueHandler() throws {
      let pty = try TestPseudoTerminal()
      let terminal = try takeOver(pty)
      defer { terminal.leaveFullScreen() }
      let raw = try pty.modes()
      TerminalRestoration.suspend()
      _ = try pty.output()

      errno = EAGAIN
      TerminalRestoration.onContinue(SIGCONT)
      #expect(errno == EAGAIN)
      #expect(try pty.text() == ScreenSequences.enter + ScreenSequences.mouseOn)
      #expect(try pty.modes() == raw)
      #expect(TerminalRestoration.isTakenOver)
    }

    @Test("Leaving while stopped writes nothing more, and a later continue does not take the terminal again")
    func leaveWhileStopped() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let terminal = try takeOver(pty)
      TerminalRestoration.suspend()
      #expect(try pty.text() == ScreenSequences.leave)

      terminal.leaveFullScreen()
      #expect(try pty.output().isEmpty)
      #expect(try pty.modes() == original)
      let takeovers = TerminalRestoration.takeovers
      TerminalRestoration.resume(afterUnexpectedStop: false)
      TerminalRestoration.resume(afterUnexpectedStop: true)
      #expect(try pty.output().isEmpty)
      #expect(try pty.modes() == original)
      #expect(TerminalRestoration.takeovers == takeovers)
      #expect(!TerminalRestoration.isTakenOver)
    }

    @Test("A stop after the terminal was given back for good writes nothing and changes no setting")
    func stopAfterLeaving() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let terminal = try takeOver(pty)
      terminal.leaveFullScreen()
      _ = try pty.output()

      TerminalRestoration.suspend()
      #expect(try pty.output().isEmpty)
      #expect(try pty.modes() == original)
      #expect(!TerminalRestoration.isTakenOver)
    }

    @Test("Stopping is supported where SIGTSTP was not ignored at start-up")
    func canStop() throws {
      let pty = try TestPseudoTerminal()
      var previous = sigaction()
      sigaction(SIGTSTP, nil, &previous)
      let terminal = try takeOver(pty)
      defer { terminal.leaveFullScreen() }
      #if canImport(Glibc)
        let handler = previous.__sigaction_handler.sa_handler
      #else
        let handler = previous.__sigaction_u.__sa_handler
      #endif
      let wasIgnored = unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      #expect(TerminalRestoration.canStop == !wasIgnored)
    }
  }
}
