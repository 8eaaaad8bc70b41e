import FunModel
import FunViewModel

/// The `?` overlay: the keys of what is on screen (the screen or the sheet, then the ones that
/// act everywhere), written from the very ``KeyBindings`` tables that dispatch them, in an opaque
/// ``Box`` as wide as the screen. The `:` line's `:help` shows its list of commands in the same
/// box, so every long text over a screen scrolls the same way.
///
/// Each binding is one block: its keys (named by ``KeyName``) in one column, what they do in the
/// next, both aligned by display width, so the columns line up in every language and no
/// string table holds padding. Where the text is too long for its column, its further lines
/// stay in that column, under its first. Keys wider than their column (at most two fifths of
/// the box, when the text must wrap) take a line of their own, their text below it in its
/// column (a label wider than the whole box wraps, its further lines indented). So only a
/// binding's first line starts at the left edge: at 40 columns as at 80, a reader sees where
/// each binding begins, and never pairs one binding's wrapped keys with another line's words.
/// Help longer than its room scrolls (↑/↓, PgUp/PgDn, Home/End) with a scroll bar and its
/// position on the bottom border, so no key is ever hidden, at 40x12 included.
@MainActor
struct HelpOverlay {
  /// One line of the overlay.
  enum Line: Equatable {
    /// A section's heading (or one line of it).
    case heading(String)
    /// A binding (or one line of it): its keys and what they do, each in its column. A
    /// binding's first line has its keys (alone, when they are wider than their column); the
    /// lines after it have none, or an indented rest of keys wider than the box.
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
  /// `area` less the box and a column for a scroll bar. Where that is too narrow for every
  /// binding on one line, the keys' column takes at most two fifths of it: as wide as the
  /// widest label that fits there, the wider ones on lines of their own.
  init(sections: [KeyBindings.Section], area: Rect, strings: Localizer) {
    let entries = Self.readable(sections, strings: strings)
    let keyWidths = entries.flatMap(\.lines).map { DisplayWidth.of($0.keys) }
    let widestKeys = keyWidths.max() ?? 0
    let widestSummary = entries.flatMap(\.lines).map { DisplayWidth.of($0.summary) }.max() ?? 0
    let widestTitle = entries.map { DisplayWidth.of($0.title) }.max() ?? 0
    let natural = max(widestKeys + Self.gap + widestSummary, widestTitle)
    let available = max(area.width - 5, 1)
    let width = min(natural, available)
    let keysWidth: Int
    if natural <= available {
      keysWidth = widestKeys
    } else {
      let limit = max(available * 2 / 5, 1)
      keysWidth = keyWidths.filter { $0 <= limit }.max() ?? limit
    }
    var lines: [Line] = []
    for (index, entry) in entries.enumerated() {
      if index > 0 { lines.append(.blank) }
      lines += TextWrap.lines(entry.title, width: width).map(Line.heading)
      for binding in entry.lines {
        lines += Self.block(of: binding, keysWidth: keysWidth, width: width)
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

  /// The lines of one binding, `width` columns wide with a keys' column of `keysWidth`: the
  /// keys beside the first line of the text where they fit their column, else on their own
  /// line(s) above it; the text always in its column.
  private static func block(of binding: KeyHelpSection.Line, keysWidth: Int, width: Int) -> [Line] {
    let summary = TextWrap.lines(binding.summary, width: max(width - keysWidth - gap, 1))
    guard DisplayWidth.of(binding.keys) > keysWidth else {
      let first = Line.binding(keys: binding.keys, summary: summary.first ?? "")
      return [first] + summary.dropFirst().map { .binding(keys: "", summary: $0) }
    }
    // Indented, the rest of a label wider than the box cannot be read as another binding's.
    let indent = String(repeating: " ", count: gap)
    let keys = TextWrap.lines(binding.keys, width: max(width - gap, 1)).enumerated().map { row, line in
      Line.binding(keys: row == 0 ? line : indent + line, summary: "")
    }
    return keys + summary.map { .binding(keys: "", summary: $0) }
  }

  /// `sections` as help reads them, in `strings`' language: the keys named by ``KeyName``,
  /// what they do resolved. The overlay lays these out; the screen-reader view reads the same.
  static func readable(_ sections: [KeyBindings.Section], strings: Localizer) -> [KeyHelpSection] {
    sections.map { section in
      KeyHelpSection(
        id: section.id,
        title: strings(section.title),
        lines: section.bindings.map {
          KeyHelpSection.Line(
            keys: KeyName.label(of: $0.keys, strings: strings), spokenKeys: KeyName.said($0.keys, strings: strings),
            summary: strings($0.summary))
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
