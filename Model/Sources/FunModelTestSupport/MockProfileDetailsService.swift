import Foundation
import FunCore
import FunModel

/// An in-memory ``/FunModel/ProfileDetailsService`` that edits as the real ones do and records whether
/// its scope ended.
public final class MockProfileDetailsService: ProfileDetailsService, ScopedService {
  private let stream: MulticastStream<UserProfile>
  private let ended = Flag()
  private let state: Locked<(profile: UserProfile, version: UInt64)>

  /// Details for tests: Ada's, created 2025-01-01 00:00 UTC.
  public static let adaProfile = UserProfile(
    displayName: "Ada Lovelace",
    name: "ada",
    bio: "Wrote the first program for an engine that was never finished.",
    createdAt: Date(timeIntervalSince1970: 1_735_689_600)
  )

  /// The session whose details ``adaProfile`` are: the profile named `ada`.
  public static let adaSession = Session.profile(ProfileName(savedFolder: adaProfile.name)!)

  /// Creates the mock holding `profile`.
  public init(profile: UserProfile = adaProfile) {
    state = Locked((profile, 0))
    stream = MulticastStream(initial: profile)
  }

  /// The details it holds.
  public var profile: UserProfile {
    state.withLock { $0.profile }
  }

  /// Whether its scope has ended.
  public var hasEnded: Bool {
    ended.isSet
  }

  /// Applies the edit as the real services do, in memory.
  public func update(displayName: String?, bio: String?) throws(AppError) {
    let current = profile
    let edited = try current.edited(displayName: displayName ?? current.displayName, bio: bio ?? current.bio)
    let version = state.withLock { state in
      state.profile = edited
      state.version += 1
      return state.version
    }
    stream.send(edited, version: version)
  }

  public func changes() -> MulticastStream<UserProfile>.Subscription {
    stream.subscribe()
  }

  public func scopeDidEnd() {
    ended.set()
    stream.finish()
  }
}
