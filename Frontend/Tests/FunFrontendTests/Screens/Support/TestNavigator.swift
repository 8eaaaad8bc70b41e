import FunFrontend
import FunModel
import FunViewModel

/// A ``Navigator`` that shows whichever screen (and sheet) a test gives it, counts the ways
/// back asked of it, and closes a sheet when asked.
@MainActor
final class TestNavigator: Navigator, SheetCoordinating {
  /// The screen ``currentScreen`` returns.
  var screen: any Screen
  /// The title line; the screen's own title unless a test sets a trail.
  var trail: [String]?
  /// What ``goBack()`` answers: whether there was anything to pop.
  var canGoBack = true
  /// How many times the root view asked to go back.
  private(set) var goBackCount = 0
  /// The tab bar; `nil` shows the root as signed out.
  var tabBar: TabBarViewModel?
  /// Who is signed in, for the title line.
  var sessionName: String?
  /// The sheet over the screen.
  var sheet: (any Sheet)?

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

  func goBack() -> Bool {
    goBackCount += 1
    return canGoBack
  }

  func dismissSheet() {
    sheet = nil
  }
}
