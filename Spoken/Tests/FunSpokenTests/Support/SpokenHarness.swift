import FunModelTestSupport

@testable import FunCore
@testable import FunModel
@testable import FunSpoken
@testable import FunViewModel

/// The shared stores over mock services, the fixture catalog loaded, and a reader: what a
/// test of the screen-reader view builds its ViewModels and scenes from.
@MainActor
struct SpokenHarness {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()
  /// The catalog's source: set its `result` to make the next load fail.
  let network: MockNetworkService
  let catalog: CatalogStore
  let favorites: FavoritesStore
  let toggles: TogglesStore
  let reader: ScreenReader

  /// The harness whose catalog comes from a source of `sourceKind`, read in `language`.
  init(language: Language = .en, sourceKind: CatalogStatus.Source = .bundled) {
    network = MockNetworkService(sourceKind: sourceKind)
    toggles = TogglesStore(service: MockFeatureToggleService(), tasks: time.tasks, watchClock: nil)
    catalog = CatalogStore(network: network, toggles: toggles, tasks: time.tasks)
    favorites = FavoritesStore(
      service: MockFavoritesService(), catalog: catalog, toasts: toasts, tasks: time.tasks, watchClock: nil)
    reader = ScreenReader(strings: Localizer(language: language))
  }

  /// Home over the stores, its catalog loaded.
  func loadedHome() async throws -> HomeViewModel {
    let home = HomeViewModel(
      catalog: catalog, favorites: favorites, toggles: toggles, toasts: toasts, tasks: time.tasks)
    _ = try? await catalog.load()
    try await time.settle()
    return home
  }

  /// Search over the stores, its catalog loaded and searched with an empty field.
  func loadedSearch() async throws -> SearchViewModel {
    let search = SearchViewModel(
      catalog: catalog, favorites: favorites, toasts: toasts, clock: time.clock, tasks: time.tasks)
    await search.searchNow()
    try await time.settle()
    return search
  }

  /// What the reader says about a scene of `model` titled `title` (its list, if it is given),
  /// after it has arrived there: the lines `change` makes it say.
  func saysAfterArriving(
    at title: String, model: AnyObject, list: ItemList? = nil, change: () async throws -> Void
  ) async throws -> [String] {
    let scene = SpokenScene(title: title, screenModel: model, list: list)
    _ = reader.announcements(for: SpokenScene(title: "Elsewhere"))
    _ = reader.announcements(for: scene)
    try await change()
    try await time.settle()
    return reader.announcements(for: scene)
  }

  /// Home's scene, as the app builds it for the Home tab.
  func scene(of home: HomeViewModel, toast: ToastEvent? = nil) -> SpokenScene {
    SpokenScene(title: "Home", screenModel: home, list: home.list, toast: toast)
  }
}
