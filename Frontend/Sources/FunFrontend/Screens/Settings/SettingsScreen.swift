import FunModel
import FunViewModel

/// The Settings tab: each feature toggle with its value; Space or Enter changes the selected
/// one, `x` resets them all after asking in a sheet.
@MainActor
final class SettingsScreen: Screen {
  private let viewModel: SettingsViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: SettingsViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.settings) }

  func hints(in _: Rect) -> String { strings(L10n.Settings.hints) }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    // First, as My items puts a guest's note: a change that will not last should say so
    // before it is made.
    if let note = viewModel.unsavedNote {
      TextWrap.put(strings(note), into: &canvas, area: area, row: &row, style: theme.accent)
    }
    // Values line up in one column, after the longest title; where the row is too narrow for
    // both, titles are cut, never a value.
    let valueWidth = viewModel.rows.map { DisplayWidth.of(strings($0.valueLabel)) }.max() ?? 0
    let longestTitle = viewModel.rows.map { DisplayWidth.of(strings($0.label)) }.max() ?? 0
    let titleWidth = min(longestTitle, max(area.width - 4 - valueWidth, 1))
    for (index, setting) in viewModel.rows.enumerated() {
      let isSelected = index == viewModel.selectedIndex
      let style = isSelected ? theme.selection : theme.text
      let rowRect = Rect(column: area.column, row: row, width: area.width, height: 1)
      if isSelected {
        canvas.fill(rowRect, style: style)
      }
      canvas.mark(rowRect, as: .row(index))
      let column = canvas.put(
        text: (isSelected ? "> " : "  ") + DisplayWidth.pad(strings(setting.label), to: titleWidth) + "  ",
        at: Point(column: area.column, row: row),
        style: style
      )
      canvas.put(
        text: strings(setting.valueLabel), at: Point(column: column, row: row), style: isSelected ? style : theme.accent
      )
      row += 1
    }
    // Said under the rows, where the change was made.
    if readerStartsNextTime {
      TextWrap.put(
        strings(L10n.Settings.screenReaderNextStart), into: &canvas, area: area, row: &row, style: theme.accent)
    }
    // Without colour a change of appearance shows nothing; the note says why, in every theme
    // (a frame's text never depends on its colours), so it is there when it is needed. Where
    // rows are short the gap goes first, then the reset hint (the bottom line has `x reset`).
    let note = strings(L10n.Settings.appearanceNeedsColor)
    let room = area.row + area.height - row
    let noteLines = TextWrap.lines(note, width: area.width).count
    if room >= noteLines + 2 {
      row += 1
    }
    if room >= noteLines + 1 {
      canvas.put(
        text: DisplayWidth.truncate(strings(L10n.Settings.resetHint), to: area.width),
        at: Point(column: area.column, row: row),
        style: theme.dim
      )
      row += 1
    }
    TextWrap.put(note, into: &canvas, area: area, row: &row, style: theme.dim)
  }

  /// Whether a profile's screen reader is set on: it speaks from the next start, not in this
  /// full-screen run (a guest's is never saved, which the note at the top says).
  private var readerStartsNextTime: Bool {
    viewModel.unsavedNote == nil && viewModel.toggles.usesScreenReader
  }

  /// A click selects a setting; a click on the selected one changes it, as Enter does.
  func handleClick(on target: MouseTarget) -> Bool {
    guard case .row(let index) = target, viewModel.rows.indices.contains(index) else { return false }
    if index == viewModel.selectedIndex {
      viewModel.send(.toggleSelected(.forward))
    } else {
      viewModel.send(.select(at: index))
    }
    return true
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([
      KeyBindings.Section(
        L10n.Help.sectionSettings,
        [
          .directions(back: [.up, .char("k")], forward: [.down, .char("j")], L10n.Help.move) {
            self.viewModel.send(.move(by: $0))
          },
          KeyBinding([.char(" "), .enter, .right, .char("l")], L10n.Help.nextValue) {
            self.viewModel.send(.toggleSelected(.forward))
          },
          KeyBinding([.left, .char("h")], L10n.Help.previousValue) { self.viewModel.send(.toggleSelected(.backward)) },
          KeyBinding([.char("x")], L10n.Help.reset) { self.viewModel.send(.requestReset) },
        ])
    ])
  }
}
