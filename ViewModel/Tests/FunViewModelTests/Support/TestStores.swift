import FunModelTestSupport

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

/// The shared stores a coordinator hands every ViewModel — one catalog, one favorites store
/// judged against it, one toggles store — over mock services, with their tasks in `time`.
@MainActor
struct TestStores {
  let catalog: CatalogStore
  let favorites: FavoritesStore
  let toggles: TogglesStore
  /// Where the favorites store tells its removals and undos.
  let toasts: any ToastService
  private let tasks: TaskTracker

  init(
    time: VirtualTime,
    toasts: any ToastService = MockToastService(),
    network: any NetworkService = MockNetworkService(),
    favorites service: any FavoritesService = MockFavoritesService(),
    toggles toggleService: any FeatureToggleService = MockFeatureToggleService(),
    watchesOutsideChanges: Bool = false
  ) {
    let watchClock = watchesOutsideChanges ? time.clock : nil
    toggles = TogglesStore(service: toggleService, tasks: time.tasks, watchClock: watchClock)
    catalog = CatalogStore(network: network, toggles: toggles, tasks: time.tasks)
    favorites = FavoritesStore(
      service: service, catalog: catalog, toasts: toasts, tasks: time.tasks, watchClock: watchClock)
    self.toasts = toasts
    tasks = time.tasks
  }

  /// A Home screen's model over these stores, as its coordinator builds it.
  func home(toasts: (any ToastService)? = nil) -> HomeViewModel {
    let toasts = toasts ?? self.toasts
    return HomeViewModel(catalog: catalog, favorites: favorites, toggles: toggles, toasts: toasts, tasks: tasks)
  }
}
