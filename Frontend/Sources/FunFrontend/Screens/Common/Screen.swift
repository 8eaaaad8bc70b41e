import FunViewModel

/// One screen of the app bound to its ViewModel: a pure function from the ViewModel's state to
/// a frame, plus the keys it understands.
///
/// Screens read their ViewModel while rendering; the app renders inside Observation tracking,
/// so any change a render read triggers the next frame. Rendering only reads: view state a
/// screen keeps between frames (focus, scroll) is observable state it owns, changed by keys,
/// so it redraws like any other change and a frame never depends on the frames before it.
/// Screens never navigate themselves: they call their ViewModel, which calls its coordinator.
///
/// Every screen type is this module's own and internal: a coordinator builds one through
/// ``Screens`` and holds it as `any Screen`, so the protocol is the whole of a screen's surface.
@MainActor
public protocol Screen: AnyObject {
  /// The title shown above the body.
  var title: String { get }

  /// Whether a text field has the focus: printable keys then edit it, and Esc leaves it.
  var isEditingText: Bool { get }

  /// Whether the screen waits for something under way (a load, a refresh, a search): the
  /// title line then shows a spinner.
  var isBusy: Bool { get }

  /// The list that `select`, `open` and `fav` act on, if the screen shows one.
  var itemList: ItemList? { get }

  /// The id of the item the screen is about or has selected, for `fav` without an id.
  var currentItemID: String? { get }

  /// The ViewModel the screen draws: what a second view of the same state reads (the
  /// screen-reader mode); `nil` for a screen that offers only ``title`` and ``itemList``.
  var boundViewModel: AnyObject? { get }

  /// Draws the body into `area` of `canvas`.
  func render(into canvas: inout Canvas, area: Rect, theme: Theme)

  /// The keys the screen takes now, for a body laid out in `area` (what `render` draws into;
  /// a page is what `area` shows), as one table: keys are dispatched through it and the help
  /// overlay lists it, so what help says and what a key does cannot drift apart. A key whose
  /// effect depends on the layout, such as scrolling, is bounded here and not while drawing.
  func keyBindings(in area: Rect) -> KeyBindings

  /// The key hints shown on the bottom line when no toast shows, for a body laid out in `area`:
  /// a screen whose keys do something only at some sizes offers them only there (Detail scrolls
  /// only a description longer than its room).
  func hints(in area: Rect) -> String

  /// Whether the undo's hint, while there is something to undo, comes first on the screen's hint
  /// line rather than just before help (where a narrow line drops it first): on a screen whose
  /// own keys make what `u` takes back (Favorites' removals). By default `false`.
  var leadsWithUndo: Bool { get }

  /// Handles a click on a region the screen marked while drawing (`Canvas.mark(_:as:)`);
  /// returns `false` when it means nothing here. By default a row of ``itemList`` is
  /// selected, and opened when it already was.
  func handleClick(on target: MouseTarget) -> Bool

  /// Gives a text field the focus, if the screen has one; returns whether it did.
  func focusTextField() -> Bool

  /// Takes the focus from the text field, if one has it: a screen that stops showing gives it
  /// up, so on coming back keys navigate instead of typing.
  func leaveTextField()

  /// Fetches again what the screen shows, as its refresh key does: the key and the script's
  /// `refresh` both call this, so they cannot go different ways. Returns `false` where the
  /// screen has nothing to refresh.
  func refresh() -> Bool
}

// Internal: only this module's screens conform, and they share these defaults.
extension Screen {
  var isEditingText: Bool { false }
  var isBusy: Bool { false }
  var itemList: ItemList? { nil }
  var currentItemID: String? { itemList?.selectedItem?.id }
  var boundViewModel: AnyObject? { nil }
  func focusTextField() -> Bool { false }
  func leaveTextField() {}
  func refresh() -> Bool { false }
  var leadsWithUndo: Bool { false }
  func handleClick(on target: MouseTarget) -> Bool {
    guard let list = itemList else { return false }
    return ItemListView.click(target, list: list)
  }
}

extension Screen {
  /// Handles a key pressed while the body is laid out in `area`, through the screen's table:
  /// the one way a screen takes a key. Returns `false` when the key means nothing here, so the
  /// caller can treat it (Esc and Backspace then go back).
  func handle(_ key: Key, in area: Rect) -> Bool {
    keyBindings(in: area).handle(key)
  }
}
