/// The `?` overlay: every key, in a box over the screen. Where the full list does not fit
/// (a 12-row terminal) a compact list with two keys a line is shown instead, so no key is
/// ever hidden.
enum HelpOverlay {
  static let compactLines: [String] = [
    "1-5 Tab ⇧Tab   switch tab",
    "↑↓ jk move   ←→ hl page",
    "Enter open   f favorite",
    "Esc ⌫  back / leave field",
    "/ search     r refresh",
    "Space change  s share",
    ": command    ? help",
    "q Ctrl-C     quit",
  ]

  static let lines: [String] = [
    "1-5, Tab, Shift-Tab  switch tab",
    "↑ ↓  or  k j         move",
    "← →  or  h l         page / category / setting",
    "Enter                open",
    "f                    favorite",
    "Esc, Backspace       back / leave field",
    "/                    search",
    "r                    refresh",
    "Space                change setting",
    "s                    share (Detail)",
    "x                    remove (Favorites), reset (Settings)",
    "p                    profile (Home)",
    "Ctrl-U               clear the search field",
    ":                    command line",
    "?                    this help",
    "q, Ctrl-C            quit",
  ]

  static func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let lines = lines.count + 2 <= area.height ? lines : compactLines
    let contentWidth = (lines.map { DisplayWidth.of($0) }.max() ?? 0)
    let width = min(contentWidth + 4, area.width)
    let height = min(lines.count + 2, area.height)
    let left = area.column + max((area.width - width) / 2, 0)
    let top = area.row + max((area.height - height) / 2, 0)
    canvas.fill(Rect(column: left, row: top, width: width, height: height), style: theme.text)
    let title = DisplayWidth.truncate(" Help — any key closes ", to: max(width - 2, 0))
    let horizontal = String(repeating: "─", count: max(width - 2, 0))
    canvas.put(text: "┌" + horizontal + "┐", at: Point(column: left, row: top), style: theme.accent)
    canvas.put(text: title, at: Point(column: left + 1, row: top), style: theme.title)
    for offset in 1..<max(height - 1, 1) {
      let row = top + offset
      canvas.put(text: "│", at: Point(column: left, row: row), style: theme.accent)
      canvas.put(text: "│", at: Point(column: left + width - 1, row: row), style: theme.accent)
      if lines.indices.contains(offset - 1) {
        let text = DisplayWidth.truncate(lines[offset - 1], to: max(width - 4, 0))
        canvas.put(text: text, at: Point(column: left + 2, row: row), style: theme.text)
      }
    }
    canvas.put(text: "└" + horizontal + "┘", at: Point(column: left, row: top + height - 1), style: theme.accent)
  }
}
