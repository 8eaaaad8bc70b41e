import FunCore
import FunModel
import FunViewModel

/// The shared observable stores — one per shared concern — that coordinators hand to the
/// ViewModels they create. ViewModels derive from them and keep no copies. The catalog and
/// the toggles are app-wide (they outlive sessions); the favorites and your own items are the session's.
@MainActor
struct SharedStores {
  /// The catalog every tab reads.
  let catalog: CatalogStore
  /// The favorites every tab marks and counts.
  let favorites: FavoritesStore
  /// Your own items, merged into ``catalog`` while the session lasts.
  let myItems: MyItemsStore
  /// The feature toggles Settings lists, Home's carousel and the theme follow.
  let toggles: TogglesStore

  /// Creates the stores of `session` over the services in `dependencies`, around the app-wide
  /// `catalog` and `toggles` (whose session the root begins and ends); a `watchClock` has the
  /// favorites and your items look for another Fun's saves every second of it.
  init(
    session: Session, catalog: CatalogStore, toggles: TogglesStore, dependencies: SessionDependencies,
    watchClock: (any Clock<Duration>)?
  ) {
    self.catalog = catalog
    self.toggles = toggles
    favorites = FavoritesStore(
      service: dependencies.favorites, catalog: catalog, toasts: dependencies.toasts, tasks: dependencies.tasks,
      watchClock: watchClock)
    myItems = MyItemsStore(
      service: dependencies.myItems, catalog: catalog, favorites: favorites, toasts: dependencies.toasts,
      tasks: dependencies.tasks, watchClock: watchClock, savesChanges: session.savesChanges)
  }

  /// The session's stores that save, in the order their saves finish: saving one of your items
  /// renames its favorite, which the favorites then save.
  var saving: [any SavingStore] {
    [favorites, myItems]
  }
}
