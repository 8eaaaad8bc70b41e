@testable import FunFrontend

/// A screen that draws over the whole canvas, not just its area, in every attribute and two
/// loud colours: what an overlay must hide completely.
@MainActor
final class LoudScreen: Screen {
  static let style = Style(
    foreground: .brightRed, background: .yellow, bold: true, dim: true, inverse: true, underline: true)

  // Help's title names the screen: the same name as BlankScreen's, so help looks the same over both.
  var title: String { "Screen" }
  func hints(in _: Rect) -> String { "" }

  func render(into canvas: inout Canvas, area _: Rect, theme _: Theme) {
    canvas.fill(Rect(column: 0, row: 0, width: canvas.columns, height: canvas.rows), with: "#", style: Self.style)
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([])
  }
}

/// A screen that draws nothing: the background an overlay is compared against.
@MainActor
final class BlankScreen: Screen {
  var title: String { "Screen" }
  func hints(in _: Rect) -> String { "" }

  func render(into _: inout Canvas, area _: Rect, theme _: Theme) {}

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([])
  }
}
