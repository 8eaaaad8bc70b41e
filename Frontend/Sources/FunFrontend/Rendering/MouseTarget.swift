import FunModel

/// What a click on a part of the frame means, recorded by the code that draws that part
/// (`Canvas.mark(_:as:)`), so hit-testing uses exactly the layout that was drawn.
public enum MouseTarget: Hashable, Sendable {
  /// A tab in the tab bar.
  case tab(Tab)
  /// The activity's name at the start of the tab bar: a click opens the activity switcher.
  case activitySwitcher
  /// A row of the screen's list, by its index in the list (not on screen).
  case row(Int)
  /// A card of Home's featured carousel, by its position on the page shown.
  case card(Int)
}

extension Rect {
  /// Whether `point` is inside.
  func contains(_ point: Point) -> Bool {
    point.column >= column && point.column < column + width && point.row >= row && point.row < row + height
  }
}
