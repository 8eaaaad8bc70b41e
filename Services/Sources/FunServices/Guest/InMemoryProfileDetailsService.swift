import Foundation
import FunCore
import FunModel

/// The guest's ``/FunModel/ProfileDetailsService``: the details a guest starts with, in memory only.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes.
/// Thread-safety: every member may be called from any thread.
final class InMemoryProfileDetailsService: ProfileDetailsService, ScopedService {
  private let stream: MulticastStream<UserProfile>
  private let state: Locked<(profile: UserProfile, version: UInt64, isEnded: Bool)>

  /// The guest's details, created at `createdAt` (the session's start).
  init(createdAt: Date) {
    let profile = UserProfile.new(for: .guest, createdAt: createdAt)
    state = Locked((profile, 0, false))
    stream = MulticastStream(initial: profile)
  }

  /// The details now.
  var profile: UserProfile {
    state.withLock { $0.profile }
  }

  /// Applies a new display name and bio, in memory only.
  func update(displayName: String, bio: String) throws(AppError) {
    let edited = try profile.edited(displayName: displayName, bio: bio)
    let version = state.withLock { state -> UInt64? in
      guard !state.isEnded else { return nil }
      state.profile = edited
      state.version += 1
      return state.version
    }
    if let version {
      stream.send(edited, version: version)
    }
  }

  /// The details now, then after every change.
  func changes() -> MulticastStream<UserProfile>.Subscription {
    stream.subscribe()
  }

  /// Finishes the change stream; later edits are ignored.
  func scopeDidEnd() {
    state.withLock { $0.isEnded = true }
    stream.finish()
  }
}
