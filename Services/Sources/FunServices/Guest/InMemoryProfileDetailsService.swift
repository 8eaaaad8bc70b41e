import Foundation
import FunCore
import FunModel

/// The guest's ``/FunModel/ProfileDetailsService``: the details a guest starts with, in memory only.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes.
/// Thread-safety and ordering are `InMemoryState`'s.
final class InMemoryProfileDetailsService: ProfileDetailsService, ScopedService {
  private let state: InMemoryState<UserProfile>

  /// The guest's details, created at `createdAt` (the session's start).
  init(createdAt: Date) {
    state = InMemoryState(UserProfile.new(for: .guest, createdAt: createdAt))
  }

  /// The details now.
  var profile: UserProfile {
    state.value
  }

  /// Applies a new display name and bio, in memory only.
  func update(displayName: String?, bio: String?) throws(AppError) {
    // Checked before the session's end is, so bad input is refused even after it.
    let edited = try profile.edited(displayName: displayName ?? profile.displayName, bio: bio ?? profile.bio)
    state.update { $0 = edited }
  }

  /// The details now, then after every change.
  func changes() -> MulticastStream<UserProfile>.Subscription {
    state.changes()
  }

  /// Finishes the change stream; later edits are ignored.
  func scopeDidEnd() {
    state.end()
  }
}
