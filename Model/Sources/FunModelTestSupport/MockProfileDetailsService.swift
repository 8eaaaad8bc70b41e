import Foundation
import FunCore
import FunModel

/// An in-memory ``ProfileDetailsService`` with fixed details that records whether its scope
/// ended.
public final class MockProfileDetailsService: ProfileDetailsService, ScopedService {
  private let stream: MulticastStream<UserProfile>
  private let ended = Flag()

  /// The details it holds.
  public let profile: UserProfile

  /// Details for tests: Ada's, created 2025-01-01 00:00 UTC.
  public static let adaProfile = UserProfile(
    displayName: "Ada Lovelace",
    name: "ada",
    bio: "Wrote the first program for an engine that was never finished.",
    createdAt: Date(timeIntervalSince1970: 1_735_689_600)
  )

  /// Creates the mock holding `profile`.
  public init(profile: UserProfile = adaProfile) {
    self.profile = profile
    stream = MulticastStream(initial: profile)
  }

  /// Whether its scope has ended.
  public var hasEnded: Bool {
    ended.isSet
  }

  public func changes() -> MulticastStream<UserProfile>.Subscription {
    stream.subscribe()
  }

  public func scopeDidEnd() {
    ended.set()
    stream.finish()
  }
}
