import FunCore
import FunViewModel

/// The shared observable stores — one per shared concern — that coordinators hand to the
/// ViewModels they create. ViewModels derive from them and keep no copies. The catalog is
/// app-wide (it outlives sessions); the favorites are the session's.
@MainActor
struct SharedStores {
  /// The catalog every tab reads.
  let catalog: CatalogStore
  /// The favorites every tab marks and counts.
  let favorites: FavoritesStore

  /// Creates the session's stores over the services in `dependencies`, around the app-wide
  /// `catalog`.
  init(catalog: CatalogStore, dependencies: AppDependencies) {
    self.catalog = catalog
    favorites = FavoritesStore(service: dependencies.favorites, catalog: catalog, tasks: dependencies.tasks)
  }
}
