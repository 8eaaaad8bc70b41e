import Foundation
import Testing

@testable import FunCore

@Suite("LogRecord escaping")
struct LogRecordTests {
  /// 2026-11-21T22:40:58.125Z.
  static let fixedDate = Date(timeIntervalSince1970: 1_795_300_858.125)

  private static func line(_ message: String, category: String = "c") -> String {
    LogRecord(date: fixedDate, level: .info, category: category, message: message).formatted
  }

  /// What follows the category in a formatted line.
  private static func escaped(_ message: String) -> String {
    String(line(message).dropFirst("2026-11-21T22:40:58.125Z info [c] ".count))
  }

  /// Scalars that act on a terminal or on how a line reads: controls (C0, DEL, C1), line and
  /// paragraph separators, bidirectional formatting, and the replacement character that stands
  /// for bytes that were not UTF-8.
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
      || [0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0xFFFD].contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let message: String
    let escaped: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "NUL (C0)", message: "a\u{0}b", escaped: "a\\u{00}b"),
    Case(name: "BEL (C0)", message: "a\u{7}b", escaped: "a\\u{07}b"),
    Case(name: "ESC (C0)", message: "a\u{1B}[2Jb", escaped: "a\\u{1B}[2Jb"),
    Case(name: "unit separator (C0)", message: "\u{1F}", escaped: "\\u{1F}"),
    Case(name: "tab, line feed, carriage return (C0)", message: "a\tb\nc\r\nd", escaped: "a\\tb\\nc\\r\\nd"),
    Case(name: "DEL", message: "a\u{7F}b", escaped: "a\\u{7F}b"),
    Case(name: "PAD, the first C1", message: "a\u{80}b", escaped: "a\\u{80}b"),
    Case(name: "NEL (C1)", message: "a\u{85}b", escaped: "a\\u{85}b"),
    Case(name: "CSI (C1)", message: "a\u{9B}2Jb", escaped: "a\\u{9B}2Jb"),
    Case(name: "APC, the last C1", message: "a\u{9F}b", escaped: "a\\u{9F}b"),
    Case(
      name: "a title-setting, screen-clearing link",
      message: "opened funapp://search?q=\u{1B}]0;PWNED\u{7}\u{1B}[2J",
      escaped: "opened funapp://search?q=\\u{1B}]0;PWNED\\u{07}\\u{1B}[2J"
    ),
    Case(
      name: "invalid UTF-8, decoded by any path",
      message: String(decoding: [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x82], as: UTF8.self),
      escaped: "a\\u{FFFD}b\\u{FFFD}(\\u{FFFD}"
    ),
    Case(name: "line and paragraph separators", message: "a\u{2028}b\u{2029}c", escaped: "a\\u{2028}b\\u{2029}c"),
    Case(name: "right-to-left override", message: "a\u{202E}cba\u{202C}", escaped: "a\\u{202E}cba\\u{202C}"),
    Case(name: "an escape character under a combining mark", message: "\u{1B}\u{301}", escaped: "\\u{1B}\u{301}"),
    Case(
      name: "printable text, backslashes included, unchanged",
      message: "Café 日本 🙂 e\u{301} C:\\path \\u{1B}",
      escaped: "Café 日本 🙂 e\u{301} C:\\path \\u{1B}"
    ),
  ]

  @Test("Controls, separators, bidi marks and replaced bytes are written as Swift escapes", arguments: cases)
  func escapes(_ testCase: Case) {
    #expect(Self.escaped(testCase.message) == testCase.escaped)
  }

  @Test("The message keeps the text as it was logged; only the formatted line is escaped")
  func messageKeepsText() {
    let record = LogRecord(date: Self.fixedDate, level: .info, category: "c", message: "a\u{1B}b")
    #expect(record.message == "a\u{1B}b")
    #expect(record.formatted == "2026-11-21T22:40:58.125Z info [c] a\\u{1B}b")
  }

  @Test("The category is escaped too")
  func escapesCategory() {
    #expect(Self.line("m", category: "ca\u{1B}t") == "2026-11-21T22:40:58.125Z info [ca\\u{1B}t] m")
  }

  @Test("No scalar of the whole Unicode range leaves a control, separator, bidi mark or U+FFFD in the line")
  func everyScalar() {
    var message = ""
    for value in UInt32(0)...0x10FFFF {
      if let scalar = Unicode.Scalar(value) {
        message.unicodeScalars.append(scalar)
      }
    }
    let line = Self.line(message)
    let unsafe = line.unicodeScalars.filter(Self.isUnsafe)
    #expect(unsafe.isEmpty, "left in the line: \(unsafe.prefix(8).map { String($0.value, radix: 16) })")
  }
}
