/// A screen whose keys are one ``KeyBindings`` table: ``Screen/handle(_:in:)`` dispatches
/// through it and the help overlay lists it, so what help says and what a key does cannot
/// drift apart. Every screen of this module is one; the root view asks for the table to draw
/// the help of the screen it shows.
@MainActor
protocol KeyBoundScreen: Screen {
  /// The keys the screen takes now, for a body laid out in `area` (a page is what `area`
  /// shows).
  func keyBindings(in area: Rect) -> KeyBindings

  /// The key hints for a body laid out in `area`, for a screen whose keys do something only
  /// at some sizes (Detail scrolls only a description longer than its room); by default
  /// ``Screen/hints``.
  func hints(in area: Rect) -> String

  /// Whether the undo's hint, while there is something to undo, comes first on the screen's hint
  /// line rather than just before help (where a narrow line drops it first): on a screen whose
  /// own keys make what `u` takes back (Favorites' removals). By default `false`.
  var leadsWithUndo: Bool { get }
}

extension KeyBoundScreen {
  func hints(in _: Rect) -> String { hints }

  var leadsWithUndo: Bool { false }

  func handle(_ key: Key, in area: Rect) -> Bool {
    keyBindings(in: area).handle(key)
  }
}
