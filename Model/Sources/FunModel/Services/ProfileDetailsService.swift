import FunCore

/// The signed-in profile's details (display name, bio, created date): a session service, one
/// per session, saved in the profile's folder (in memory for a guest).
public protocol ProfileDetailsService: Sendable {
  /// The details now.
  var profile: UserProfile { get }

  /// Saves a new display name and bio (see ``UserProfile/edited(displayName:bio:)``); a field
  /// passed as `nil` keeps what is saved, which another instance on the same profile may have
  /// changed since this one read it, so an editor passes only the fields a person changed.
  /// - Throws: ``AppError/invalidProfileDetails(reason:)``; nothing changes then. A save that
  ///   fails keeps the change in memory and says so in a toast, as every saved state does.
  func update(displayName: String?, bio: String?) throws(AppError)

  /// The details now, then after every change.
  func changes() -> MulticastStream<UserProfile>.Subscription
}

extension ServiceKey where Value == any ProfileDetailsService {
  /// The session's profile details.
  public static var profileDetails: Self { Self("profileDetails") }
}
