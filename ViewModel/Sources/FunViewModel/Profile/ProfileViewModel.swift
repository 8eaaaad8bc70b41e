import FunCore
import FunModel
import Observation

/// The Profile tab: the signed-in profile's details, live, and how many favorites it keeps.
///
/// The count follows the shared ``FavoritesStore``'s rule, so it always matches the Favorites
/// tab: favorites the loaded catalog has, with saved ids it lacks counted apart.
@Observable
@MainActor
public final class ProfileViewModel {
  /// The profile shown, live from the session's ``/FunModel/ProfileDetailsService``.
  public private(set) var profile: UserProfile

  /// Where editing and signing out go (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any ProfileCoordinating)?

  /// Whether this is a guest session, which saves nothing (and has no profile to edit).
  public let isGuest: Bool

  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private var detailsObservation: TrackedTask<Void>?

  /// Creates the model for `session`'s `details`, counting `favorites`.
  public init(session: Session, details: any ProfileDetailsService, favorites: FavoritesStore, tasks: TaskTracker) {
    isGuest = session == .guest
    profile = details.profile
    self.favorites = favorites
    detailsObservation = details.changes().observe(self, tasks: tasks, name: "profile details") { model, profile in
      model.profile = profile
    }
  }

  deinit {
    detailsObservation?.cancel()
  }

  /// What the user can do on the Profile tab.
  public enum Action: Equatable, Sendable {
    /// Opens the sheet that edits the display name and bio.
    case edit
    /// Asks whether to sign out (in a sheet).
    case signOut
  }

  /// Does what the user asked of the Profile tab.
  public func send(_ action: Action) {
    switch action {
    case .edit: coordinator?.editProfile()
    case .signOut: coordinator?.confirmSignOut()
    }
  }

  /// The name the profile shows under: its display name, or for a guest, who has no profile to
  /// name, "Guest" in the app's language.
  public var displayName: LocalizedText {
    isGuest ? Session.guest.label : .verbatim(profile.displayName)
  }

  /// The bio as both views show it: the profile's own, else that it has none yet, and for a guest
  /// that nothing is saved.
  public var bio: LocalizedText {
    if isGuest { return L10n.Profile.guestBio }
    return profile.bio.isEmpty ? L10n.Profile.noBio : .verbatim(profile.bio)
  }

  /// How many favorites there are, with how many saved ones the loaded catalog lacks when it
  /// lacks any, as the Favorites tab says it; `nil` until the catalog has loaded.
  public var favoritesSummary: LocalizedText? {
    favorites.summary
  }
}
