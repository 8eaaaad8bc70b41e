import FunModel
import FunViewModel

/// The tab bar line: every tab by name, the selected one in brackets (`[Home]`), from the same
/// left margin as the body. Each tab marks its cells, so a click on it selects it.
@MainActor
enum TabBarView {
  static func render(_ tabBar: TabBarViewModel, into canvas: inout Canvas, row: Int, theme: Theme) {
    // Wide terminals get two spaces between tabs. Narrow ones get one, and none beside the
    // selected tab, whose brackets already separate it: then all five tabs fit the 40-column
    // minimum after the one-column margin the body has too.
    let isNarrow = canvas.columns < 60
    var column = 1
    var previousWasSelected = false
    for (index, tab) in tabBar.tabs.enumerated() {
      let isSelected = tab == tabBar.selectedTab
      if index > 0 {
        let separator = !isNarrow ? "  " : isSelected || previousWasSelected ? "" : " "
        column = canvas.put(text: separator, at: Point(column: column, row: row), style: theme.text)
      }
      let label = isSelected ? "[\(tab.title)]" : tab.title
      let end = canvas.put(
        text: label, at: Point(column: column, row: row), style: isSelected ? theme.tabSelected : theme.dim)
      canvas.mark(Rect(column: column, row: row, width: end - column, height: 1), as: .tab(tab))
      column = end
      previousWasSelected = isSelected
    }
  }
}
