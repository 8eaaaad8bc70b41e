import Foundation

/// The details of a profile, as the Profile tab shows them and the profile's `profile.json`
/// keeps them.
public struct UserProfile: Codable, Hashable, Sendable {
  /// The name shown to people; the profile's name until it is edited.
  public var displayName: String
  /// The profile's name: its folder and what signs in (empty for a guest).
  public var name: String
  /// A short biography; empty until edited.
  public var bio: String
  /// When the profile was created, on the app's clock.
  public var createdAt: Date

  /// Creates profile details.
  public init(displayName: String, name: String, bio: String, createdAt: Date) {
    self.displayName = displayName
    self.name = name
    self.bio = bio
    self.createdAt = createdAt
  }

  /// The details a new profile starts with: its name as the display name, no bio.
  public static func new(for session: Session, createdAt: Date) -> UserProfile {
    UserProfile(
      displayName: session.displayName,
      name: session.profileName?.value ?? "",
      bio: "",
      createdAt: createdAt
    )
  }
}
