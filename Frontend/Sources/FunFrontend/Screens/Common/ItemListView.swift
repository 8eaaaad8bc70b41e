import FunModel
import FunViewModel

/// Draws an ``/FunViewModel/ItemList``, the body shared by Home, Search, Favorites and My items, and
/// lists its keys and handles its clicks.
///
/// Each row is `> ★ Title  subtitle`: `>` marks the selected row, `★` a favorite, and
/// `yours · ` before the subtitle (`yours` alone without one) one of your own items (in the
/// list's language); a saved favorite the catalog lacks shows its id as its title and
/// ``/FunViewModel/ItemList/missingNote(for:)`` as its subtitle. Titles sit
/// in a column as wide as the visible rows' longest title (capped at half the row), so every
/// subtitle starts at the same column. The list shows the page the selected row is on
/// (``ScrollBar/firstVisible(selected:visible:total:)``); when it is longer than its room a scroll bar
/// takes the last column, and the screen shows
/// ``renderPosition(of:into:row:area:after:strings:theme:)`` on its header line. Every
/// string from data is sanitised. Each row marks its cells (``MouseTarget/row(_:)``), so a
/// click selects it and a second click opens it (``click(_:list:)``).
@MainActor
enum ItemListView {
  /// Draws `list` into `area`, its marks in `strings`' language; with `showsSelection` off (the
  /// focus is elsewhere on the screen) the selected row looks like any other.
  static func render(
    _ list: ItemList,
    into canvas: inout Canvas,
    area: Rect,
    theme: Theme,
    strings: Localizer,
    highlighting query: String? = nil,
    showsSelection: Bool = true
  ) {
    let items = list.rows
    guard area.height > 0, !items.isEmpty else { return }
    let selected = list.selectedIndex
    let first = ScrollBar.firstVisible(selected: selected, visible: area.height, total: items.count)
    let scrolls = items.count > area.height
    // A column of gap before the scroll bar, so a cut subtitle's "…" never touches it.
    let rowWidth = scrolls ? area.width - 2 : area.width
    let visibleItems = items.dropFirst(first).prefix(area.height)
    // Sanitised once a row: the column width and the drawing both need the titles.
    let titles = visibleItems.map { TextSanitizer.sanitize($0.title) }
    let titleWidth = titleColumnWidth(of: titles, rowWidth: rowWidth)
    let yoursMark = strings(L10n.MyItems.yours)
    for (offset, (item, title)) in zip(visibleItems, titles).enumerated() {
      let index = first + offset
      let row = area.row + offset
      let isSelected = showsSelection && index == selected
      let base = isSelected ? theme.selection : theme.text
      let rowRect = Rect(column: area.column, row: row, width: rowWidth, height: 1)
      if isSelected {
        canvas.fill(rowRect, style: base)
      }
      canvas.mark(rowRect, as: .row(index))
      var column = canvas.put(text: isSelected ? "> " : "  ", at: Point(column: area.column, row: row), style: base)
      let isFavorite = list.isFavorite(item.id)
      column = canvas.put(
        text: isFavorite ? "★ " : "  ",
        at: Point(column: column, row: row),
        style: isSelected || !isFavorite ? base : theme.favoriteStar
      )
      // A match is underlined on the selected row (a colour there could fight the selection's)
      // and in the accent elsewhere.
      var match = isSelected ? base : theme.accent
      if isSelected { match.underline = true }
      put(
        DisplayWidth.truncate(title, to: titleWidth), matching: query, at: Point(column: column, row: row),
        style: base, match: match, into: &canvas)
      column += titleWidth + Self.gap
      // A row the catalog lacks has no subtitle of its own: the list says why in its place.
      let note = list.missingNote(for: item).map { strings($0) }
      let subtitle = note ?? TextSanitizer.sanitize(item.subtitle)
      if list.isOwn(item.id), area.column + rowWidth - column > 4 {
        // The word alone in the accent: a theme that underlines it must not underline the gap.
        let mark = DisplayWidth.truncate(yoursMark, to: area.column + rowWidth - column)
        column = canvas.put(text: mark, at: Point(column: column, row: row), style: isSelected ? base : theme.accent)
        // The separator only between two things: an item without a subtitle ends at the mark.
        if !subtitle.isEmpty {
          column = canvas.put(text: " · ", at: Point(column: column, row: row), style: isSelected ? base : theme.dim)
        }
      }
      let subtitleWidth = area.column + rowWidth - column
      if subtitleWidth > 4 {
        put(
          DisplayWidth.truncate(subtitle, to: subtitleWidth), matching: query, at: Point(column: column, row: row),
          style: isSelected ? base : theme.dim, match: match, into: &canvas)
      }
    }
    ScrollBar.render(
      into: &canvas, column: area.column + area.width - 1, top: area.row, rows: area.height, total: items.count,
      first: first, visible: area.height, theme: theme)
  }

  /// Draws `text` at `point` in `style`, the characters that match `query` (as the search
  /// matches: folded) in `match`; spaces inside a match stay plain, so an underline is only
  /// ever under words.
  private static func put(
    _ text: String, matching query: String?, at point: Point, style: Style, match: Style, into canvas: inout Canvas
  ) {
    let matched = query.map { MatchHighlight.matchedCharacters(of: $0, in: text) } ?? []
    guard !matched.isEmpty else {
      canvas.put(text: text, at: point, style: style)
      return
    }
    var column = point.column
    for (offset, character) in text.enumerated() {
      let isMatch = matched.contains(offset) && character != " "
      column = canvas.put(
        text: String(character), at: Point(column: column, row: point.row), style: isMatch ? match : style)
    }
  }

  /// The room a row's marks (`> ★ `) take before its title.
  private static let marksWidth = 4
  /// The gap between the title column and the subtitles.
  private static let gap = 2

  /// How wide the title column is for rows of `rowWidth` showing `titles`: the longest title,
  /// but at most three fifths of the room after the marks, so subtitles keep the rest. When a
  /// subtitle would have no useful room left, titles take the whole row.
  static func titleColumnWidth(of titles: [String], rowWidth: Int) -> Int {
    let room = max(rowWidth - marksWidth, 0)
    // The column is at most `room` wide: a longer title is not measured to its end.
    let longest = titles.map { DisplayWidth.of($0, upTo: room) }.max() ?? 0
    let column = min(longest, room * 3 / 5)
    return room - column - gap > 4 ? column : room
  }

  /// Draws where the selection is, `12/37` (`1/1,000,000`, as the heading counts), at the end
  /// of the screen's header line: `row` of `area`, if it fits after `after` (the column where
  /// the line's own text ends) with two columns to spare. Nothing for an empty list. Every list
  /// tab's header says it here; what the line says before it is the screen's own.
  static func renderPosition(
    of list: ItemList, into canvas: inout Canvas, row: Int, area: Rect, after: Int, strings: Localizer, theme: Theme
  ) {
    let count = list.rows.count
    guard count > 0 else { return }
    ScrollBar.renderPosition(
      strings.position(list.selectedIndex + 1, of: count), into: &canvas, row: row, area: area, after: after,
      theme: theme)
  }

  /// Handles a click on every list's rows: the first selects the row, a click on the selected
  /// row opens it. Returns whether the target was a row.
  static func click(_ target: MouseTarget, list: ItemList) -> Bool {
    guard case .row(let index) = target, list.rows.indices.contains(index) else { return false }
    if index == list.selectedIndex {
      list.send(.openSelected)
    } else {
      list.send(.select(at: index))
    }
    return true
  }

  /// The keys every list shares, for a list shown `rows` rows high (a page), less the keys of
  /// `own`: the screen's bindings that give a list key a meaning of their own (Home's ↑ on the
  /// first row going up to the cards, Favorites' `f` removing, My items' Enter editing). The
  /// screen places `own` in its table where help reads best; a key is listed and bound once.
  /// None for a list without rows (``rowKeys(_:of:)``).
  static func keyBindings(list: ItemList, rows: Int, besides own: [KeyBinding] = []) -> [KeyBinding] {
    let page = max(rows, 1)
    let shared: [KeyBinding] = [
      .directions(back: [.up, .char("k")], forward: [.down, .char("j")], L10n.Help.move) {
        list.send(.move(by: $0))
      },
      .directions(back: [.pageUp], forward: [.pageDown], L10n.Help.page) { list.send(.move(by: $0 * page)) },
      .directions(back: [.home], forward: [.end], L10n.Help.ends) { direction in
        list.send(.select(at: direction < 0 ? 0 : list.rows.count - 1))
      },
      KeyBinding([.enter], L10n.Help.open) { list.send(.openSelected) },
      KeyBinding([.char("f")], L10n.Help.favorite) { list.send(.toggleFavoriteOfSelected) },
    ]
    let taken = Set(own.flatMap(\.keys))
    return rowKeys(shared.compactMap { binding in binding.dropping(taken.contains) }, of: list)
  }

  /// `bindings`, keys that act on a row of `list`, while it has rows; none while it is empty or
  /// its status stands in for them (``ItemList/rows``). Bound there they would do nothing, and
  /// help, written from the table, would offer keys the hint line rightly leaves out. A screen
  /// passes its own row keys (remove, edit, delete) through here too: one rule for every list.
  static func rowKeys(_ bindings: [KeyBinding], of list: ItemList) -> [KeyBinding] {
    list.rows.isEmpty ? [] : bindings
  }
}
