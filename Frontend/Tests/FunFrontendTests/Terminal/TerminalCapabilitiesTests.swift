import Testing

@testable import FunFrontend

@Suite("TerminalCapabilities")
struct TerminalCapabilitiesTests {
  @Test(
    "decides the styling from NO_COLOR, TERM and --no-color",
    arguments: [
      ([:], false, StyleSupport.full), (["TERM": "xterm-256color"], false, .full),
      (["NO_COLOR": "1"], false, .attributesOnly), (["NO_COLOR": ""], false, .full), ([:], true, .attributesOnly),
      (["TERM": "dumb"], false, .none), (["TERM": "dumb", "NO_COLOR": "1"], true, .none),
    ] as [([String: String], Bool, StyleSupport)]
  )
  func styleSupport(environment: [String: String], noColorFlag: Bool, expected: StyleSupport) {
    #expect(TerminalCapabilities(environment: environment, noColorFlag: noColorFlag).styleSupport == expected)
  }

  @Test("brackets pastes on every terminal but a dumb one, which gets no escape sequence")
  func bracketsPaste() {
    #expect(TerminalCapabilities(environment: [:]).bracketsPaste)
    #expect(TerminalCapabilities(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]).bracketsPaste)
    #expect(!TerminalCapabilities(environment: ["TERM": "dumb"]).bracketsPaste)
  }

  @Test(
    "takes the fallback size from COLUMNS and LINES, else 80x24, and at most 1000 of each",
    arguments: [
      ([:], TerminalSize(columns: 80, rows: 24)),
      (["COLUMNS": "120", "LINES": "40"], TerminalSize(columns: 120, rows: 40)),
      (["COLUMNS": "wide", "LINES": "0"], TerminalSize(columns: 80, rows: 24)),
      (["COLUMNS": "100"], TerminalSize(columns: 100, rows: 24)),
      (["COLUMNS": "\(Int.max)", "LINES": "3000000"], TerminalSize(columns: 1000, rows: 1000)),
    ] as [([String: String], TerminalSize)]
  )
  func fallbackSize(environment: [String: String], expected: TerminalSize) {
    #expect(TerminalCapabilities(environment: environment).fallbackSize == expected)
  }

  @Test(
    "parses a size written WxH, each side from 1 to 1000, and rejects anything else",
    arguments: [
      ("80x24", TerminalSize(columns: 80, rows: 24)), ("100X30", TerminalSize(columns: 100, rows: 30)), ("80", nil),
      ("x24", nil), ("0x10", nil), ("-5x10", nil), ("10x10x10", nil),
      ("1000x1000", TerminalSize(columns: 1000, rows: 1000)), ("1001x10", nil), ("10x1001", nil),
      ("\(Int.max)x10", nil),
    ] as [(String, TerminalSize?)]
  )
  func parsesSize(text: String, expected: TerminalSize?) {
    #expect(TerminalSize(parsing: text) == expected)
  }

  @Test("A size counts a negative side as zero and one past 1000 as 1000, so a frame's cells always fit in memory")
  func limitsSides() {
    #expect(TerminalSize(columns: -3, rows: 7) == TerminalSize(columns: 0, rows: 7))
    #expect(TerminalSize(columns: Int.max, rows: 65_535) == TerminalSize(columns: 1000, rows: 1000))
  }
}
