import FunModel
import FunViewModel

/// The tab bar line: the activity's name, then each of its tabs by name, the selected one in
/// brackets (`Explore · [Home]  Search …`), from the same left margin as the body. Each tab marks
/// the cells it is drawn in, so a click on it selects it; a click on the activity's name opens
/// the activity switcher.
///
/// Names come from the language the root view is given. Where they do not all fit (at 40
/// columns even English's do not, after the activity's name; German's take 61), the narrow form keeps the selected name whole and
/// cuts the others to one width, each ending in `…`; only if that is not enough is the selected
/// one cut too. Tabs never overlap and never run off the line.
@MainActor
enum TabBarView {
  static func render(_ tabBar: TabBarViewModel, into canvas: inout Canvas, row: Int, theme: Theme, strings: Localizer) {
    // Wide terminals get two spaces between tabs. Narrow ones get one, and, when the names do
    // not fit whole that way, none beside the selected tab, whose brackets already separate it,
    // so as many names as possible stay whole before any is cut.
    // The activity's name stays whole: it says which tab set the numbers select in.
    let activity = TextSanitizer.sanitize(strings(tabBar.activity.name))
    let nameEnd = canvas.put(text: activity, at: Point(column: 1, row: row), style: theme.accent)
    // A click on the name is `a`: it opens the activity switcher.
    canvas.mark(Rect(column: 1, row: row, width: nameEnd - 1, height: 1), as: .key(.char("a")))
    let margin = canvas.put(text: " · ", at: Point(column: nameEnd, row: row), style: theme.dim)
    let names = tabBar.tabs.map { TextSanitizer.sanitize(strings($0.label)) }
    let selected = tabBar.tabs.firstIndex(of: tabBar.selectedTab)
    let gaps = 1..<max(names.count, 1)
    let wholeWidth = names.map { DisplayWidth.of($0) }.reduce(selected == nil ? 0 : 2, +) + margin
    let separators: [String] =
      if canvas.columns >= 60 {
        gaps.map { _ in "  " }
      } else if wholeWidth + gaps.count <= canvas.columns {
        gaps.map { _ in " " }
      } else {
        gaps.map { index in index == selected || index - 1 == selected ? "" : " " }
      }
    let labels = fitted(
      names, selected: selected, width: canvas.columns - margin,
      fixed: (selected == nil ? 0 : 2) + separators.map { DisplayWidth.of($0) }.reduce(0, +))
    var column = margin
    for (index, tab) in tabBar.tabs.enumerated() {
      if index > 0 {
        column = canvas.put(text: separators[index - 1], at: Point(column: column, row: row), style: theme.text)
      }
      let isSelected = index == selected
      let label = isSelected ? "[\(labels[index])]" : labels[index]
      let end = canvas.put(
        text: label, at: Point(column: column, row: row), style: isSelected ? theme.tabSelected : theme.dim)
      // The region is what was drawn: a cut name is clickable only where it shows.
      canvas.mark(Rect(column: column, row: row, width: end - column, height: 1), as: .tab(tab))
      column = end
    }
  }

  /// `names` cut so that they and `fixed` columns (brackets, separators) fit `width`: the
  /// widest cut that fits for every name but the selected one, then, if needed, the selected
  /// one too.
  static func fitted(_ names: [String], selected: Int?, width: Int, fixed: Int) -> [String] {
    func total(_ labels: [String]) -> Int { labels.map { DisplayWidth.of($0) }.reduce(fixed, +) }
    guard total(names) > width else { return names }
    let longest = names.map { DisplayWidth.of($0) }.max() ?? 0
    for limit in stride(from: longest, through: 2, by: -1) {
      let labels = names.enumerated().map { index, name in
        index == selected ? name : DisplayWidth.truncate(name, to: limit)
      }
      if total(labels) <= width { return labels }
    }
    for limit in stride(from: longest, through: 1, by: -1) {
      let labels = names.map { DisplayWidth.truncate($0, to: limit) }
      if total(labels) <= width { return labels }
    }
    return names.map { DisplayWidth.truncate($0, to: 1) }
  }
}
