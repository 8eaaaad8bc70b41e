import Foundation
import Testing

@testable import FunFrontend

@Suite("TerminalClipboard")
struct TerminalClipboardTests {
  /// The text an OSC 52 sequence carries, or `nil` when `sequence` is not one.
  private func copiedText(_ sequence: String) -> String? {
    guard sequence.hasPrefix("\u{1B}]52;c;"), sequence.hasSuffix("\u{07}") else { return nil }
    let payload = sequence.dropFirst("\u{1B}]52;c;".count).dropLast()
    return Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test("Copying writes one OSC 52 sequence to the terminal holding the text, base64-encoded")
  func writesSequence() {
    let terminal = HeadlessTerminal(recordsOutput: true)
    let clipboard = TerminalClipboard(terminal: terminal)
    #expect(clipboard.copy("SwiftUI — Declarative — funapp://item/swiftui"))
    let written = String(decoding: terminal.output, as: UTF8.self)
    #expect(copiedText(written) == "SwiftUI — Declarative — funapp://item/swiftui")
  }

  @Test("Control characters and escape sequences never reach the clipboard")
  func sanitises() {
    let sequence = TerminalClipboard.sequence(copying: "A\u{1B}]0;pwn\u{07}B\u{1B}[2J\rC\u{9B}1mD")
    let text = copiedText(sequence)
    #expect(text?.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) } == true)
    #expect(text?.hasPrefix("A") == true)
    #expect(text?.hasSuffix("D") == true)
  }

  @Test("A long text is cut to the limit on a character boundary")
  func limits() throws {
    let text = String(repeating: "中", count: TerminalClipboard.maximumBytes)
    let copied = try #require(copiedText(TerminalClipboard.sequence(copying: text)))
    #expect(copied.utf8.count <= TerminalClipboard.maximumBytes)
    #expect(copied.utf8.count > TerminalClipboard.maximumBytes - 3)
    #expect(copied.allSatisfy { $0 == "中" })
  }
}
