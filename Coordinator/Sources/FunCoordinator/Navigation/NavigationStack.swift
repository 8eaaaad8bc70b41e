import FunFrontend
import Observation

/// One tab's stack of screens: a root that never pops, and the screens pushed on it.
///
/// Observable, so a push or pop redraws the frame.
@Observable
@MainActor
public final class NavigationStack {
  /// The tab's first screen.
  public let root: any Screen
  /// The screens pushed on top of the root, bottom first.
  public private(set) var pushed: [any Screen] = []

  /// Creates a stack holding only `root`.
  public init(root: any Screen) {
    self.root = root
  }

  /// The screen on top.
  public var top: any Screen {
    pushed.last ?? root
  }

  /// How many screens the stack holds, root included.
  public var depth: Int {
    pushed.count + 1
  }

  /// The titles of every screen, root first.
  public var titles: [String] {
    ([root] + pushed).map(\.title)
  }

  /// Pushes a screen.
  public func push(_ screen: any Screen) {
    pushed.append(screen)
  }

  /// Pops the top screen; returns `false` at the root.
  @discardableResult
  public func pop() -> Bool {
    pushed.popLast() != nil
  }

  /// Pops back to the root.
  public func popToRoot() {
    pushed.removeAll()
  }
}
