import FunCore

/// The signed-in profile's details (display name, bio, created date): a session service, one
/// per session, saved in the profile's folder (in memory for a guest).
public protocol ProfileDetailsService: Sendable {
  /// The details now.
  var profile: UserProfile { get }

  /// The details now, then after every change.
  func changes() -> MulticastStream<UserProfile>.Subscription
}

extension ServiceKey where Value == any ProfileDetailsService {
  /// The session's profile details.
  public static var profileDetails: Self { Self("profileDetails") }
}
