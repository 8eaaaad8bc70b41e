import FunCore
import FunModel
import FunModelTestSupport
import FunSpoken
import FunViewModel

/// The shared stores over mock services, the fixture catalog loaded, and a reader: what a
/// test of the screen-reader view builds its ViewModels and scenes from.
@MainActor
struct SpokenHarness {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()
  let catalog: CatalogStore
  let favorites: FavoritesStore
  let toggles: TogglesStore
  let reader: ScreenReader

  init(language: Language = .en) {
    toggles = TogglesStore(service: MockFeatureToggleService(), tasks: time.tasks)
    catalog = CatalogStore(network: MockNetworkService(), toggles: toggles, tasks: time.tasks)
    favorites = FavoritesStore(service: MockFavoritesService(), catalog: catalog, tasks: time.tasks)
    reader = ScreenReader(strings: Localizer(language: language))
  }

  /// Home over the stores, its catalog loaded.
  func loadedHome() async throws -> HomeViewModel {
    let home = HomeViewModel(
      catalog: catalog, favorites: favorites, toggles: toggles, toasts: toasts, tasks: time.tasks)
    await home.load()
    try await time.settle()
    return home
  }

  /// Home's scene, as the app builds it for the Home tab.
  func scene(of home: HomeViewModel, toast: ToastEvent? = nil) -> SpokenScene {
    SpokenScene(title: "Home", screenModel: home, list: home.list, toast: toast)
  }
}
