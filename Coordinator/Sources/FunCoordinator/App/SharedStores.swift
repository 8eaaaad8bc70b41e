import FunCore
import FunViewModel

/// The app's shared observable stores — one per shared concern — that coordinators hand to
/// the ViewModels they create. ViewModels derive from them and keep no copies.
@MainActor
struct SharedStores {
  /// The catalog every tab reads.
  let catalog: CatalogStore
  /// The favorites every tab marks and counts.
  let favorites: FavoritesStore
  /// The feature toggles Settings lists, Home's carousel and the theme follow.
  let toggles: TogglesStore

  /// Creates the stores over the services in `dependencies`.
  init(dependencies: AppDependencies) {
    catalog = CatalogStore(network: dependencies.network, tasks: dependencies.tasks)
    favorites = FavoritesStore(service: dependencies.favorites, catalog: catalog, tasks: dependencies.tasks)
    toggles = TogglesStore(service: dependencies.featureToggles, tasks: dependencies.tasks)
  }
}
