import FunModel
import FunViewModel

/// Draws a selectable list of catalog items, the body shared by Home, Search and Favorites.
///
/// Each row is `> ★ Title  subtitle`: `>` marks the selected row, `★` a favorite. The list
/// scrolls so the selected row is always visible. Every string from data is sanitised.
@MainActor
enum ItemListView {
  /// Draws `list` into `area`.
  static func render(
    _ list: any ItemListViewModel,
    into canvas: inout Canvas,
    area: Rect,
    theme: Theme
  ) {
    let items = list.listItems
    guard area.height > 0, !items.isEmpty else { return }
    let selected = min(max(list.selectedIndex, 0), items.count - 1)
    let first = max(0, min(selected - area.height / 2, items.count - area.height))
    for (offset, item) in items.dropFirst(first).prefix(area.height).enumerated() {
      let index = first + offset
      let row = area.row + offset
      let isSelected = index == selected
      let base = isSelected ? theme.selection : theme.text
      if isSelected {
        canvas.fill(Rect(column: area.column, row: row, width: area.width, height: 1), style: base)
      }
      var column = canvas.put(text: isSelected ? "> " : "  ", at: Point(column: area.column, row: row), style: base)
      let isFavorite = list.isFavorite(item.id)
      column = canvas.put(
        text: isFavorite ? "★ " : "  ",
        at: Point(column: column, row: row),
        style: isSelected || !isFavorite ? base : theme.favoriteStar
      )
      let remaining = area.column + area.width - column
      let title = TextSanitizer.sanitize(item.title)
      let titleText = DisplayWidth.truncate(title, to: max(remaining, 0))
      column = canvas.put(text: titleText, at: Point(column: column, row: row), style: base)
      let subtitleWidth = area.column + area.width - column - 2
      if subtitleWidth > 4 {
        let subtitle = DisplayWidth.truncate(TextSanitizer.sanitize(item.subtitle), to: subtitleWidth)
        canvas.put(text: subtitle, at: Point(column: column + 2, row: row), style: isSelected ? base : theme.dim)
      }
    }
  }

  /// Handles the keys every list shares; returns whether the key was one of them.
  static func handle(_ key: Key, list: any ItemListViewModel) -> Bool {
    switch key {
    case .up, .char("k"): list.moveSelectionUp()
    case .down, .char("j"): list.moveSelectionDown()
    case .home: list.select(at: 0)
    case .end: list.select(at: list.listItems.count - 1)
    case .enter: list.openSelected()
    case .char("f"): list.toggleFavoriteOfSelected()
    default: return false
    }
    return true
  }
}
