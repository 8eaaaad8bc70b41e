import Foundation

@testable import FunFrontend

/// The legibility rules (contrast on black and white, dim as a blend), checked over the cells a frame actually
/// draws, as the terminal receives them (the styles restricted to what it allows):
///
/// - **Contrast**, for every glyph, in every ``TerminalLook``: body text at least 4.5:1; faint
///   (dim) text and decoration (box drawing, blocks, shapes, symbols such as `★` and `✓`, which
///   WCAG counts as graphics) at least 3:1. Spaces have no glyph to read.
/// - **Underline only under words**: an underlined run of cells starts and ends with a
///   visible character and holds no decoration, so no border and no padding is underlined.
///
/// Generic over canvases, so every frame a test renders can be checked, whatever screen drew it.
enum Legibility {
  /// The contrast body text needs.
  static let bodyContrast = 4.5
  /// The contrast faint text and decoration need.
  static let secondaryContrast = 3.0

  /// One style in one look that falls short: the worst of its cells and where the first one is.
  struct ContrastFinding: CustomStringConvertible {
    var look: TerminalLook
    var style: Style
    var ratio: Double
    var required: Double
    var sample: String
    var point: Point
    var cells: Int

    var description: String {
      let ratio = (ratio * 100).rounded() / 100
      return "\(look): \"\(sample)\" at column \(point.column + 1), row \(point.row + 1) in "
        + "\(StyleDescription.of(style)): \(ratio):1, needs \(required):1 (\(cells) cell\(cells == 1 ? "" : "s"))"
    }
  }

  /// The cells of `canvas` that fall short of the contrast they need on a terminal allowing
  /// `support`, one finding per look, style and requirement.
  static func contrastFindings(
    in canvas: Canvas, support: StyleSupport, looks: [TerminalLook] = TerminalLook.all
  ) -> [ContrastFinding] {
    var findings: [ContrastFinding] = []
    for look in looks {
      var byKey: [String: Int] = [:]
      for row in 0..<canvas.rows {
        for column in 0..<canvas.columns {
          let point = Point(column: column, row: row)
          guard let cell = canvas.cell(at: point), !cell.isContinuation, !cell.grapheme.isWhitespace else { continue }
          let style = cell.style.restricted(to: support)
          let required = style.dim || isDecoration(cell.grapheme) ? secondaryContrast : bodyContrast
          let ratio = look.contrast(of: style)
          guard ratio < required else { continue }
          let key = "\(style)|\(required)"
          if let index = byKey[key] {
            findings[index].cells += 1
            findings[index].ratio = min(findings[index].ratio, ratio)
          } else {
            byKey[key] = findings.count
            findings.append(
              ContrastFinding(
                look: look, style: style, ratio: ratio, required: required,
                sample: run(in: canvas, at: point, support: support), point: point, cells: 1))
          }
        }
      }
    }
    return findings
  }

  /// Underlined runs that reach beyond words: onto a border, a bar, or padding.
  static func underlineFindings(in canvas: Canvas, support: StyleSupport) -> [String] {
    var findings: [String] = []
    for row in 0..<canvas.rows {
      var current: [(column: Int, grapheme: Character)] = []
      func finish() {
        defer { current = [] }
        guard let first = current.first, let last = current.last else { return }
        let text = String(current.map(\.grapheme))
        if first.grapheme.isWhitespace || last.grapheme.isWhitespace {
          findings.append("row \(row + 1), column \(first.column + 1): \"\(text)\" underlines padding")
        } else if current.contains(where: { isDecoration($0.grapheme) }) {
          findings.append("row \(row + 1), column \(first.column + 1): \"\(text)\" underlines decoration")
        }
      }
      for column in 0..<canvas.columns {
        guard let cell = canvas.cell(at: Point(column: column, row: row)) else { continue }
        if cell.isContinuation { continue }
        if cell.style.restricted(to: support).underline {
          current.append((column, cell.grapheme))
        } else {
          finish()
        }
      }
      finish()
    }
    return findings
  }

  /// Whether `grapheme` is drawing rather than text: box drawing, block elements, geometric
  /// shapes, miscellaneous symbols and dingbats (U+2500–U+27BF).
  static func isDecoration(_ grapheme: Character) -> Bool {
    guard let scalar = grapheme.unicodeScalars.first else { return false }
    return (0x2500...0x27BF).contains(scalar.value)
  }

  /// The text of the cells around `point` drawn in the same style, for a finding to quote.
  private static func run(in canvas: Canvas, at point: Point, support: StyleSupport) -> String {
    guard let style = canvas.cell(at: point)?.style.restricted(to: support) else { return "" }
    func sameStyle(_ column: Int) -> Bool {
      canvas.cell(at: Point(column: column, row: point.row))?.style.restricted(to: support) == style
    }
    var start = point.column
    while start > 0, sameStyle(start - 1) { start -= 1 }
    var end = point.column
    while end + 1 < canvas.columns, sameStyle(end + 1) { end += 1 }
    let graphemes = (start...end).compactMap { column -> Character? in
      guard let cell = canvas.cell(at: Point(column: column, row: point.row)), !cell.isContinuation else { return nil }
      return cell.grapheme
    }
    return String(graphemes).trimmingCharacters(in: .whitespaces)
  }
}

/// A style in words, for snapshots and failures: `bold, black on cyan`.
enum StyleDescription {
  static func of(_ style: Style) -> String {
    var parts: [String] = []
    if style.bold { parts.append("bold") }
    if style.dim { parts.append("dim") }
    if style.underline { parts.append("underline") }
    if style.inverse { parts.append("inverse") }
    let foreground = style.foreground.flatMap { $0 == .default ? nil : name($0) }
    let background = style.background.flatMap { $0 == .default ? nil : name($0) }
    switch (foreground, background) {
    case (let foreground?, let background?): parts.append("\(foreground) on \(background)")
    case (let foreground?, nil): parts.append(foreground)
    case (nil, let background?): parts.append("default on \(background)")
    case (nil, nil): break
    }
    return parts.isEmpty ? "default" : parts.joined(separator: ", ")
  }

  /// `brightWhite` as `bright white`.
  private static func name(_ color: TerminalColor) -> String {
    String(describing: color).replacingOccurrences(of: "bright", with: "bright ").lowercased()
  }
}
