import FunModel

/// What a click on a part of the frame means, recorded by the code that draws that part
/// (`Canvas.mark(_:as:)`), so hit-testing uses exactly the layout that was drawn.
public enum MouseTarget: Hashable, Sendable {
  /// A tab in the tab bar.
  case tab(Tab)
  /// Something that stands for a key: a click presses it, through the same table the key
  /// goes through, so the two never mean different things (a dialog's `[⏎ Sign out]` and
  /// `[Esc Cancel]`; the activity's name on the tab bar, which is `a`).
  case key(Key)
  /// A row of the screen's (or the sheet's) list, by its index in the list (not on screen).
  case row(Int)
  /// A card of Home's featured carousel, by its position on the page shown.
  case card(Int)
  /// A place in a form's text field, where a click puts the cursor: the field by its index in
  /// the form, the paragraph (0 in a one-line field) and the character the cursor goes before,
  /// counted in the field's text.
  case field(Int, paragraph: Int, cursor: Int)
}

extension Rect {
  /// Whether `point` is inside.
  func contains(_ point: Point) -> Bool {
    point.column >= column && point.column < column + width && point.row >= row && point.row < row + height
  }
}
