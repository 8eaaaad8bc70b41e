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

  @Test(
    "takes the fallback size from COLUMNS and LINES, else 80x24",
    arguments: [
      ([:], TerminalSize(columns: 80, rows: 24)),
      (["COLUMNS": "120", "LINES": "40"], TerminalSize(columns: 120, rows: 40)),
      (["COLUMNS": "wide", "LINES": "0"], TerminalSize(columns: 80, rows: 24)),
      (["COLUMNS": "100"], TerminalSize(columns: 100, rows: 24)),
    ] as [([String: String], TerminalSize)]
  )
  func fallbackSize(environment: [String: String], expected: TerminalSize) {
    #expect(TerminalCapabilities(environment: environment).fallbackSize == expected)
  }

  @Test(
    "parses a size written WxH and rejects anything else",
    arguments: [
      ("80x24", TerminalSize(columns: 80, rows: 24)), ("100X30", TerminalSize(columns: 100, rows: 30)), ("80", nil),
      ("x24", nil), ("0x10", nil), ("-5x10", nil), ("10x10x10", nil),
    ] as [(String, TerminalSize?)]
  )
  func parsesSize(text: String, expected: TerminalSize?) {
    #expect(TerminalSize(parsing: text) == expected)
  }
}
