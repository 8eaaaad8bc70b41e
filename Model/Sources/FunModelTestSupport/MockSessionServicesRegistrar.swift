import Foundation
import FunCore
import FunModel

/// A ``/FunModel/SessionServicesRegistrar`` that gives every session mocks of its own — a child task
/// tracker, favorites, profile details and own items — keeping the favorites per session, so a test can
/// sign in again and find them, and recording every session it opened.
public final class MockSessionServicesRegistrar: SessionServicesRegistrar {
  private struct State {
    var favorites: [Session: MockFavoritesService] = [:]
    var myItems: [Session: MockMyItemsService] = [:]
    var opened: [Session] = []
    var details: [MockProfileDetailsService] = []
  }

  private let tasks: TaskTracker
  private let createdAt: Date
  private let state = Locked(State())

  /// Creates the registrar; session trackers are children of `tasks`.
  public init(tasks: TaskTracker, createdAt: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
    self.tasks = tasks
    self.createdAt = createdAt
  }

  /// Every session opened, in order.
  public var openedSessions: [Session] {
    state.withLock { $0.opened }
  }

  /// The profile details of every session opened, in order.
  public var profileDetails: [MockProfileDetailsService] {
    state.withLock { $0.details }
  }

  /// The favorites of `session` (the same mock each time it signs in).
  public func favorites(of session: Session) -> MockFavoritesService {
    state.withLock { state in
      if let existing = state.favorites[session] { return existing }
      let made = MockFavoritesService()
      state.favorites[session] = made
      return made
    }
  }

  /// The own items of `session` (the same mock each time it signs in).
  public func myItems(of session: Session) -> MockMyItemsService {
    state.withLock { state in
      if let existing = state.myItems[session] { return existing }
      let made = MockMyItemsService()
      state.myItems[session] = made
      return made
    }
  }

  public func registerServices(for session: Session, in scope: ServiceLocator) {
    let details = MockProfileDetailsService(profile: .new(for: session, createdAt: createdAt))
    state.withLock { state in
      state.opened.append(session)
      state.details.append(details)
    }
    scope.register(.tasks, TaskTracker(parent: tasks))
    scope.register(.favorites, favorites(of: session) as any FavoritesService)
    scope.register(.profileDetails, details as any ProfileDetailsService)
    scope.register(.myItems, myItems(of: session) as any MyItemsService)
  }
}
