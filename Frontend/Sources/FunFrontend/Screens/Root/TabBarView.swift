import FunModel
import FunViewModel

/// The tab bar line: the activity's name, then each of its tabs by name, the selected one in
/// brackets (`Explore · [Home]  Search …`), from the same left margin as the body. Each tab marks
/// the cells it is drawn in, so a click on it selects it; a click on the activity's name opens
/// the activity switcher.
///
/// Names come from the language the root view is given. Where they do not all fit (at 40
/// columns even English's do not, after the activity's name; German's take 61), tabs stay one
/// space apart and every name stays one a person can tell from the others:
/// 1. the selected name whole, the others cut to one width (`Sear…`), none shorter than its
///    shortest prefix no other tab's name starts with, plus `…` (`Sta…` and `Suc…`, never two
///    `S…`); cells left over widen the cut names from the front, one each;
/// 2. if that does not fit, the selected name is cut as well, never more than the others;
/// 3. if even the shortest prefixes do not fit, each other tab shows its number key
///    (`1 2 3 4 [Einstellungen]`), the selected one as much of its name as is left.
/// Tabs never overlap; a tab bar that does not fit even as numbers is cut at the line's end.
@MainActor
enum TabBarView {
  static func render(_ tabBar: TabBarViewModel, into canvas: inout Canvas, row: Int, theme: Theme, strings: Localizer) {
    // The activity's name stays whole: it says which tab set the numbers select in.
    let activity = TextSanitizer.sanitize(strings(tabBar.activity.name))
    let nameEnd = canvas.put(text: activity, at: Point(column: 1, row: row), style: theme.accent)
    // A click on the name is `a`: it opens the activity switcher.
    canvas.mark(Rect(column: 1, row: row, width: nameEnd - 1, height: 1), as: .key(.char("a")))
    let margin = canvas.put(text: " · ", at: Point(column: nameEnd, row: row), style: theme.dim)
    let names = tabBar.tabs.map { TextSanitizer.sanitize(strings($0.label)) }
    let selected = tabBar.tabs.firstIndex(of: tabBar.selectedTab)
    // Wide terminals get two spaces between tabs, narrow ones one: a tab's brackets alone do
    // not set it apart from its neighbour's letters (`[Home]Sear…`).
    let separator = canvas.columns >= 60 ? "  " : " "
    let labels = fitted(
      names, selected: selected, width: canvas.columns - margin,
      fixed: (selected == nil ? 0 : 2) + separator.count * max(names.count - 1, 0))
    var column = margin
    for (index, tab) in tabBar.tabs.enumerated() {
      if index > 0 {
        column = canvas.put(text: separator, at: Point(column: column, row: row), style: theme.text)
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

  /// The labels for `names` that, with `fixed` columns (brackets, separators), fit `width`,
  /// chosen as the type's comment says; the number keys even where those do not fit.
  static func fitted(_ names: [String], selected: Int?, width: Int, fixed: Int) -> [String] {
    let room = width - fixed
    func total(_ labels: [String]) -> Int { labels.map { DisplayWidth.of($0) }.reduce(0, +) }
    guard total(names) > room else { return names }
    let shortest = names.indices.map { shortestDistinctWidth(of: $0, in: names) }
    func cut(_ index: Int, to limit: Int) -> String {
      DisplayWidth.truncate(names[index], to: max(limit, shortest[index]))
    }
    let others = names.indices.filter { $0 != selected }
    let limits = Array(stride(from: names.map { DisplayWidth.of($0) }.max() ?? 0, through: 1, by: -1))
    for limit in limits {
      var labels = names.indices.map { $0 == selected ? names[$0] : cut($0, to: limit) }
      guard total(labels) <= room else { continue }
      for index in others {
        let wider = cut(index, to: limit + 1)
        if total(labels) - DisplayWidth.of(labels[index]) + DisplayWidth.of(wider) <= room { labels[index] = wider }
      }
      return labels
    }
    if let selected {
      for limit in limits {
        var labels = names.indices.map { cut($0, to: limit) }
        let left = room - total(labels) + DisplayWidth.of(labels[selected])
        guard left >= DisplayWidth.of(labels[selected]) else { continue }
        labels[selected] = DisplayWidth.truncate(names[selected], to: left)
        return labels
      }
    }
    var numbers = names.indices.map { String($0 + 1) }
    if let selected {
      let left = room - total(numbers) + DisplayWidth.of(numbers[selected])
      if left >= shortest[selected] { numbers[selected] = DisplayWidth.truncate(names[selected], to: left) }
    }
    return numbers
  }

  /// The width of the shortest label that still tells `names[index]` from the others: its
  /// shortest prefix no other name starts with (ignoring case, as `S` and `s` look alike at a
  /// glance) and `…`, or the whole name where that is no wider.
  static func shortestDistinctWidth(of index: Int, in names: [String]) -> Int {
    let name = Array(names[index].lowercased())
    let others = names.indices.filter { $0 != index }.map { Array(names[$0].lowercased()) }
    var length = 1
    while length < name.count, others.contains(where: { $0.starts(with: name.prefix(length)) }) { length += 1 }
    let whole = DisplayWidth.of(names[index])
    guard length < name.count else { return whole }
    return min(whole, DisplayWidth.of(String(names[index].prefix(length))) + DisplayWidth.of("…"))
  }
}
