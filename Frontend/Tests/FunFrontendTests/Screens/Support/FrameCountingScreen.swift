import Observation

@testable import FunFrontend

/// A deliberately impure screen: it counts its frames in observable state while drawing and
/// shows the count, so every frame differs from the last and each one changes what the one
/// before read. ``RenderPurity`` must catch it.
@Observable
@MainActor
final class FrameCountingScreen: Screen {
  private var framesDrawn = 0

  var title: String { "Counting" }

  func hints(in _: Rect) -> String { "? help" }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    framesDrawn += 1
    canvas.put(text: "frame \(framesDrawn)", at: Point(column: area.column, row: area.row), style: theme.text)
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([])
  }
}
