import FunCoordinator
import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import FunViewModel

/// A whole ``AppCoordinator`` built the way the composition root builds it, from a
/// ``ServiceLocator`` holding mocks, in virtual time.
@MainActor
final class AppHarness {
  let clock = ManualClock()
  let network: MockNetworkService
  let favorites = MockFavoritesService()
  let featureToggles = MockFeatureToggleService()
  let toasts = MockToastService()
  let logger = MockLoggerService()
  let app: AppCoordinator

  /// - Parameters:
  ///   - latency: how long each catalog load takes on ``clock``.
  ///   - failure: makes every catalog load fail with this error.
  init(latency: Duration = .zero, failure: AppError? = nil) {
    network = MockNetworkService(
      result: failure.map { .failure($0) } ?? .success(CatalogFixtures.items),
      clock: clock,
      latency: latency
    )
    let locator = ServiceLocator()
    locator.register(.network, network as any NetworkService)
    locator.register(.favorites, favorites as any FavoritesService)
    locator.register(.featureToggles, featureToggles as any FeatureToggleService)
    locator.register(.toasts, toasts as any ToastService)
    locator.register(.logger, logger as any LoggerService)
    locator.register(.clock, clock as any Clock<Duration>)
    let dependencies = ServiceLocator.$current.withValue(locator) { AppDependencies() }
    app = AppCoordinator(dependencies: dependencies, styleSupport: .none)
  }

  /// Starts the app and waits for the first catalog load (which must not take clock time).
  func start() async {
    app.start()
    await settle()
    _ = await app.catalog.waitUntilLoaded()
    await settle()
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

  /// The title of the detail on top of `tab`'s stack, or `nil` if its root shows.
  func detailTitle(on tab: Tab) -> String? {
    let stack = app.coordinator(for: tab).stack
    guard stack.depth > 1, let detail = stack.top as? DetailScreen else { return nil }
    return detail.title
  }

  /// What navigation looks like: the selected tab and every tab's stack, by title.
  var navigationState: NavigationState {
    NavigationState(
      selectedTab: app.tabBar.selectedTab,
      stacks: Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, app.coordinator(for: $0).stack.titles) }),
      searchQuery: app.search.viewModel.query
    )
  }
}

/// A comparable picture of navigation, for "changes nothing" checks.
struct NavigationState: Equatable, CustomStringConvertible {
  let selectedTab: Tab
  let stacks: [Tab: [String]]
  let searchQuery: String

  var description: String {
    let stacks = Tab.allCases.map { "\($0): \(self.stacks[$0] ?? [])" }.joined(separator: ", ")
    return "selected \(selectedTab); \(stacks); query \"\(searchQuery)\""
  }
}
