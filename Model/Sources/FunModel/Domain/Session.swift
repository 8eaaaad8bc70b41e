/// Who is using the app: a local profile, whose favorites, items and details are saved in its own
/// folder, or a guest, whose session keeps everything in memory and saves nothing.
public enum Session: Hashable, Sendable, CustomStringConvertible {
  /// A local profile.
  case profile(ProfileName)
  /// A guest: the same screens, nothing saved.
  case guest

  /// The name the title line shows: the profile's name, or `Guest`.
  var displayName: String {
    switch self {
    case .profile(let name): name.value
    case .guest: "Guest"
    }
  }

  /// The name the title line shows, in the language the screen is given: the profile's name
  /// as it is, or `Guest` in that language.
  public var label: LocalizedText {
    switch self {
    case .profile(let name): .verbatim(name.value)
    case .guest: L10n.Profile.guestName
    }
  }

  /// Whether what a person changes in the session is saved: a profile's is; a guest's
  /// (its items, its toggle changes) lasts only as long as the session.
  public var savesChanges: Bool {
    switch self {
    case .profile: true
    case .guest: false
    }
  }

  /// The profile, unless this is a guest session.
  var profileName: ProfileName? {
    switch self {
    case .profile(let name): name
    case .guest: nil
    }
  }

  public var description: String {
    displayName
  }
}
