import FunModel
import FunViewModel

/// The activity switcher: one row per activity (its name and the tab it would show), the
/// selected one marked `>` as in every list (so it shows without colour too), the current one
/// `✓`; ↑/↓ (k/j) move, a number chooses that row, Enter chooses the
/// selected one, Esc keeps the activity; a click selects a row, a click on the selected row
/// chooses it. Its keys are one table, as help lists them and the screen reader says them.
@MainActor
final class ActivitySwitcherSheet: Sheet {
  private let viewModel: ActivitySwitcherViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the sheet to its ViewModel; its text is resolved with `strings`.
  init(viewModel: ActivitySwitcherViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Activity.switcherTitle) }

  var hints: String { strings(L10n.Activity.switcherHints(min(viewModel.rows.count, 9))) }

  var preferredWidth: Int {
    viewModel.rows.map { DisplayWidth.of(line(for: $0, number: 1, isSelected: false)) }.max() ?? 0
  }

  func contentHeight(width _: Int, available _: Int) -> Int {
    viewModel.rows.count
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    for (index, row) in viewModel.rows.enumerated().prefix(area.height) {
      let isSelected = index == viewModel.selectedIndex
      let rowRect = Rect(column: area.column, row: area.row + index, width: area.width, height: 1)
      if isSelected {
        canvas.fill(rowRect, style: theme.selection)
      }
      canvas.mark(rowRect, as: .row(index))
      canvas.put(
        text: DisplayWidth.truncate(line(for: row, number: index + 1, isSelected: isSelected), to: area.width),
        at: Point(column: area.column, row: rowRect.row), style: isSelected ? theme.selection : theme.text)
    }
  }

  /// `> ✓ 1 Explore — Home`: the selection's mark, the current one's, the number that chooses
  /// it, the name, the tab it shows.
  private func line(for row: ActivitySwitcherViewModel.Row, number: Int, isSelected: Bool) -> String {
    let mark = row.isCurrent ? "✓" : " "
    let name = TextSanitizer.sanitize(strings(row.activity.name))
    return "\(isSelected ? ">" : " ") \(mark) \(number) \(name) — \(TextSanitizer.sanitize(strings(row.tab.label)))"
  }

  /// As in every list: a click selects a row, a click on the selected row chooses it.
  func handleClick(on target: MouseTarget) -> Bool {
    guard case .row(let index) = target, viewModel.rows.indices.contains(index) else { return false }
    if index == viewModel.selectedIndex {
      viewModel.send(.choose(index))
    } else {
      viewModel.send(.select(at: index))
    }
    return true
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    let count = viewModel.rows.count
    return KeyBindings([
      KeyBindings.Section(
        L10n.Help.sectionActivities, id: .activitySwitcher,
        [
          // Bound here, not left to the dialog's "confirm": help and the screen reader say
          // what Enter does in this sheet, as its hints do.
          KeyBinding([.enter], L10n.Help.openActivity) { self.confirm() },
          .directions(back: [.up, .char("k")], forward: [.down, .char("j")], L10n.Help.move) {
            self.viewModel.send(.move(by: $0))
          },
          // One key per row, derived from the rows: as many as there are activities (up to 9).
          KeyBinding((1...min(max(count, 1), 9)).map { Key.char(Character(String($0))) }, L10n.Help.chooseActivity) {
            key in
            if case .char(let character) = key, let number = character.wholeNumberValue {
              self.viewModel.send(.choose(number - 1))
            }
          },
        ])
    ])
  }

  func confirm() {
    viewModel.send(.choose(nil))
  }

  func cancel() {
    viewModel.send(.cancel)
  }
}
