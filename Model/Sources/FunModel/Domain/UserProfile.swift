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

  /// The longest display name.
  static let displayNameLimit = 40
  /// The longest bio.
  static let bioLimit = 160

  /// These details with a new display name and bio, both trimmed.
  /// - Throws: ``AppError/invalidProfileDetails(reason:)`` for an empty or too long display
  ///   name, a too long bio, or control characters in either.
  public func edited(displayName: String, bio: String) throws(AppError) -> UserProfile {
    let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
    let bio = bio.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .invalidProfileDetails(reason: L10n.Details.emptyName) }
    guard name.count <= Self.displayNameLimit else {
      throw .invalidProfileDetails(reason: L10n.Details.nameTooLong(Self.displayNameLimit))
    }
    guard bio.count <= Self.bioLimit else {
      throw .invalidProfileDetails(reason: L10n.Details.bioTooLong(Self.bioLimit))
    }
    let isControl = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .control }
    guard !name.unicodeScalars.contains(where: isControl), !bio.unicodeScalars.contains(where: isControl) else {
      throw .invalidProfileDetails(reason: L10n.Details.controlCharacters)
    }
    var edited = self
    edited.displayName = name
    edited.bio = bio
    return edited
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
