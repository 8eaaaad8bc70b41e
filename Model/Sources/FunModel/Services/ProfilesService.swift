import FunCore

/// The local profiles, and which one a start signs in to: app-wide, it lives as long as the
/// process (the sign-in screen lists what it has).
///
/// Each profile keeps its favorites, items and details in a folder of its own; ``signIn(_:)`` is
/// where a profile comes to exist, where a state directory of the earlier layout (favorites at
/// the top level) is moved into the first profile that signs in, and where the profile is
/// remembered for the next start. A guest session never comes here.
public protocol ProfilesService: Sendable {
  /// Every saved profile, sorted ignoring case.
  var profiles: [ProfileName] { get }

  /// The profile signed in last and not signed out of since, if it still exists.
  var rememberedProfile: ProfileName? { get }

  /// Gets `name` ready for a session and remembers it: checks the name, finds the profile
  /// ignoring case or creates it, and moves state of the earlier layout into it (once; a toast
  /// says so).
  ///
  /// A profile whose folder cannot be written still signs in: its services keep changes in
  /// memory and say so, as the state directory's do.
  /// - Returns: the profile, spelled as it was created.
  /// - Throws: ``AppError/invalidProfileName(_:reason:)`` for a name that breaks the rule.
  func signIn(_ name: String) throws(AppError) -> ProfileName

  /// Deletes the profile `name` and everything in its folder; forgets it if it is the
  /// remembered one.
  /// - Throws: ``AppError/profileNotDeleted(name:reason:)`` when the profile cannot be
  ///   deleted; it is then whole, as it was. Once deleted it is gone from the list even if some
  ///   of its files can only be removed later.
  func deleteProfile(_ name: ProfileName) throws(AppError)

  /// Forgets the remembered profile, so the next start shows the sign-in screen.
  func forgetRememberedProfile()

  /// The profiles now, then after every change.
  func changes() -> MulticastStream<[ProfileName]>.Subscription
}

extension ServiceKey where Value == any ProfilesService {
  /// The local profiles (app-wide).
  public static var profiles: Self { Self("profiles") }
}
