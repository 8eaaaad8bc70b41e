import FunModel
import FunViewModel

/// The `?` overlay: the keys of what is on screen (the screen or the sheet, then the ones that
/// act everywhere), written from the very ``KeyBindings`` tables that dispatch them, in an opaque
/// ``Box`` as wide as the screen. The `:` line's `:help` shows its list of commands in the same
/// box, so every long text over a screen scrolls the same way.
///
/// Each binding is a line: its keys (named by ``KeyName``) in one column, what they do in the
/// next, both aligned by display width, so the columns line up in every language and no
/// string table holds padding. A column too narrow for its text wraps inside itself. Help
/// longer than its room scrolls (↑/↓, PgUp/PgDn, Home/End) with a scroll bar and its
/// position on the bottom border, so no key is ever hidden, at 40x12 included.
@MainActor
struct HelpOverlay {
  /// One line of the overlay.
  enum Line: Equatable {
    /// A section's heading (or one line of it).
    case heading(String)
    /// A binding (or one line of it): its keys and what they do, each in its column.
    case binding(keys: String, summary: String)
    /// The gap between two sections.
    case blank
    /// Running text (or one line of it), as `:help` shows it.
    case text(String)
    /// A note below the text, set off in the secondary style.
    case note(String)
  }

  /// The lines, wrapped to the box.
  let lines: [Line]
  /// The width of the keys' column.
  let keysWidth: Int
  /// The width inside the box (its border and a column of margin each side aside).
  let width: Int
  /// How many lines show at once.
  let room: Int

  /// The columns between the keys and what they do.
  private static let gap = 2

  /// Lays out `sections` for an overlay in `area`: as narrow as its text allows, at most
  /// `area` less the box and a column for a scroll bar; the keys' column takes at most two
  /// fifths of that when it must.
  init(sections: [KeyBindings.Section], area: Rect, strings: Localizer) {
    let entries = Self.readable(sections, strings: strings).map { section in
      (title: section.title, bindings: section.lines.map { (keys: $0.keys, summary: $0.summary) })
    }
    let widestKeys = entries.flatMap(\.bindings).map { DisplayWidth.of($0.keys) }.max() ?? 0
    let widestSummary = entries.flatMap(\.bindings).map { DisplayWidth.of($0.summary) }.max() ?? 0
    let widestTitle = entries.map { DisplayWidth.of($0.title) }.max() ?? 0
    let natural = max(widestKeys + Self.gap + widestSummary, widestTitle)
    let available = max(area.width - 5, 1)
    let width = min(natural, available)
    let keysWidth = natural <= available ? widestKeys : min(widestKeys, max(available * 2 / 5, 1))
    let summaryWidth = max(width - keysWidth - Self.gap, 1)
    var lines: [Line] = []
    for (index, entry) in entries.enumerated() {
      if index > 0 { lines.append(.blank) }
      lines += TextWrap.lines(entry.title, width: width).map(Line.heading)
      for binding in entry.bindings {
        let keys = TextWrap.lines(binding.keys, width: keysWidth)
        let summary = TextWrap.lines(binding.summary, width: summaryWidth)
        for row in 0..<max(keys.count, summary.count) {
          lines.append(
            .binding(
              keys: keys.indices.contains(row) ? keys[row] : "",
              summary: summary.indices.contains(row) ? summary[row] : ""))
        }
      }
    }
    self.init(lines: lines, keysWidth: keysWidth, width: width, area: area)
  }

  /// Lays out `text` and a `note` under it, each wrapped between words, for an overlay in
  /// `area`: at most `maximumWidth` wide, so a wide terminal keeps lines short enough to read.
  init(text: String, note: String, area: Rect, maximumWidth: Int = 72) {
    let width = min(max(area.width - 5, 1), maximumWidth)
    let lines =
      TextWrap.lines(text, width: width).map(Line.text) + [.blank] + TextWrap.lines(note, width: width).map(Line.note)
    self.init(lines: lines, keysWidth: 0, width: width, area: area)
  }

  private init(lines: [Line], keysWidth: Int, width: Int, area: Rect) {
    self.lines = lines
    self.keysWidth = keysWidth
    self.width = width
    room = max(min(lines.count, area.height - 2), 0)
  }

  /// `sections` as help reads them, in `strings`' language: the keys named by ``KeyName``,
  /// what they do resolved. The overlay lays these out; the screen-reader view reads the same.
  static func readable(_ sections: [KeyBindings.Section], strings: Localizer) -> [KeyHelpSection] {
    sections.map { section in
      KeyHelpSection(
        title: strings(section.title),
        lines: section.bindings.map {
          KeyHelpSection.Line(keys: KeyName.label(of: $0.keys, strings: strings), summary: strings($0.summary))
        })
    }
  }

  /// Whether there are more lines than room: then a scroll bar shows beside them.
  var scrolls: Bool {
    lines.count > room
  }

  /// The largest scroll offset: the one that shows the last line at the bottom.
  var maximumOffset: Int {
    max(lines.count - room, 0)
  }

  /// Draws the overlay titled `title` into `area`, scrolled down by `offset` lines (kept
  /// within what the layout allows).
  func render(title: String, offset: Int, into canvas: inout Canvas, area: Rect, theme: Theme, strings: Localizer) {
    let first = min(max(offset, 0), maximumOffset)
    // As wide as the screen, so no row under it shows half a word (or half a styled one)
    // beside it; the bar keeps a column from the text.
    let inside = Box.draw(title: title, width: area.width, height: room + 2, in: area, into: &canvas, theme: theme)
    for (row, line) in lines.dropFirst(first).prefix(inside.height).enumerated() {
      let point = Point(column: inside.column, row: inside.row + row)
      switch line {
      case .heading(let text):
        canvas.put(text: DisplayWidth.truncate(text, to: inside.width), at: point, style: theme.title)
      case .binding(let keys, let summary):
        canvas.put(text: DisplayWidth.truncate(keys, to: inside.width), at: point, style: theme.accent)
        let column = point.column + keysWidth + Self.gap
        canvas.put(
          text: DisplayWidth.truncate(summary, to: max(inside.column + inside.width - column, 0)),
          at: Point(column: column, row: point.row), style: theme.text)
      case .text(let text):
        canvas.put(text: DisplayWidth.truncate(text, to: inside.width), at: point, style: theme.text)
      case .note(let text):
        canvas.put(text: DisplayWidth.truncate(text, to: inside.width), at: point, style: theme.dim)
      case .blank:
        break
      }
    }
    guard scrolls, inside.height > 0 else { return }
    // The bar takes the right margin, the position the bottom border: the text keeps its width.
    ScrollBar.render(
      into: &canvas, column: inside.column + inside.width, top: inside.row, rows: inside.height,
      total: lines.count, first: first, visible: room, theme: theme)
    let last = first + min(room, lines.count - first)
    let position = " " + strings(L10n.Detail.lines(first: first + 1, last: last, total: lines.count)) + " "
    let positionWidth = DisplayWidth.of(position)
    let bottom = inside.row + inside.height
    let column = inside.column + inside.width - positionWidth
    guard column > inside.column else { return }
    // Text on the border sits on the box's background, as its title does, not in its colour.
    canvas.clear(Rect(column: column, row: bottom, width: positionWidth, height: 1), style: theme.text)
    canvas.put(text: position, at: Point(column: column, row: bottom), style: theme.dim)
  }
}
