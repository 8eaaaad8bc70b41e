import FunModel
import Observation

/// The Profile tab: the user's profile and how many favorites they keep, live.
///
/// The count follows the shared ``FavoritesStore``'s rule, so it always matches the Favorites
/// tab: favorites the loaded catalog has, with saved ids it lacks counted apart.
@Observable
@MainActor
public final class ProfileViewModel {
  /// The profile shown.
  public let profile: UserProfile

  @ObservationIgnored private let favorites: FavoritesStore

  /// Creates the model for `profile`, counting `favorites`.
  public init(profile: UserProfile = .sample, favorites: FavoritesStore) {
    self.profile = profile
    self.favorites = favorites
  }

  /// How many favorites there are; `nil` until the catalog has loaded.
  public var favoritesCount: Int? {
    favorites.count
  }

  /// How many saved favorites the loaded catalog does not have.
  public var missingFavoritesCount: Int {
    favorites.missingCount
  }
}
