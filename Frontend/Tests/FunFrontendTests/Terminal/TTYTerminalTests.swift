import Testing

@testable import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes a terminal gets on the way in and out of full screen.
enum ScreenSequences {
  /// Alternate screen, cursor hidden, bracketed paste on, focus reports on.
  static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1004h"
  /// Mouse presses and releases, in the SGR form.
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Mouse reports, focus reports and bracketed paste off, any synchronized update ended,
  /// default style, cursor shown, main screen back.
  static let leave =
    "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?2026l\u{1B}[m\u{1B}[?25h\u{1B}[?1049l"
  /// Bracketed paste alone, on and off: what plain lines get.
  static let pasteOn = "\u{1B}[?2004h"
  static let pasteOff = "\u{1B}[?2004l"
}

/// A frame of `size` showing `lines` from the top.
func frame(_ size: TerminalSize, _ lines: [String]) -> Canvas {
  var canvas = Canvas(size: size)
  for (row, line) in lines.enumerated() {
    canvas.put(text: line, at: Point(column: 0, row: row))
  }
  return canvas
}

extension TerminalTakeoverTests {
  @Suite("TTYTerminal")
  struct TTYTerminalTests {
    private let size = TerminalSize(columns: 20, rows: 3)

    @Test("Taking the terminal over sets raw mode and writes the alternate screen, cursor, paste and mouse modes, once")
    func entersFullScreen() throws {
      let pty = try TestPseudoTerminal()
      #expect(try pty.modes().isCooked)
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: TerminalCapabilities())
      defer { terminal.leaveFullScreen() }

      try terminal.enterFullScreen()
      #expect(try pty.text() == ScreenSequences.enter + ScreenSequences.mouseOn)
      #expect(try pty.modes().isRaw)
      #expect(TerminalRestoration.isTakenOver)

      let raw = try pty.modes()
      try terminal.enterFullScreen()
      #expect(try pty.output().isEmpty, "a second takeover writes nothing")
      #expect(try pty.modes() == raw)
    }

    @Test("Leaving full screen writes the leave sequence and puts back exactly the settings it found, once")
    func leavesFullScreen() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: TerminalCapabilities())
      try terminal.enterFullScreen()
      _ = try pty.output()

      terminal.leaveFullScreen()
      #expect(try pty.text() == ScreenSequences.leave)
      #expect(try pty.modes() == original)
      #expect(!TerminalRestoration.isTakenOver)

      terminal.leaveFullScreen()
      #expect(try pty.output().isEmpty, "leaving again writes nothing")
      #expect(try pty.modes() == original)
    }

    @Test("A terminal that goes away full-screen gives the terminal back as leaving does")
    func deinitGivesTheTerminalBack() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      do {
        let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: TerminalCapabilities())
        try terminal.enterFullScreen()
        _ = try pty.output()
      }
      #expect(try pty.text() == ScreenSequences.leave)
      #expect(try pty.modes() == original)
      #expect(!TerminalRestoration.isTakenOver)
    }

    @Test("Without mouse reports, taking over asks the terminal for none, and leaving still turns them off")
    func noMouseReports() throws {
      let pty = try TestPseudoTerminal()
      var capabilities = TerminalCapabilities()
      capabilities.reportsMouse = false
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: capabilities)
      defer { terminal.leaveFullScreen() }

      try terminal.enterFullScreen()
      #expect(try pty.text() == ScreenSequences.enter)
      terminal.leaveFullScreen()
      #expect(try pty.text() == ScreenSequences.leave)
    }

    @Test("A descriptor that is not a terminal is refused by number, and the terminal is left as it was")
    func refusesNonTerminals() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let pipe = try TestPipe()

      let redirectedInput = TTYTerminal(
        input: pipe.readEnd, output: pty.secondary, capabilities: TerminalCapabilities())
      #expect(throws: TerminalError.notATerminal(fileDescriptor: pipe.readEnd)) {
        try redirectedInput.enterFullScreen()
      }
      let redirectedOutput = TTYTerminal(
        input: pty.secondary, output: pipe.writeEnd, capabilities: TerminalCapabilities())
      #expect(throws: TerminalError.notATerminal(fileDescriptor: pipe.writeEnd)) {
        try redirectedOutput.enterFullScreen()
      }
      #expect(try pty.output().isEmpty)
      #expect(try pty.modes() == original)
      #expect(!TerminalRestoration.isTakenOver)
    }

    @Test("The size is the one the terminal reports, at most 1000 a side; without one, the capabilities' fallback")
    func reportsItsSize() throws {
      let pty = try TestPseudoTerminal(columns: 57, rows: 13)
      let fallback = TerminalSize(columns: 33, rows: 7)
      let capabilities = TerminalCapabilities(fallbackSize: fallback)
      #expect(
        TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: capabilities).size
          == TerminalSize(columns: 57, rows: 13))

      let pipe = try TestPipe()
      #expect(TTYTerminal(input: pipe.readEnd, output: pipe.writeEnd, capabilities: capabilities).size == fallback)
      let unsized = try TestPseudoTerminal(columns: 0, rows: 0)
      #expect(
        TTYTerminal(input: unsized.secondary, output: unsized.secondary, capabilities: capabilities).size == fallback)
      // The largest a pseudo-terminal can be set to: a frame of that many cells would not fit.
      let huge = try TestPseudoTerminal(columns: 65_535, rows: 65_535)
      #expect(
        TTYTerminal(input: huge.secondary, output: huge.secondary, capabilities: capabilities).size
          == TerminalSize(columns: 1000, rows: 1000))
    }

    @Test("Frames: the first one is whole, then only what changed, whole again after invalidate(); writes pass through")
    func presentsFrames() throws {
      let pty = try TestPseudoTerminal()
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: TerminalCapabilities())
      defer { terminal.leaveFullScreen() }
      try terminal.enterFullScreen()
      _ = try pty.output()
      let first = frame(size, ["hello", "world"])
      var renderer = Renderer(support: .full)
      let whole = renderer.frame(for: first)
      let second = frame(size, ["hello", "there"])
      let change = renderer.frame(for: second)

      terminal.present(first)
      #expect(try pty.output() == whole)
      terminal.present(first)
      #expect(try pty.output().isEmpty, "an unchanged frame writes nothing")
      terminal.present(second)
      #expect(try pty.output() == change)
      terminal.invalidate()
      terminal.present(first)
      #expect(try pty.output() == whole)

      terminal.write(Array("\u{7}é".utf8))
      terminal.flush()
      #expect(try pty.text() == "\u{7}é")
    }

    @Test(
      "Plain lines may go to a pipe (fun --screen-reader | espeak-ng): keys still come raw from the terminal, lines end in LF alone"
    )
    func linesToAPipe() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let pipe = try TestPipe()
      let capabilities = TerminalCapabilities(styleSupport: .none, addressesCursor: false)
      let terminal = TTYTerminal(input: pty.secondary, output: pipe.writeEnd, capabilities: capabilities)

      try terminal.enterFullScreen()
      #expect(try pty.modes().isRaw)
      // Raw mode is the keyboard's terminal's; a pipe has no output processing to undo, and a
      // CR there is a stray character for whatever reads it.
      terminal.present(frame(size, ["one", "two"]))
      #expect(pipe.received() == "\none\ntwo\n\n")
      terminal.append(lines: ["Home, 37 items", "1 of 37: SwiftUI"])
      #expect(pipe.received() == "Home, 37 items\n1 of 37: SwiftUI\n")
      terminal.leaveFullScreen()
      #expect(pipe.received() == "\n", "leaving ends the line, with no CR")
      #expect(try pty.modes() == original)
      #expect(try pty.output().isEmpty, "nothing goes to the terminal")
    }

    @Test(
      "Plain lines with bracketed paste: the one escape sequence, on at start and off on leaving, a stop and a continue"
    )
    func plainLinesBracketPaste() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      var capabilities = TerminalCapabilities(styleSupport: .none, addressesCursor: false)
      capabilities.bracketsPaste = true
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: capabilities)
      defer { terminal.leaveFullScreen() }

      try terminal.enterFullScreen()
      #expect(try pty.text() == ScreenSequences.pasteOn)
      terminal.append(lines: ["Home, 37 items"])
      #expect(try pty.text() == "Home, 37 items\r\n")
      TerminalRestoration.suspend()
      #expect(try pty.text() == ScreenSequences.pasteOff + "\r\n", "a stop gives paste back as leaving does")
      #expect(try pty.modes() == original)
      TerminalRestoration.resume(afterUnexpectedStop: false)
      #expect(try pty.text() == ScreenSequences.pasteOn)
      terminal.leaveFullScreen()
      #expect(try pty.text() == ScreenSequences.pasteOff + "\r\n")
      #expect(try pty.modes() == original)
    }

    @Test("Plain lines into a pipe: bracketed paste goes to the keyboard's terminal, the pipe gets only the lines")
    func pipeBracketPaste() throws {
      let pty = try TestPseudoTerminal()
      let pipe = try TestPipe()
      var capabilities = TerminalCapabilities(styleSupport: .none, addressesCursor: false)
      capabilities.bracketsPaste = true
      let terminal = TTYTerminal(input: pty.secondary, output: pipe.writeEnd, capabilities: capabilities)

      try terminal.enterFullScreen()
      #expect(try pty.text() == ScreenSequences.pasteOn)
      terminal.append(lines: ["Home, 37 items"])
      #expect(pipe.received() == "Home, 37 items\n")
      terminal.leaveFullScreen()
      #expect(try pty.text() == ScreenSequences.pasteOff)
      #expect(pipe.received() == "\n")
    }

    @Test("A terminal that cannot address its cursor gets no escape sequence: each changed frame as plain CR LF lines")
    func printsTranscriptWithoutCursorAddressing() throws {
      let pty = try TestPseudoTerminal()
      let original = try pty.modes()
      let capabilities = TerminalCapabilities(styleSupport: .none, addressesCursor: false)
      let terminal = TTYTerminal(input: pty.secondary, output: pty.secondary, capabilities: capabilities)
      defer { terminal.leaveFullScreen() }

      try terminal.enterFullScreen()
      #expect(try pty.output().isEmpty)
      #expect(try pty.modes().isRaw)
      terminal.present(frame(size, ["one", "two"]))
      #expect(try pty.text() == "\r\none\r\ntwo\r\n\r\n")
      terminal.present(frame(size, ["one", "two"]))
      #expect(try pty.output().isEmpty, "an unchanged frame is not printed again")
      terminal.invalidate()
      terminal.present(frame(size, ["one", "two"]))
      #expect(try pty.text() == "\r\none\r\ntwo\r\n\r\n")

      terminal.leaveFullScreen()
      #expect(try pty.text() == "\r\n", "leaving ends the line and nothing more")
      #expect(try pty.modes() == original)
    }
  }
}
