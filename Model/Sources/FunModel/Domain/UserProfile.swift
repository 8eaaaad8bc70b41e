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

  /// The members of the encoding (`profile.json`): the state file's reader tells a member it
  /// does not know from these.
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case displayName, name, bio, createdAt
  }

  /// Decodes saved details and holds them to the rule of ``edited(displayName:bio:)``: a file
  /// that breaks it (edited by hand, or by something else) is corrupt, not a 15 MB bio for every
  /// frame to draw.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let saved = UserProfile(
      displayName: try container.decode(String.self, forKey: .displayName),
      name: try container.decode(String.self, forKey: .name),
      bio: try container.decode(String.self, forKey: .bio),
      createdAt: try container.decode(Date.self, forKey: .createdAt)
    )
    do {
      self = try saved.edited(displayName: saved.displayName, bio: saved.bio)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: .bio, in: container, debugDescription: error.message)
    }
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
    guard TextBound.fits(name, characters: Self.displayNameLimit) else {
      throw .invalidProfileDetails(reason: L10n.Details.nameTooLong(Self.displayNameLimit))
    }
    guard TextBound.fits(bio, characters: Self.bioLimit) else {
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
