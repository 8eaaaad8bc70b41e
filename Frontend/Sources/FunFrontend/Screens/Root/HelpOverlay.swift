import FunModel

/// The `?` overlay: every key, in an opaque `Box` over the screen. Where the full list does
/// not fit (a 12-row terminal) a compact list with two keys a line is shown instead, so no key is
/// ever hidden.
enum HelpOverlay {
  static func render(into canvas: inout Canvas, area: Rect, theme: Theme, strings: Localizer) {
    let full = strings(L10n.Help.full).split(separator: "\n").map(String.init)
    let lines =
      full.count + 2 <= area.height ? full : strings(L10n.Help.compact).split(separator: "\n").map(String.init)
    let contentWidth = (lines.map { DisplayWidth.of($0) }.max() ?? 0)
    let inside = Box.draw(
      title: strings(L10n.Help.title), width: contentWidth + 4, height: lines.count + 2, in: area, into: &canvas,
      theme: theme)
    for (offset, line) in lines.prefix(inside.height).enumerated() {
      let text = DisplayWidth.truncate(line, to: inside.width)
      canvas.put(text: text, at: Point(column: inside.column, row: inside.row + offset), style: theme.text)
    }
  }
}
