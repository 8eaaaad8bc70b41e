import FunModel
import Observation

@testable import FunFrontend

/// A deliberately impure screen in the shape Detail had: while drawing it records, in a private
/// `var` Observation cannot see, the last line ↓ may reach, and ↓ stops there. Two frames of the
/// same state are equal, so only ``RenderPurity/keysDependOnFrames`` can catch it: before a
/// frame, ↓ goes nowhere.
@Observable
@MainActor
final class LayoutRecordingScreen: Screen {
  private var line = 0
  @ObservationIgnored private var lastLine = 0

  var title: String { "Recording" }

  func hints(in _: Rect) -> String { "↑↓ scroll  ? help" }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    lastLine = area.height - 1
    canvas.put(text: "line \(line)", at: Point(column: area.column, row: area.row), style: theme.text)
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([
      KeyBindings.Section(
        L10n.Help.sectionList, [KeyBinding([.down], L10n.Help.scroll) { [self] in line = min(line + 1, lastLine) }])
    ])
  }
}
