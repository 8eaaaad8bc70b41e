import FunModel
import FunViewModel

/// The tab bar line: every tab by name, the selected one in brackets (`[Home]`).
@MainActor
enum TabBarView {
  static func render(_ tabBar: TabBarViewModel, into canvas: inout Canvas, row: Int, theme: Theme) {
    // Single spaces fit all five tabs in the 40-column minimum; wider terminals get room.
    let separator = canvas.columns >= 60 ? "  " : " "
    var column = canvas.columns >= 60 ? 1 : 0
    for (index, tab) in tabBar.tabs.enumerated() {
      if index > 0 {
        column = canvas.put(text: separator, at: Point(column: column, row: row), style: theme.text)
      }
      let isSelected = tab == tabBar.selectedTab
      let label = isSelected ? "[\(tab.title)]" : tab.title
      column = canvas.put(
        text: label, at: Point(column: column, row: row), style: isSelected ? theme.tabSelected : theme.dim)
    }
  }
}
