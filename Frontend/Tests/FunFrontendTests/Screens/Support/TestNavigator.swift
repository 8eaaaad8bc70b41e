import Observation

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// A ``Navigator`` that shows whichever screen (and sheet) a test gives it, counts the ways
/// back asked of it, and closes a sheet when asked. Observable, as the app's coordinators are,
/// so what follows the current screen (the spinner) sees a test change it.
@Observable
@MainActor
final class TestNavigator: Navigator, SheetCoordinating {
  /// The screen ``currentScreen`` returns.
  var screen: any Screen
  /// The title line; the screen's own title unless a test sets a trail.
  var trail: [String]?
  /// How many screens are pushed over the tab's root: ``goBack()`` pops one while there is
  /// one, and answers whether it did.
  var depth = 1
  /// The screen ``goBack()`` shows once it pops the last pushed one, when a test gives one.
  var rootScreen: (any Screen)?
  /// How many times the root view asked to go back.
  private(set) var goBackCount = 0
  /// What the root view asked of the tab bar, oldest first.
  private(set) var tabSwitches: [TabBarViewModel.Action] = []
  /// The tab bar; `nil` shows the root as signed out.
  var tabBar: TabBarViewModel?
  /// The favorites whose removals `u` undoes; `nil` unless a test gives some.
  var favorites: FavoritesStore?
  /// The Favorites tab's model, once a test has made one: `u` undoes through it, as the app's
  /// coordinator does, so its list selects the row that comes back.
  var favoritesViewModel: FavoritesViewModel?
  /// Who is signed in, for the title line.
  var sessionName: String?
  /// The sheet over the screen.
  var sheet: (any Sheet)?
  /// What the sheet's box says under its content.
  var sheetNotice: LocalizedText?
  /// Whether saved state is being written.
  var isSaving = false
  /// The theme the root view draws with.
  var theme = Theme.system
  /// The language of the sheets it presents itself (the activity switcher).
  var strings = Localizer.base

  init(screen: any Screen, tabBar: TabBarViewModel?) {
    self.screen = screen
    self.tabBar = tabBar
  }

  var currentScreen: any Screen {
    screen
  }

  var breadcrumb: [String] {
    trail ?? [screen.title]
  }

  var canGoBack: Bool {
    depth > 0
  }

  func goBack() -> Bool {
    goBackCount += 1
    guard depth > 0 else { return false }
    depth -= 1
    if depth == 0, let rootScreen { screen = rootScreen }
    return true
  }

  /// Selects the search tab and shows ``rootScreen``, if a test gave one, its field focused, as
  /// the app's coordinator shows the tab's first screen; not counted as a way back.
  func showSearch() {
    tabBar?.send(.select(.search))
    depth = 0
    if let rootScreen { screen = rootScreen }
    _ = screen.focusTextField()
  }

  var canUndo: Bool {
    favorites?.canUndoRemoval == true
  }

  /// Undoes the last removal of ``favorites`` through ``favoritesViewModel`` when a test made
  /// one, as the app's coordinator undoes through the Favorites tab.
  func undo() {
    if let favoritesViewModel {
      favoritesViewModel.send(.undoRemoval)
    } else {
      favorites?.undoRemoval()
    }
  }

  /// Records `action` and does it to ``tabBar``; what else switching does (leaving the field,
  /// back to the root) is the app's coordinator's, and tested there.
  func switchTabs(_ action: TabBarViewModel.Action) {
    tabSwitches.append(action)
    tabBar?.send(action)
  }

  func dismissSheet() {
    sheet = nil
  }

  /// Presents the switcher over ``tabBar``, as the app's root coordinator does.
  func showActivitySwitcher() {
    guard let tabBar else { return }
    let model = ActivitySwitcherViewModel(tabBar: tabBar)
    model.coordinator = self
    sheet = Sheets.activitySwitcher(viewModel: model, strings: strings)
  }
}
