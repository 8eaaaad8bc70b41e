/// A mouse action the terminal reported (SGR mouse mode, `ESC [ < b ; x ; y M`), at a cell.
///
/// Only what Fun acts on is decoded: a press of the left button and the wheel. Releases, other
/// buttons and motion are consumed by the decoder and never reach the app, so they can never
/// arrive as stray key presses.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// The left button went down.
    case click
    /// The wheel turned away from the person: scroll up.
    case wheelUp
    /// The wheel turned toward the person: scroll down.
    case wheelDown
  }

  /// What the mouse did.
  let action: Action
  /// The cell, 0-based from the top left, as ``Canvas`` counts.
  let point: Point

  /// Creates an event at `point` (0-based).
  public init(_ action: Action, at point: Point) {
    self.action = action
    self.point = point
  }
}
