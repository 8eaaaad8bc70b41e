import Testing

@testable import FunFrontend
@testable import FunModel

@Suite("Canvas")
struct CanvasTests {
  private func canvas(_ columns: Int, _ rows: Int) -> Canvas {
    Canvas(size: TerminalSize(columns: columns, rows: rows))
  }

  @Test("A click target is the last region marked at a cell; an overlay's clear hides the marks under it")
  func clickTargets() {
    var canvas = canvas(10, 4)
    canvas.mark(Rect(column: 0, row: 1, width: 10, height: 1), as: .row(0))
    canvas.mark(Rect(column: 2, row: 1, width: 3, height: 2), as: .card(1))
    #expect(canvas.target(at: Point(column: 0, row: 1)) == .row(0))
    #expect(canvas.target(at: Point(column: 9, row: 1)) == .row(0))
    #expect(canvas.target(at: Point(column: 2, row: 1)) == .card(1))
    #expect(canvas.target(at: Point(column: 4, row: 2)) == .card(1))
    #expect(canvas.target(at: Point(column: 5, row: 2)) == nil)
    #expect(canvas.target(at: Point(column: 0, row: 0)) == nil)
    let before = canvas
    canvas.clear(Rect(column: 3, row: 0, width: 4, height: 4), style: .plain)
    #expect(canvas.target(at: Point(column: 3, row: 1)) == nil)
    #expect(canvas.target(at: Point(column: 2, row: 1)) == .card(1))
    canvas.mark(Rect(column: 3, row: 1, width: 1, height: 1), as: .tab(.search))
    #expect(canvas.target(at: Point(column: 3, row: 1)) == .tab(.search))
    #expect(canvas == before, "marks are not part of what a canvas looks like")
  }

  @Test("puts text on a row and returns the column after it")
  func putsText() {
    var canvas = canvas(10, 2)
    let end = canvas.put(text: "abc", at: Point(column: 2, row: 1))
    #expect(end == 5)
    #expect(canvas.plainText == "\n  abc")
  }

  @Test("clips text at the right and left edges and ignores rows outside")
  func clips() {
    var canvas = canvas(5, 2)
    canvas.put(text: "abcdefgh", at: Point(column: 2, row: 0))
    canvas.put(text: "xyz", at: Point(column: -2, row: 1))
    canvas.put(text: "hidden", at: Point(column: 0, row: 2))
    canvas.put(text: "hidden", at: Point(column: 0, row: -1))
    #expect(canvas.plainText == "  abc\nz")
  }

  @Test("stores a wide character in a cell and a continuation cell")
  func wideCharacter() {
    var canvas = canvas(6, 1)
    let end = canvas.put(text: "a中b", at: Point(column: 0, row: 0))
    #expect(end == 4)
    #expect(canvas.cell(at: Point(column: 1, row: 0))?.grapheme == "中")
    #expect(canvas.cell(at: Point(column: 2, row: 0))?.isContinuation == true)
    #expect(canvas.cell(at: Point(column: 3, row: 0))?.grapheme == "b")
    #expect(canvas.line(0) == "a中b")
  }

  @Test("blanks the other half when half of a wide character is overwritten")
  func overwritesHalfOfWideCharacter() {
    var canvas = canvas(6, 2)
    canvas.put(text: "中文", at: Point(column: 0, row: 0))
    canvas.put(text: "x", at: Point(column: 1, row: 0))
    canvas.put(text: "y", at: Point(column: 2, row: 0))
    #expect(canvas.line(0) == " xy")
    #expect((0..<6).allSatisfy { canvas.cell(at: Point(column: $0, row: 0))?.isContinuation == false })

    canvas.put(text: "中文", at: Point(column: 0, row: 1))
    canvas.put(text: "日", at: Point(column: 1, row: 1))
    #expect(canvas.line(1) == " 日")
    #expect(canvas.cell(at: Point(column: 2, row: 1))?.isContinuation == true)
    #expect(canvas.cell(at: Point(column: 3, row: 1))?.isContinuation == false)
  }

  @Test("turns any grapheme with a control character into U+FFFD and drops zero-width ones")
  func neverStoresControls() {
    var canvas = canvas(12, 1)
    canvas.put(text: "a\u{1B}[2J\u{7}\u{9B}\u{202E}\n\u{301}b", at: Point(column: 0, row: 0))
    #expect(canvas.line(0) == "a\u{FFFD}[2J\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b")
    let scalars = canvas.plainText.unicodeScalars
    #expect(!scalars.contains(where: TextSanitizer.isTerminalControl))
  }

  @Test("paints a style over the colours underneath, keeping a filled background")
  func paintsOverBackground() {
    var canvas = canvas(4, 1)
    canvas.fill(style: Style(foreground: .black, background: .white))
    canvas.put(text: "hi", at: Point(column: 0, row: 0), style: Style(foreground: .red, bold: true))
    let cell = canvas.cell(at: Point(column: 0, row: 0))
    #expect(cell?.style == Style(foreground: .red, background: .white, bold: true))
    #expect(canvas.cell(at: Point(column: 3, row: 0))?.style == Style(foreground: .black, background: .white))
  }

  @Test("adds text attributes to those underneath, while a fill replaces them")
  func attributesOfTextAndFill() {
    var canvas = canvas(6, 1)
    canvas.fill(Rect.row(0, width: 6), style: Style(inverse: true))
    canvas.put(text: "ab", at: Point(column: 0, row: 0), style: Style(bold: true))
    #expect(canvas.cell(at: Point(column: 0, row: 0))?.style == Style(bold: true, inverse: true))
    canvas.fill(Rect(column: 0, row: 0, width: 3, height: 1), style: Style(foreground: .red, underline: true))
    #expect(
      canvas.cell(at: Point(column: 1, row: 0)) == Cell(grapheme: " ", style: Style(foreground: .red, underline: true)))
    #expect(canvas.cell(at: Point(column: 3, row: 0))?.style == Style(inverse: true))
  }

  @Test("shows a wide character cut by an edge as a blank in its style")
  func wideCharacterCutByEdge() {
    var canvas = canvas(4, 1)
    canvas.put(text: "中", at: Point(column: -1, row: 0), style: Style(background: .blue))
    canvas.put(text: "a中", at: Point(column: 2, row: 0), style: Style(background: .red))
    #expect(canvas.cell(at: Point(column: 0, row: 0)) == Cell.blank(Style(background: .blue)))
    #expect(canvas.cell(at: Point(column: 1, row: 0)) == Cell.blank())
    #expect(canvas.cell(at: Point(column: 3, row: 0)) == Cell.blank(Style(background: .red)))
    #expect(canvas.line(0) == "  a")
  }

  @Test("fills the part of a rectangle inside the canvas")
  func fillsRectangle() {
    var canvas = canvas(5, 3)
    canvas.fill(Rect(column: 3, row: 1, width: 10, height: 10), with: "#", style: .plain)
    canvas.fill(Rect(column: -1, row: 0, width: 2, height: 1), with: "-", style: .plain)
    #expect(canvas.plainText == "-\n   ##\n   ##")
    canvas.fill(Rect.row(1, width: 5), with: "中", style: .plain)
    #expect(canvas.line(1) == "中中")
  }

  @Test("plain text trims trailing spaces on each line and keeps every row")
  func plainText() {
    var canvas = canvas(8, 3)
    canvas.put(text: "top   ", at: Point(column: 0, row: 0))
    canvas.put(text: "end", at: Point(column: 5, row: 2))
    #expect(canvas.plainText == "top\n\n     end")
    #expect(canvas.line(7) == "")
  }

  @Test("keeps graphemes of several scalars whole, and a frame drawn over them equals one drawn afresh")
  func graphemeClusters() {
    let family = "👨‍👩‍👧"
    let accented = "e\u{301}"
    var canvas = canvas(8, 1)
    canvas.put(text: "\(accented)\(family)ü", at: Point(column: 0, row: 0))
    #expect(canvas.cell(at: Point(column: 0, row: 0))?.grapheme == Character(accented))
    #expect(canvas.cell(at: Point(column: 1, row: 0))?.grapheme == Character(family))
    #expect(canvas.cell(at: Point(column: 2, row: 0))?.isContinuation == true)
    #expect(canvas.line(0) == "\(accented)\(family)ü")

    // Drawing over the clusters (and over half of the wide one) leaves nothing of them behind.
    canvas.put(text: "ab", at: Point(column: 0, row: 0))
    canvas.fill(Rect(column: 3, row: 0, width: 1, height: 1), with: "x", style: .plain)
    var afresh = self.canvas(8, 1)
    afresh.put(text: "ab x", at: Point(column: 0, row: 0))
    #expect(canvas.line(0) == "ab x")
    #expect(canvas == afresh)
  }
}
