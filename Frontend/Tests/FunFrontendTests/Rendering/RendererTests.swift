import FunModelTestSupport
import Testing

@testable import FunFrontend

@Suite("Renderer")
struct RendererTests {
  private static let fullRedrawPrefix = "\u{1B}[m\u{1B}[H\u{1B}[2J"

  private func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// `frame` as one synchronized update: what the renderer writes for a frame.
  private func synchronized(_ frame: String) -> String {
    "\u{1B}[?2026h" + frame + "\u{1B}[?2026l"
  }

  /// An 80x24 frame with text on every row, as a busy screen would be.
  private func busyCanvas() -> Canvas {
    var canvas = Canvas(size: .standard)
    for row in 0..<24 {
      let line = "Row \(row): the quick brown fox jumps over the lazy dog, again and again, until..."
      canvas.put(text: line, at: Point(column: 0, row: row), style: row == 3 ? Theme.system.selection : .plain)
    }
    return canvas
  }

  @Test("draws the first frame in full after clearing the screen")
  func firstFrameIsFull() {
    var canvas = Canvas(size: TerminalSize(columns: 10, rows: 3))
    canvas.put(text: "hello", at: Point(column: 0, row: 0))
    canvas.put(text: "world", at: Point(column: 2, row: 2))
    var renderer = Renderer()
    let output = text(renderer.frame(for: canvas))
    #expect(output == synchronized(Self.fullRedrawPrefix + "hello\u{1B}[3;3Hworld"))
  }

  @Test("writes nothing for an unchanged frame")
  func unchangedFrameWritesNothing() {
    var renderer = Renderer()
    let canvas = busyCanvas()
    _ = renderer.frame(for: canvas)
    #expect(renderer.frame(for: canvas).isEmpty)
    let recorder = ByteRecorder()
    #expect(renderer.render(canvas, to: recorder) == 0)
    #expect(recorder.bytes.isEmpty)
  }

  @Test("writes one cursor move and the character for a one-cell change")
  func oneCellChange() {
    var canvas = Canvas(size: TerminalSize(columns: 10, rows: 3))
    canvas.put(text: "abc", at: Point(column: 0, row: 0))
    var renderer = Renderer()
    _ = renderer.frame(for: canvas)
    canvas.put(text: "X", at: Point(column: 4, row: 2))
    #expect(text(renderer.frame(for: canvas)) == synchronized("\u{1B}[3;5HX"))
  }

  @Test("moves along a row with the shortest sequence, rewriting short unchanged gaps")
  func shortMoves() {
    var canvas = Canvas(size: TerminalSize(columns: 40, rows: 2))
    canvas.put(text: "abcdefghijklmnopqrstuvwxyz", at: Point(column: 0, row: 0))
    var renderer = Renderer()
    _ = renderer.frame(for: canvas)
    canvas.put(text: "1", at: Point(column: 1, row: 0))
    canvas.put(text: "2", at: Point(column: 3, row: 0))
    canvas.put(text: "3", at: Point(column: 20, row: 0))
    #expect(text(renderer.frame(for: canvas)) == synchronized("\u{1B}[2G1c2\u{1B}[16C3"))
  }

  @Test("positions the cursor again after an emoji, whose width terminals disagree on")
  func repositionsAfterEmoji() {
    var canvas = Canvas(size: TerminalSize(columns: 10, rows: 1))
    var renderer = Renderer()
    _ = renderer.frame(for: canvas)
    canvas.put(text: "中x😀y", at: Point(column: 0, row: 0))
    #expect(text(renderer.frame(for: canvas)) == synchronized("中x😀\u{1B}[1;6Hy"))
  }

  @Test("changes style with the shortest SGR and resets it at the end of the frame")
  func styleChanges() {
    var canvas = Canvas(size: TerminalSize(columns: 10, rows: 1))
    var renderer = Renderer()
    _ = renderer.frame(for: canvas)
    canvas.put(text: "a", at: Point(column: 0, row: 0), style: Style(foreground: .red, bold: true))
    canvas.put(text: "b", at: Point(column: 1, row: 0), style: Style(foreground: .red))
    canvas.put(text: "c", at: Point(column: 2, row: 0), style: Style(foreground: .brightBlue, background: .black))
    #expect(text(renderer.frame(for: canvas)) == synchronized("\u{1B}[1;31ma\u{1B}[22mb\u{1B}[94;40mc\u{1B}[m"))
  }

  @Test("a one-character change costs at most 10% of a full redraw at 80x24")
  func changeIsCheap() {
    var renderer = Renderer()
    var canvas = busyCanvas()
    let full = renderer.frame(for: canvas).count
    canvas.put(text: "#", at: Point(column: 40, row: 12))
    let change = renderer.frame(for: canvas).count
    #expect(full > 1_900)
    #expect(change > 0)
    #expect(change * 10 <= full)
  }

  @Test("redraws in full after invalidate() and when the size changes")
  func fullRedraws() {
    var renderer = Renderer()
    let canvas = busyCanvas()
    let full = renderer.frame(for: canvas)
    renderer.invalidate()
    #expect(renderer.frame(for: canvas) == full)
    var smaller = Canvas(size: TerminalSize(columns: 40, rows: 12))
    smaller.put(text: "small", at: Point(column: 0, row: 0))
    #expect(text(renderer.frame(for: smaller)) == synchronized(Self.fullRedrawPrefix + "small"))
  }

  @Test(
    "Every frame that writes anything is one synchronized update: it begins with CSI ?2026h and ends with CSI ?2026l")
  func synchronizedUpdates() {
    var renderer = Renderer()
    var canvas = busyCanvas()
    let begin = Array("\u{1B}[?2026h".utf8)
    let end = Array("\u{1B}[?2026l".utf8)
    let first = renderer.frame(for: canvas)
    #expect(first.starts(with: begin) && first.suffix(end.count).elementsEqual(end))
    canvas.put(text: "#", at: Point(column: 40, row: 12), style: Theme.system.accent)
    let change = renderer.frame(for: canvas)
    #expect(change.starts(with: begin) && change.suffix(end.count).elementsEqual(end))
    // Once each, around the whole frame, the style reset included.
    #expect(text(change).components(separatedBy: "\u{1B}[?2026").count == 3)
    #expect(text(change).hasSuffix("\u{1B}[m\u{1B}[?2026l"))
    // Nothing to change: nothing at all, not even an empty update.
    #expect(renderer.frame(for: canvas).isEmpty)
    // A terminal that takes no sequences gets none.
    var dumb = Renderer(support: .none)
    #expect(!text(dumb.frame(for: busyCanvas())).contains("2026"))
  }

  @Test("A link goes out as OSC 8 around exactly its cells; a changed address rewrites them; off, it is plain text")
  func hyperlinks() {
    var canvas = Canvas(size: TerminalSize(columns: 20, rows: 1))
    canvas.put(text: "see https://xy here", at: Point(column: 0, row: 0))
    canvas.link(Rect(column: 4, row: 0, width: 10, height: 1), to: "https://xy")
    var renderer = Renderer()
    #expect(
      text(renderer.frame(for: canvas))
        == synchronized(
          Self.fullRedrawPrefix + "see \u{1B}]8;;https://xy\u{1B}\\https://xy\u{1B}]8;;\u{1B}\\ here"))
    var relinked = Canvas(size: TerminalSize(columns: 20, rows: 1))
    relinked.put(text: "see https://xy here", at: Point(column: 0, row: 0))
    relinked.link(Rect(column: 4, row: 0, width: 10, height: 1), to: "https://xz")
    #expect(
      text(renderer.frame(for: relinked))
        == synchronized("\u{1B}[5G\u{1B}]8;;https://xz\u{1B}\\https://xy\u{1B}]8;;\u{1B}\\"))
    var plain = Renderer(support: .full, hyperlinks: false)
    #expect(!text(plain.frame(for: canvas)).contains("\u{1B}]8"))
    var dumb = Renderer(support: .none)
    #expect(!text(dumb.frame(for: canvas)).contains("\u{1B}]"))
  }

  @Test(
    "A link's address is sanitised: controls, spaces and non-ASCII percent-encoded; empty or too long, no link",
    arguments: [
      ("funapp://item/swiftui", "funapp://item/swiftui"),
      ("funapp://item/a\u{1B}]8;;x\u{07}b", "funapp://item/a%1B]8;;x%07b"),
      ("https://x.example/a b\u{9B}é", "https://x.example/a%20b%C2%9B%C3%A9"),
      ("", nil), (String(repeating: "a", count: Hyperlink.maximumLength + 1), nil),
    ] as [(String, String?)])
  func hyperlinkAddresses(url: String, expected: String?) {
    #expect(Hyperlink.sanitized(url) == expected)
  }

  @Test("emits no colour code without colour support, and no SGR at all without styling")
  func honoursStyleSupport() {
    var canvas = Canvas(size: TerminalSize(columns: 30, rows: 4))
    canvas.fill(style: Theme.dark.text)
    canvas.put(text: "title", at: Point(column: 0, row: 0), style: Theme.dark.title)
    canvas.put(text: "selected", at: Point(column: 0, row: 1), style: Theme.noColor.selection)
    canvas.put(text: "error", at: Point(column: 0, row: 3), style: Theme.light.toastError)

    var attributesOnly = Renderer(support: .attributesOnly)
    let withAttributes = text(attributesOnly.frame(for: canvas))
    let parameters = Self.sgrParameters(in: withAttributes)
    #expect(parameters.contains(7))
    #expect(parameters.allSatisfy { !(30...49).contains($0) && !(90...107).contains($0) })

    var none = Renderer(support: .none)
    let unstyled = text(none.frame(for: canvas))
    #expect(Self.sgrParameters(in: unstyled).isEmpty)
    #expect(!unstyled.contains("m"))
  }

  @Test("leaves the screen showing each frame, for random frames with wide characters and styles")
  func randomFramesMatchEmulator() {
    var generator = SplitMix64(seed: 2024)
    let pieces = ["a", "bc", "中", "文字", "😀", "é", "👨\u{200D}👩\u{200D}👧", " ", "xyz", "★", "e\u{301}"]
    let styles = [
      Style.plain, Style(foreground: .red), Style(bold: true), Style(background: .blue, underline: true),
      Style(foreground: .green, dim: true), Style(inverse: true), Style(bold: true, dim: true),
    ]
    for support in [StyleSupport.full, .attributesOnly, .none] {
      var renderer = Renderer(support: support)
      var size = TerminalSize(columns: 17, rows: 5)
      var emulator = TerminalEmulator(size: size)
      var canvas = Canvas(size: size)
      for frame in 0..<300 {
        if frame % 97 == 96 {
          size = TerminalSize(columns: 12 + Int(generator.next() % 10), rows: 3 + Int(generator.next() % 4))
          canvas = Canvas(size: size)
          emulator = TerminalEmulator(size: size)
        }
        for _ in 0..<Int(generator.next() % 6) {
          let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
          let style = styles[Int(generator.next() % UInt64(styles.count))]
          let point = Point(
            column: Int(generator.next() % UInt64(size.columns + 4)) - 2, row: Int(generator.next() % UInt64(size.rows))
          )
          canvas.put(text: piece, at: point, style: style)
        }
        emulator.apply(renderer.frame(for: canvas))
        let problems = emulator.problems
        let showsCanvas = emulator.shows(canvas, support: support)
        #expect(problems.isEmpty, "frame \(frame) with \(support): \(problems)")
        #expect(showsCanvas, "frame \(frame) with \(support) differs from:\n\(canvas.plainText)")
        if !problems.isEmpty || !showsCanvas {
          return
        }
      }
    }
  }

  /// Every SGR parameter in `output`.
  private static func sgrParameters(in output: String) -> [Int] {
    var parameters: [Int] = []
    var rest = Substring(output)
    while let start = rest.range(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      let body = rest.prefix { $0.isNumber || $0 == ";" }
      if rest.dropFirst(body.count).first == "m" {
        parameters.append(contentsOf: body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
      }
    }
    return parameters
  }
}

/// A ``TerminalOutput`` that keeps what it receives.
private final class ByteRecorder: TerminalOutput {
  private(set) var bytes: [UInt8] = []

  func write(_ bytes: [UInt8]) {
    self.bytes.append(contentsOf: bytes)
  }
}
