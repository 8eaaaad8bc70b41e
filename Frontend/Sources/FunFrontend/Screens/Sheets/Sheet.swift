import FunModel

/// A modal sheet over the current screen, as a coordinator presents it: opaque, and it takes
/// the keys while shown.
///
/// The root view draws it in a box over the screen (which does not change under it) and routes
/// the keys: Esc calls ``cancel()``, Enter ``confirm()``, Tab and Shift-Tab move between
/// fields, Ctrl-C still quits, and every other key goes through the sheet's own table
/// (``keyBindings(in:)``), which comes first. It is modal to the mouse too: only what the sheet
/// marks while drawing takes a click (a dialog's buttons, the switcher's rows); a click anywhere
/// else does nothing. Like a screen, its `render` only reads.
///
/// Every sheet type is this module's own and internal: a coordinator builds one through
/// ``Sheets`` and presents it as `any Sheet`.
@MainActor
public protocol Sheet: AnyObject {
  /// The question or task, in the box's top border.
  var title: String { get }

  /// The key hints shown on the bottom line while the sheet is up.
  var hints: String { get }

  /// The width of content the sheet would like, inside its box.
  var preferredWidth: Int { get }

  /// Whether a text field has the focus (script mode's `type` needs one).
  var isEditingText: Bool { get }

  /// Whether quitting now would lose what was typed: a form's fields hold what it did not open
  /// with.
  var hasUnsavedChanges: Bool { get }

  /// The ViewModel the sheet draws, for a second view of the same state (the screen-reader
  /// mode reads it); `nil` for a sheet that offers only ``title``.
  var boundViewModel: AnyObject? { get }

  /// How many lines of content the sheet draws at `width` columns when at most `available` are
  /// free: its box is made that tall (and never taller than `available`), so a sheet that lays
  /// itself out differently where room is short says here how tall that layout is.
  func contentHeight(width: Int, available: Int) -> Int

  /// Draws the content into `area`, inside the box.
  func render(into canvas: inout Canvas, area: Rect, theme: Theme)

  /// The sheet's own keys now, its focused field (if any) first, as it is drawn in `area`
  /// (inside its box), as a screen's keys are (``Screen/keyBindings(in:)``): keys are dispatched
  /// through it and the help overlay lists it. A key it binds (Enter in a form's description)
  /// means what the sheet says rather than what the dialog's keys would; a sheet with no keys
  /// beyond those (a question) gives an empty table.
  func keyBindings(in area: Rect) -> KeyBindings

  /// Handles a click on a region the sheet marked while drawing (`Canvas.mark(_:as:)`);
  /// returns `false` when it means nothing here. A region marked ``MouseTarget/key(_:)`` never
  /// gets here: the root view presses its key. By default `false`.
  func handleClick(on target: MouseTarget) -> Bool

  /// What Enter does outside the sheet's own keys, as help and the reader name it: a sheet
  /// whose Enter does one thing (saves) says so rather than "confirm", the default.
  var confirmSummary: LocalizedText { get }

  /// Enter: does what the sheet is for (and closes it, unless its input is refused).
  func confirm()

  /// Esc: closes the sheet, changing nothing (a form with unsaved changes first asks for a
  /// second Esc).
  func cancel()

  /// Tab: the next field.
  func focusNextField()

  /// Shift-Tab: the previous field.
  func focusPreviousField()
}

// Internal: only this module's sheets conform, and they share these defaults.
extension Sheet {
  var isEditingText: Bool { false }
  var hasUnsavedChanges: Bool { false }
  var boundViewModel: AnyObject? { nil }
  func handleClick(on _: MouseTarget) -> Bool { false }
  var confirmSummary: LocalizedText { L10n.Help.confirm }
  func focusNextField() {}
  func focusPreviousField() {}
}
