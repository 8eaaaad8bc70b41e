import Testing

@testable import FunFrontend
@testable import FunModel

@Suite("Legibility rules")
struct LegibilityRuleTests {
  // MARK: The measure

  @Test("WCAG contrast: black on white is 21:1, a colour on itself 1:1, xterm's palette as published")
  func contrastRatio() {
    let white = RGB(0xFF_FFFF)
    let black = RGB(0x00_0000)
    #expect(white.contrast(with: black) == 21)
    #expect(black.contrast(with: white) == 21)
    #expect(RGB(0x00_CDCD).contrast(with: RGB(0x00_CDCD)) == 1)
    let palette = TerminalLook.xtermPalette
    #expect(palette.count == 16)
    #expect(palette[3] == RGB(0xCD_CD00) && palette[12] == RGB(0x5C_5CFF) && palette[15] == white)
    // Grey on cyan, the selected tab drawn bold as bright.
    #expect(abs(palette[8].contrast(with: palette[6]) - 2.03) < 0.01)
    // Bright yellow on white.
    #expect(abs(palette[11].contrast(with: white) - 1.07) < 0.01)
  }

  @Test("The terminal: bold brightens colours 0-7 only where bold draws bright; inverse swaps; dim blends half way")
  func terminalLook() {
    let bright = TerminalLook(background: .white, boldIsBright: true)
    let plain = TerminalLook(background: .white, boldIsBright: false)
    let selectedTab = Style(foreground: .black, background: .cyan, bold: true)
    #expect(bright.colours(of: selectedTab) == (RGB(0x7F_7F7F), RGB(0x00_CDCD)))
    #expect(plain.colours(of: selectedTab) == (RGB(0x00_0000), RGB(0x00_CDCD)))
    // Bright colours and the default foreground stay as they are.
    #expect(bright.colours(of: Style(foreground: .brightBlue, bold: true)).text == RGB(0x5C_5CFF))
    #expect(bright.colours(of: Style(bold: true)) == (RGB(0x00_0000), RGB(0xFF_FFFF)))
    let dark = TerminalLook(background: .black, boldIsBright: false)
    #expect(dark.colours(of: Style(inverse: true)) == (RGB(0x00_0000), RGB(0xFF_FFFF)))
    #expect(dark.colours(of: Style(dim: true)) == (RGB(0x80_8080), RGB(0x00_0000)))
    #expect(plain.colours(of: Style(dim: true)) == (RGB(0x80_8080), RGB(0xFF_FFFF)))
  }

  // MARK: The check catches what a legibility review found

  /// The styles a legibility review measured, as the themes had them, with the look and figure it gave.
  struct Measured: Sendable, CustomTestStringConvertible {
    var name: String
    var glyphs: String
    var style: Style
    var screen: Style
    var look: TerminalLook
    var ratio: Double
    var testDescription: String { name }
  }

  static let measured: [Measured] = [
    Measured(
      name: "system: the selected tab, ESC[1;30;46m, bold as bright", glyphs: "[Home]",
      style: Style(foreground: .black, background: .cyan, bold: true), screen: .plain,
      look: TerminalLook(background: .black, boldIsBright: true), ratio: 2.03),
    Measured(
      name: "system on white: a cyan accent", glyphs: "‹ 1/3 ›", style: Style(foreground: .cyan), screen: .plain,
      look: TerminalLook(background: .white, boldIsBright: false), ratio: 1.98),
    Measured(
      name: "system on white: the yellow ★, bold as bright", glyphs: "★",
      style: Style(foreground: .yellow, bold: true), screen: .plain,
      look: TerminalLook(background: .white, boldIsBright: true), ratio: 1.07),
    Measured(
      name: "system on white: ☆ Not a favorite, bold as bright", glyphs: "Not a favorite",
      style: Style(foreground: .yellow, bold: true), screen: .plain,
      look: TerminalLook(background: .white, boldIsBright: true), ratio: 1.07),
    Measured(
      name: "light: the success toast", glyphs: "Catalog refreshed",
      style: Style(foreground: .brightWhite, background: .green),
      screen: Style(foreground: .black, background: .brightWhite),
      look: TerminalLook(background: .black, boldIsBright: false), ratio: 2.16),
    Measured(
      name: "light: secondary text", glyphs: "Declarative user interfaces", style: Style(foreground: .brightBlack),
      screen: Style(foreground: .black, background: .brightWhite),
      look: TerminalLook(background: .white, boldIsBright: false), ratio: 4.0),
  ]

  @Test(
    "The contrast check finds each figure a legibility review measured in the themes as they were", arguments: measured)
  func catchesMeasuredFailures(measured: Measured) {
    var canvas = Canvas(size: TerminalSize(columns: 30, rows: 1), style: measured.screen)
    canvas.put(text: measured.glyphs, at: Point(column: 0, row: 0), style: measured.style)
    let findings = Legibility.contrastFindings(in: canvas, support: .full, looks: [measured.look])
    #expect(findings.count == 1)
    #expect(findings.map { abs($0.ratio - measured.ratio) < 0.01 } == [true], "\(findings)")
  }

  @Test("Faint text and decoration need 3:1, body text 4.5:1")
  func requirements() {
    let look = TerminalLook(background: .white, boldIsBright: false)
    // Bright blue on white is 4.7:1: body text. Faint default text is 3.9:1: secondary only.
    var canvas = Canvas(size: TerminalSize(columns: 20, rows: 3))
    canvas.put(text: "body", at: Point(column: 0, row: 0), style: Style(foreground: .brightBlue))
    canvas.put(text: "hint", at: Point(column: 0, row: 1), style: Style(dim: true))
    canvas.put(text: "│▌★", at: Point(column: 0, row: 2), style: Style(foreground: .brightRed))
    #expect(Legibility.contrastFindings(in: canvas, support: .full, looks: [look]).isEmpty)
    // Bright red (4.0:1) reads as a border, not as a word.
    canvas.put(text: "word", at: Point(column: 5, row: 2), style: Style(foreground: .brightRed))
    let findings = Legibility.contrastFindings(in: canvas, support: .full, looks: [look])
    #expect(findings.map(\.sample) == ["word"])
    #expect(findings.map(\.required) == [Legibility.bodyContrast])
  }

  @Test("The contrast check reads styles as the terminal gets them: NO_COLOR drops the colours")
  func restrictedStyles() {
    var canvas = Canvas(size: TerminalSize(columns: 20, rows: 1))
    canvas.put(text: "yellow", at: Point(column: 0, row: 0), style: Style(foreground: .brightYellow))
    #expect(!Legibility.contrastFindings(in: canvas, support: .full).isEmpty)
    #expect(Legibility.contrastFindings(in: canvas, support: .attributesOnly).isEmpty)
  }

  // MARK: Every role of every theme

  @Test("Every role of every theme reads over the backgrounds it is drawn on", arguments: ThemeCase.all)
  func roles(themeCase: ThemeCase) {
    let theme = themeCase.theme
    var canvas = Canvas(size: TerminalSize(columns: 40, rows: 12), style: theme.text)
    let foregrounds = [theme.text, theme.title, theme.accent, theme.dim]
    for (row, style) in foregrounds.enumerated() {
      canvas.put(text: "Words", at: Point(column: 0, row: row), style: style)
    }
    canvas.put(text: "★ │▌▏", at: Point(column: 0, row: 4), style: theme.favoriteStar)
    canvas.put(text: "│▌▏┌─┐", at: Point(column: 6, row: 4), style: theme.decoration)
    let bands = [theme.selection, theme.toastSuccess, theme.toastInfo, theme.toastError, theme.tabSelected]
    for (offset, style) in bands.enumerated() {
      let row = 5 + offset
      canvas.fill(Rect.row(row, width: canvas.columns), style: style)
      canvas.put(text: "✓ Words ★", at: Point(column: 0, row: row), style: style)
    }
    let findings = Legibility.contrastFindings(in: canvas, support: themeCase.support)
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  // MARK: Underlines

  @Test("The underline check accepts words, phrases and punctuation")
  func underlinedWords() {
    var canvas = Canvas(size: TerminalSize(columns: 30, rows: 1))
    let underline = Style(underline: true)
    var column = canvas.put(text: "on", at: Point(column: 0, row: 0), style: underline)
    column = canvas.put(text: "  ", at: Point(column: column, row: 0))
    canvas.put(text: "‹ All ›", at: Point(column: column, row: 0), style: underline)
    #expect(Legibility.underlineFindings(in: canvas, support: .attributesOnly).isEmpty)
  }

  @Test(
    "The underline check catches padding and decoration",
    arguments: [("  @jane", "padding"), ("value ", "padding"), ("┌──┐", "decoration"), ("▌SwiftUI", "decoration")]
  )
  func underlinedPadding(text: String, kind: String) {
    var canvas = Canvas(size: TerminalSize(columns: 30, rows: 1))
    canvas.put(text: text, at: Point(column: 2, row: 0), style: Style(underline: true))
    let findings = Legibility.underlineFindings(in: canvas, support: .attributesOnly)
    #expect(findings.count == 1)
    #expect(findings.first?.hasSuffix("underlines \(kind)") == true, "\(findings)")
  }
}
