import FunFrontend
import Observation

/// One tab's stack of screens: a root that never pops, and the screens pushed on it, at most
/// ``mostPushed``: links from outside (`fun --open`) push a detail each, and every frame reads
/// the whole stack's titles, so an endless stream of links must not make each frame slower.
/// A push beyond the bound forgets the oldest pushed screen; the root stays.
///
/// Observable, so a push or pop redraws the frame.
@Observable
@MainActor
final class NavigationStack {
  /// The tab's first screen.
  let root: any Screen
  /// The screens pushed on top of the root, bottom first, each with the route that pushed it.
  private(set) var pushed: [(route: Route, screen: any Screen)] = []

  /// What a pushed screen shows, named by the coordinator that pushed it: how it knows what is
  /// on top without asking the screen which ViewModel it draws.
  enum Route: Equatable {
    /// The detail of the item with this id.
    case detail(itemID: String)
  }

  /// Creates a stack holding only `root`.
  init(root: any Screen) {
    self.root = root
  }

  var top: any Screen {
    pushed.last?.screen ?? root
  }

  /// The route of the top screen; `nil` at the root.
  var topRoute: Route? {
    pushed.last?.route
  }

  /// The titles of every screen, root first.
  var titles: [String] {
    [root.title] + pushed.map(\.screen.title)
  }

  /// How many screens may be pushed on the root: far more than a person follows back.
  static let mostPushed = 64

  /// Pushes `screen`, which shows `route`, over the top one, which leaves its field first: keys
  /// go to the pushed screen now, and back on the covered one they should navigate, not type (a
  /// link or a click that opens a detail from Search while its field has the focus).
  func push(_ screen: any Screen, showing route: Route) {
    top.leaveTextField()
    pushed.append((route, screen))
    if pushed.count > Self.mostPushed {
      pushed.removeFirst(pushed.count - Self.mostPushed)
    }
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
