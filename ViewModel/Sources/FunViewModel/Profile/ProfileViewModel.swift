import FunModel
import Observation

/// The Profile tab: who the user is and how many favorites they have, live.
@Observable
@MainActor
public final class ProfileViewModel {
  /// The user's profile.
  public let profile: UserProfile

  /// How many items are favorited, live from the ``FunModel/FavoritesService``.
  public private(set) var favoritesCount: Int

  @ObservationIgnored private var favoritesObservation: Task<Void, Never>?

  /// Creates the screen's model for `profile` (by default the one the app ships with).
  public init(profile: UserProfile = .sample, favorites: any FavoritesService) {
    self.profile = profile
    favoritesCount = favorites.favoriteIDs.count
    favoritesObservation = favorites.changes().observe(self) { model, ids in
      model.favoritesCount = ids.count
    }
  }

  deinit {
    favoritesObservation?.cancel()
  }
}
