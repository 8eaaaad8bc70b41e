import Foundation
import FunCore
import FunModel

/// The guest's ``ProfileDetailsService``: the details a guest starts with, in memory only.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes.
/// Thread-safety: every member may be called from any thread.
public final class InMemoryProfileDetailsService: ProfileDetailsService, ScopedService {
  private let stream: MulticastStream<UserProfile>

  /// The details now.
  public let profile: UserProfile

  /// The guest's details, created at `createdAt` (the session's start).
  public init(createdAt: Date) {
    profile = .new(for: .guest, createdAt: createdAt)
    stream = MulticastStream(initial: profile)
  }

  /// The details now, then after every change.
  public func changes() -> MulticastStream<UserProfile>.Subscription {
    stream.subscribe()
  }

  /// Finishes the change stream.
  public func scopeDidEnd() {
    stream.finish()
  }
}
