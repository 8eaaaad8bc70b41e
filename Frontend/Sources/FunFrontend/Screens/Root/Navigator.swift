import FunModel
import FunViewModel

/// What the root view needs from navigation: the screen to show, a way back, the session
/// around them, and the theme to draw them in. The Coordinator layer implements it.
@MainActor
public protocol Navigator: AnyObject {
  /// The screen to show: the top of the selected tab's stack, or the sign-in screen.
  var currentScreen: any Screen { get }

  /// The titles of the selected tab's stack, root first, for the title line.
  var breadcrumb: [String] { get }

  /// The tab bar while someone is signed in; `nil` on the sign-in screen, which has none (the
  /// tab keys then do nothing).
  var tabBar: TabBarViewModel? { get }

  /// Whether ``undo()`` has something to take back: `u` acts, and its hint and help line show,
  /// only then. `false` on the sign-in screen.
  var canUndo: Bool { get }

  /// Who is signed in (a profile's name, or `Guest`), shown at the end of the title line;
  /// `nil` when nobody is.
  var sessionName: String? { get }

  /// Whether saved state (favorites, settings) is being written: the title line's spinner
  /// turns meanwhile, as it does while a screen is busy.
  var isSaving: Bool { get }

  /// The sheet presented over the screen, if any: it takes the keys while shown.
  var sheet: (any Sheet)? { get }

  /// What the sheet's box says under its content for as long as something waits for the sheet
  /// to close (links that open then); `nil` while nothing does. Read while rendering, so it
  /// comes and goes with what it says.
  var sheetNotice: LocalizedText? { get }

  /// The theme every frame is drawn in: the appearance the feature toggles choose, on what the
  /// terminal allows. Read while rendering, so a change redraws.
  var theme: Theme { get }

  /// Whether ``goBack()`` has a screen to pop: Esc and Backspace go back, and help lists them,
  /// only then. `false` at a tab's root and on the sign-in screen.
  var canGoBack: Bool { get }

  /// Pops the selected tab's stack; returns `false` when it is already at its root.
  func goBack() -> Bool

  /// Changes which tab shows, as `action` asks of the tab bar: the one way the keys, a click, a
  /// script, a link and a screen's own "go to" do it. The screen that showed gives up its
  /// field's focus first, so on coming back keys navigate instead of typing; selecting the tab
  /// already selected takes it back to its root, as tapping a selected tab does. Does nothing
  /// while nobody is signed in.
  func switchTabs(_ action: TabBarViewModel.Action)

  /// Presents the activity switcher as a sheet, the field of the screen under it left (a
  /// switch would hide it); does nothing while nobody is signed in.
  func showActivitySwitcher()

  /// Shows the search tab at its first screen, its field focused for a query (what `/` asks
  /// for); does nothing while nobody is signed in.
  func showSearch()

  /// Takes back the session's last undoable change, as `u` asks on every screen that leaves the
  /// key free; the coordinator decides what that is and what shows it, so the root view binds
  /// the key without knowing the feature behind it.
  func undo()
}
