import FunFrontend

/// A ``Navigator`` that shows whichever screen a test gives it and counts the ways back asked
/// of it.
@MainActor
final class TestNavigator: Navigator {
  /// The screen ``currentScreen`` returns.
  var screen: any Screen
  /// The title line; the screen's own title unless a test sets a trail.
  var trail: [String]?
  /// How many screens are pushed over the tab's root: ``goBack()`` pops one while there is
  /// one, and answers whether it did.
  var depth = 1
  /// How many times the root view asked to go back.
  private(set) var goBackCount = 0

  init(screen: any Screen) {
    self.screen = screen
  }

  var currentScreen: any Screen {
    screen
  }

  var breadcrumb: [String] {
    trail ?? [screen.title]
  }

  func goBack() -> Bool {
    goBackCount += 1
    guard depth > 0 else { return false }
    depth -= 1
    return true
  }
}
