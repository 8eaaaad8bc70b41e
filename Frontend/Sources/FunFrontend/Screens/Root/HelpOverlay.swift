/// The `?` overlay: every key, in an opaque `Box` over the screen. Where the full list does
/// not fit (a 12-row terminal) a compact list with two keys a line is shown instead, so no key is
/// ever hidden.
enum HelpOverlay {
  static let compactLines: [String] = [
    "1-5 Tab ⇧Tab   switch tab",
    "↑↓ jk move   ←→ hl page",
    "PgUp PgDn Home End  page, ends",
    "Enter open   f favorite",
    "Esc ⌫  back / leave field",
    "/ search     r refresh",
    "Space change  s share",
    ": command  ? help  q Ctrl-C quit",
  ]

  static let lines: [String] = [
    "1-5, Tab, Shift-Tab  switch tab",
    "↑ ↓  or  k j         move; ↑ on Home's first row: the cards",
    "← →  or  h l         page / category / setting",
    "PgUp PgDn Home End   page, first, last (lists, Detail)",
    "Enter                open",
    "f                    favorite",
    "Esc, Backspace       back / leave field",
    "/                    search",
    "r                    refresh",
    "Space                change setting",
    "s                    share (Detail)",
    "x                    remove (Favorites), reset (Settings)",
    "p                    profile (Home)",
    "e                    edit the profile (Profile)",
    "Ctrl-U               clear the search field",
    ":                    command line",
    "?                    this help",
    "q, Ctrl-C            quit",
    "mouse                click tab / row (again: open), wheel",
  ]

  static func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let lines = lines.count + 2 <= area.height ? lines : compactLines
    let contentWidth = (lines.map { DisplayWidth.of($0) }.max() ?? 0)
    let inside = Box.draw(
      title: "Help — any key closes", width: contentWidth + 4, height: lines.count + 2, in: area, into: &canvas,
      theme: theme)
    for (offset, line) in lines.prefix(inside.height).enumerated() {
      let text = DisplayWidth.truncate(line, to: inside.width)
      canvas.put(text: text, at: Point(column: inside.column, row: inside.row + offset), style: theme.text)
    }
  }
}
