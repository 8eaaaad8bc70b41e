import FunModel
import FunViewModel

/// The activity switcher: one row per activity (its name and the tab it would show), the
/// current one marked `✓`; ↑/↓ (k/j) move, a number chooses that row, Enter chooses the
/// selected one, Esc keeps the activity.
@MainActor
final class ActivitySwitcherSheet: Sheet {
  private let viewModel: ActivitySwitcherViewModel
  private let strings: Localizer

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  init(viewModel: ActivitySwitcherViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Activity.switcherTitle) }

  var hints: String { strings(L10n.Activity.switcherHints) }

  var preferredWidth: Int {
    viewModel.rows.map { DisplayWidth.of(line(for: $0, number: 1)) }.max() ?? 0
  }

  func contentHeight(width _: Int) -> Int {
    viewModel.rows.count
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    for (index, row) in viewModel.rows.enumerated().prefix(area.height) {
      let isSelected = index == viewModel.selectedIndex
      let rowRect = Rect(column: area.column, row: area.row + index, width: area.width, height: 1)
      if isSelected {
        canvas.fill(rowRect, style: theme.selection)
      }
      canvas.put(
        text: DisplayWidth.truncate(line(for: row, number: index + 1), to: area.width),
        at: Point(column: area.column, row: rowRect.row), style: isSelected ? theme.selection : theme.text)
    }
  }

  /// `✓ 1 Explore — Home`: the mark, the number that chooses it, the name, the tab it shows.
  private func line(for row: ActivitySwitcherViewModel.Row, number: Int) -> String {
    let mark = row.isCurrent ? "✓" : " "
    let name = TextSanitizer.sanitize(strings(row.activity.name))
    return "\(mark) \(number) \(name) — \(TextSanitizer.sanitize(strings(row.tab.label)))"
  }

  func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .char("k"): viewModel.moveSelection(by: -1)
    case .down, .char("j"): viewModel.moveSelection(by: 1)
    case .char(let character):
      guard let number = character.wholeNumberValue, viewModel.rows.indices.contains(number - 1) else { return false }
      viewModel.choose(number - 1)
    default: return false
    }
    return true
  }

  func confirm() {
    viewModel.choose()
  }

  func cancel() {
    viewModel.cancel()
  }
}
