import FunFrontend
import Observation

/// One tab's stack of screens: a root that never pops, and the screens pushed on it.
///
/// Observable, so a push or pop redraws the frame.
@Observable
@MainActor
final class NavigationStack {
  /// The tab's first screen.
  let root: any Screen
  /// The screens pushed on top of the root, bottom first.
  private(set) var pushed: [any Screen] = []

  /// Creates a stack holding only `root`.
  init(root: any Screen) {
    self.root = root
  }

  var top: any Screen {
    pushed.last ?? root
  }

  /// How many screens the stack holds, root included.
  var depth: Int {
    pushed.count + 1
  }

  /// The titles of every screen, root first.
  var titles: [String] {
    ([root] + pushed).map(\.title)
  }

  func push(_ screen: any Screen) {
    pushed.append(screen)
  }

  /// Pops the top screen; returns `false` at the root.
  @discardableResult
  func pop() -> Bool {
    pushed.popLast() != nil
  }

  func popToRoot() {
    pushed.removeAll()
  }
}
