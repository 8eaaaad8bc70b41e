/// A screen whose keys are one ``KeyBindings`` table: ``Screen/handle(_:in:)`` dispatches
/// through it and the help overlay lists it, so what help says and what a key does cannot
/// drift apart. Every screen of this module is one; the root view asks for the table to draw
/// the help of the screen it shows.
@MainActor
protocol KeyBoundScreen: Screen {
  /// The keys the screen takes now, for a body laid out in `area` (a page is what `area`
  /// shows).
  func keyBindings(in area: Rect) -> KeyBindings
}

extension KeyBoundScreen {
  func handle(_ key: Key, in area: Rect) -> Bool {
    keyBindings(in: area).handle(key)
  }
}
