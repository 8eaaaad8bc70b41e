/// The person using the app, as the Profile tab shows them.
public struct UserProfile: Hashable, Sendable {
  /// The display name.
  public let name: String
  /// The handle, without the `@`.
  public let handle: String
  /// A short biography.
  public let bio: String
  /// The year the person joined.
  public let memberSince: Int

  /// Creates a profile.
  public init(name: String, handle: String, bio: String, memberSince: Int) {
    self.name = name
    self.handle = handle
    self.bio = bio
    self.memberSince = memberSince
  }

  /// The profile the app ships with: Fun has no accounts, so this stands in for one.
  public static let sample = UserProfile(
    name: "Ada Swift",
    handle: "ada",
    bio: "Builds apps in layers and keeps the layers honest.",
    memberSince: 2024
  )
}
