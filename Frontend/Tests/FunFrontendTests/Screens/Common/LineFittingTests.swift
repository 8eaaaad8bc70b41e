import Testing

@testable import FunFrontend

@Suite("Bottom-line texts fitted to a narrow terminal")
struct LineFittingTests {
  @Test("A toast longer than two lines keeps its first line and, after an ellipsis, the whole words of its end")
  func veryLongToastKeepsItsEnd() {
    let words = (1...30).map { "word\($0)" }
    let lines = LineFitting.toast("✗ " + words.joined(separator: " "), width: 40)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    let first = lines[0].split(separator: " ").dropFirst().map(String.init)
    #expect(first == Array(words.prefix(first.count)))
    #expect(lines[1].hasPrefix("… "))
    let last = lines[1].split(separator: " ").dropFirst().map(String.init)
    #expect(last == Array(words.suffix(last.count)))
    #expect(
      LineFitting.toast(
        "✗ Could not load the catalog from https://fun.example/catalog.json: connection refused", width: 40)
        == ["✗ Could not load the catalog from", "… connection refused"])
  }

  @Test("On one line a toast keeps its start and its end either side of …, the start taking the room the end leaves")
  func oneLineToast() {
    let long = String(repeating: "e", count: 36)
    #expect(
      LineFitting.toast("✗ aaaa bbbb cccc dddd \(long) ffff", width: 30, limit: 1) == ["✗ aaaa bbbb cccc dddd … ffff"]
    )
    #expect(LineFitting.toast("✗ short enough", width: 30, limit: 1) == ["✗ short enough"])
    let words = (1...30).map { "word\($0)" }
    let line = LineFitting.toast("✗ " + words.joined(separator: " "), width: 38, limit: 1)
    #expect(line.count == 1 && DisplayWidth.of(line[0]) <= 38)
    #expect(line[0].hasPrefix("✗ word1 ") && line[0].hasSuffix(" word30") && line[0].contains(" … "), "\(line)")
  }

  @Test("A usage gives up choices from its longest list first, keeps every argument, and fits")
  func fittedUsage() {
    #expect(LineFitting.usage("open [n|id]", to: 38) == "open [n|id]")
    #expect(LineFitting.usage("wheel <up|down|left|right> <col> <row>", to: 30) == "wheel <up|down|…> <col> <row>")
    #expect(LineFitting.usage("a <b|c> <d|e|f|g>", to: 14) == "a <b|c> <d|…>")
    #expect(LineFitting.usage("a <b|c> <d|e|f|g>", to: 13) == "a <b|c> <d|…>", "of lists as long, the later")
    #expect(LineFitting.usage("a <b|c> <d|e|f|g>", to: 12) == "a <b|…> <d|…>")
    let key = "key <up|down|left|right|enter|esc|backspace|delete|tab|shift-tab|space|pgup|pgdn|home|end|CHAR>"
    let fitted = LineFitting.usage(key, to: 38)
    #expect(DisplayWidth.of(fitted) <= 38)
    #expect(fitted.hasPrefix("key <up|down|left|right|") && fitted.hasSuffix("|…>"), "\(fitted)")
    // One choice wider than the line is all that can still be cut.
    #expect(DisplayWidth.of(LineFitting.usage("x <" + String(repeating: "y", count: 50) + ">", to: 20)) > 20)
  }

  @Test("Key hints keep whole groups from the front and always end with the last one (`? help`)")
  func hints() {
    let hints = "↑↓ move  enter open  f favorite  ? help"
    #expect(LineFitting.hints(hints, to: 40) == hints)
    #expect(LineFitting.hints(hints, to: 30) == "↑↓ move  enter open  ? help")
    // Exactly as wide as the line: it fits.
    #expect(LineFitting.hints(hints, to: 27) == "↑↓ move  enter open  ? help")
    #expect(LineFitting.hints(hints, to: 26) == "↑↓ move  ? help")
    #expect(LineFitting.hints(hints, to: 16) == "↑↓ move  ? help")
    #expect(LineFitting.hints(hints, to: 8) == "? help")
  }
}
