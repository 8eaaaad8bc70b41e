import Testing

@testable import FunFrontend

@Suite("HeadlessTerminal")
struct HeadlessTerminalTests {
  private func frame(_ size: TerminalSize, _ lines: [String]) -> Canvas {
    var canvas = Canvas(size: size)
    for (row, line) in lines.enumerated() {
      canvas.put(text: line, at: Point(column: 0, row: row))
    }
    return canvas
  }

  @Test("keeps the last frame as plain text and counts the bytes a real terminal would get")
  func presentsFrames() {
    let terminal = HeadlessTerminal(size: TerminalSize(columns: 20, rows: 3), recordsOutput: true)
    #expect(terminal.plainText == "")
    terminal.present(frame(terminal.size, ["[Home]  Search", "> SwiftUI ★"]))
    #expect(terminal.plainText == "[Home]  Search\n> SwiftUI ★\n")
    let firstFrameBytes = terminal.bytesWritten
    #expect(firstFrameBytes == terminal.output.count)
    #expect(String(decoding: terminal.output, as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[m\u{1B}[H\u{1B}[2J[Home]"))

    terminal.present(frame(terminal.size, ["[Home]  Search", "> SwiftUI ★"]))
    #expect(terminal.bytesWritten == firstFrameBytes)

    let earlierOutput = terminal.output.count
    terminal.present(frame(terminal.size, ["[Home]  Search", "> SwiftUI"]))
    #expect(
      String(decoding: terminal.output.dropFirst(earlierOutput), as: UTF8.self) == "\u{1B}[?2026h\u{1B}[D \u{1B}[?2026l"
    )
  }

  @Test("resizes on request, reports the new size and redraws in full")
  func resizes() async {
    let terminal = HeadlessTerminal(size: TerminalSize(columns: 20, rows: 3))
    let sizes = terminal.resizes()
    let canvas = frame(terminal.size, ["hello"])
    terminal.present(canvas)
    let afterFirst = terminal.bytesWritten
    terminal.resize(to: TerminalSize(columns: 20, rows: 3))
    terminal.present(canvas)
    #expect(terminal.bytesWritten == afterFirst * 2)
    terminal.resize(to: TerminalSize(columns: 30, rows: 5))
    #expect(terminal.size == TerminalSize(columns: 30, rows: 5))
    var iterator = sizes.makeAsyncIterator()
    #expect(await iterator.next() == TerminalSize(columns: 20, rows: 3))
    #expect(await iterator.next() == TerminalSize(columns: 30, rows: 5))
  }

  @Test("tracks full-screen mode and redraws in full after invalidate()")
  func fullScreenAndInvalidate() throws {
    let terminal = HeadlessTerminal()
    try terminal.enterFullScreen()
    #expect(terminal.isFullScreen)
    let canvas = frame(terminal.size, ["x"])
    terminal.present(canvas)
    let once = terminal.bytesWritten
    terminal.invalidate()
    terminal.present(canvas)
    #expect(terminal.bytesWritten == once * 2)
    terminal.leaveFullScreen()
    terminal.leaveFullScreen()
    #expect(!terminal.isFullScreen)
  }

  @Test("writes strings as UTF-8")
  func writesStrings() {
    let terminal = HeadlessTerminal(recordsOutput: true)
    terminal.write("é\u{1B}[m")
    #expect(terminal.output == Array("é\u{1B}[m".utf8))
    #expect(terminal.bytesWritten == 5)
  }
}
