import FunModel
import FunViewModel

/// The tab bar line: every tab by name, the selected one in brackets (`[Home]`).
///
/// Names come from the language the root view is given. Where they do not all fit (German's
/// take 49 columns, the pseudo-locale's more), the narrow form keeps the selected name whole and
/// cuts the others to one width, each ending in `…`; only if that is not enough is the selected
/// one cut too. Tabs never overlap and never run off the line.
@MainActor
enum TabBarView {
  static func render(_ tabBar: TabBarViewModel, into canvas: inout Canvas, row: Int, theme: Theme, strings: Localizer) {
    // Single spaces fit all five tabs in the 40-column minimum; wider terminals get room.
    let separator = canvas.columns >= 60 ? "  " : " "
    var column = canvas.columns >= 60 ? 1 : 0
    let names = tabBar.tabs.map { TextSanitizer.sanitize(strings($0.label)) }
    let selected = tabBar.tabs.firstIndex(of: tabBar.selectedTab)
    let labels = fitted(
      names, selected: selected, width: canvas.columns - column,
      fixed: 2 + DisplayWidth.of(separator) * max(names.count - 1, 0))
    for (index, tab) in tabBar.tabs.enumerated() {
      if index > 0 {
        column = canvas.put(text: separator, at: Point(column: column, row: row), style: theme.text)
      }
      let isSelected = tab == tabBar.selectedTab
      let label = isSelected ? "[\(labels[index])]" : labels[index]
      column = canvas.put(
        text: label, at: Point(column: column, row: row), style: isSelected ? theme.tabSelected : theme.dim)
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
