/// What the root view needs from navigation: the screen on top of the selected tab's stack,
/// and a way back. The Coordinator layer implements it.
@MainActor
public protocol Navigator: AnyObject {
  /// The screen to show: the top of the selected tab's stack.
  var currentScreen: any Screen { get }

  /// The titles of the selected tab's stack, root first, for the title line.
  var breadcrumb: [String] { get }

  /// Pops the selected tab's stack; returns `false` when it is already at its root.
  func goBack() -> Bool
}
