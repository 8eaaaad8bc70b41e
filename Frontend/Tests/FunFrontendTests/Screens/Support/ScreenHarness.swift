import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import FunViewModel

/// One screen under test inside a real ``RootView``: the mocks, the shared catalog, the
/// ViewModels built on them, and a ``TestNavigator`` showing the screen.
///
/// Everything runs in virtual time on a ``ManualClock``; ``settle()`` lets due work finish.
@MainActor
final class ScreenHarness {
  let clock = ManualClock()
  let network: MockNetworkService
  let favorites: MockFavoritesService
  let featureToggles: MockFeatureToggleService
  let toasts = MockToastService()
  let coordinator = MockCoordinator()
  let catalog: CatalogStore
  let tabBar = TabBarViewModel()
  let toast: ToastViewModel
  let navigator: TestNavigator
  let rootView: RootView
  /// The lines the `:` command line ran, in order.
  var commands: [String] { commandLog.lines }
  private let commandLog = CommandLog()

  /// - Parameters:
  ///   - items: the catalog the network returns.
  ///   - failure: makes every catalog load fail with this error instead.
  ///   - latency: how long a catalog load takes on ``clock``.
  ///   - favorites: the ids favorited from the start.
  ///   - toggles: the feature toggles.
  init(
    items: [FeaturedItem] = CatalogFixtures.items,
    failure: AppError? = nil,
    latency: Duration = .zero,
    favorites: Set<String> = [],
    toggles: FeatureToggles = .defaults
  ) {
    network = MockNetworkService(
      result: failure.map { .failure($0) } ?? .success(items),
      clock: clock,
      latency: latency
    )
    self.favorites = MockFavoritesService(favorites: favorites)
    featureToggles = MockFeatureToggleService(toggles: toggles)
    catalog = CatalogStore(network: network)
    toast = ToastViewModel(toasts: toasts, clock: clock)
    navigator = TestNavigator(screen: ProfileScreen(viewModel: ProfileViewModel(favorites: self.favorites)))
    let commandLog = commandLog
    rootView = RootView(
      tabBar: tabBar,
      toast: toast,
      navigator: navigator,
      theme: { .system },
      runCommand: { commandLog.lines.append($0) }
    )
  }

  // MARK: ViewModels, wired to the mocks

  func homeViewModel() -> HomeViewModel {
    let model = HomeViewModel(
      catalog: catalog,
      favorites: favorites,
      featureToggles: featureToggles,
      toasts: toasts
    )
    model.coordinator = coordinator
    return model
  }

  func searchViewModel() -> SearchViewModel {
    let catalog = catalog
    let model = SearchViewModel(
      catalog: { () async throws(AppError) -> [FeaturedItem] in try await catalog.load() },
      favorites: favorites,
      toasts: toasts,
      clock: clock
    )
    model.coordinator = coordinator
    return model
  }

  func favoritesViewModel() -> FavoritesViewModel {
    let model = FavoritesViewModel(catalog: catalog, favorites: favorites)
    model.coordinator = coordinator
    return model
  }

  func profileViewModel() -> ProfileViewModel {
    ProfileViewModel(favorites: favorites)
  }

  func settingsViewModel() -> SettingsViewModel {
    SettingsViewModel(featureToggles: featureToggles, toasts: toasts)
  }

  func detailViewModel(_ item: FeaturedItem) -> DetailViewModel {
    let model = DetailViewModel(item: item, favorites: favorites, toasts: toasts)
    model.coordinator = coordinator
    return model
  }

  // MARK: Driving the root view

  /// Shows `screen` on `tab`, with `trail` as the title line (the screen's title if `nil`).
  func show(_ screen: any Screen, on tab: Tab, trail: [String]? = nil) {
    navigator.screen = screen
    navigator.trail = trail
    tabBar.select(tab)
  }

  /// Loads the catalog (it must not take clock time) and lets every observer catch up.
  func loadCatalog() async {
    _ = await catalog.waitUntilLoaded()
    await settle()
  }

  /// Presses `keys` one after another, through the root view.
  func press(_ keys: Key...) {
    for key in keys {
      rootView.handle(key)
    }
  }

  /// Types `text` one key per character, through the root view.
  func type(_ text: String) {
    for character in text {
      rootView.handle(.char(character))
    }
  }

  /// Lets woken tasks and stream deliveries run; virtual time does not move.
  func settle() async {
    await Task.yieldRepeatedly()
  }

  /// Lets pending work reach its sleep, moves virtual time forward and lets what fell due run.
  func advance(by duration: Duration) async {
    await settle()
    await clock.advance(by: duration)
    await settle()
  }

  /// The frame for a terminal of `size`. Like the app, it tells the root view the terminal's
  /// size before drawing at it, so the keys that follow are handled against that layout.
  func frame(_ size: TerminalSize) -> Canvas {
    rootView.terminalSize = size
    return rootView.render(size: size)
  }
}

/// What the `:` command line ran.
@MainActor
private final class CommandLog {
  var lines: [String] = []
}

extension TerminalSize {
  /// The sizes every screen is snapshotted at: the classic terminal and the smallest laid out.
  static let snapshotSizes = [TerminalSize.standard, TerminalSize(columns: 40, rows: 12)]
}
