import FunModelTestSupport

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// The whole app's navigation, built the way the composition root builds it: a
/// ``RootCoordinator`` over a ``ServiceLocator`` of mocks, signed in to the profile `ada`
/// unless asked not to, in ``VirtualTime``: ``settle()`` returns exactly when the app is idle,
/// ``advance(by:)`` moves time deadline by deadline.
@MainActor
final class AppHarness {
  let time = VirtualTime.forTests()
  let network: MockNetworkService
  let featureToggles = MockFeatureToggleService()
  let toasts = MockToastService()
  let clipboard = MockClipboardService()
  let logger = MockLoggerService()
  let profiles: MockProfilesService
  let sessions: MockSessionServicesRegistrar
  let locator = ServiceLocator()
  let root: RootCoordinator

  /// - Parameters:
  ///   - latency: how long each catalog load takes in virtual time.
  ///   - failure: makes every catalog load fail with this error.
  ///   - profiles: the saved profiles.
  ///   - signIn: the profile signed in at once; `nil` leaves the app signed out.
  ///   - sessionServices: what registers each session's services, given the mocks' registrar:
  ///     how a test puts a service of its own in a session.
  init(
    latency: Duration = .zero, failure: AppError? = nil, profiles: [String] = [], signIn: String? = "ada",
    sessionServices: (MockSessionServicesRegistrar) -> any SessionServicesRegistrar = { $0 }
  ) {
    network = MockNetworkService(
      result: failure.map { .failure($0) } ?? .success(CatalogFixtures.items),
      clock: time.clock,
      latency: latency
    )
    self.profiles = MockProfilesService(profiles: profiles)
    sessions = MockSessionServicesRegistrar(tasks: time.tasks)
    locator.register(.network, network as any NetworkService)
    locator.register(.featureToggles, featureToggles as any FeatureToggleService)
    locator.register(.toasts, toasts as any ToastService)
    locator.register(.clipboard, clipboard as any ClipboardService)
    locator.register(.logger, logger as any LoggerService)
    locator.register(.clock, time.clock as any Clock<Duration>)
    locator.register(.tasks, time.tasks)
    locator.register(.profiles, self.profiles as any ProfilesService)
    locator.register(.sessionServices, sessionServices(sessions))
    locator.register(.localizer, Localizer.base)
    root = RootCoordinator(services: RootDependencies(locator: locator), styleSupport: .none)
    if let signIn {
      do {
        try root.signIn(profileNamed: signIn)
      } catch {
        preconditionFailure("cannot sign in as \(signIn): \(error)")
      }
    }
  }

  /// The signed-in flow (the test fails loudly when nobody is signed in).
  var app: AppCoordinator {
    guard let app = root.signedIn else { preconditionFailure("nobody is signed in") }
    return app
  }

  /// The favorites of the session `ada`.
  var favorites: MockFavoritesService {
    sessions.favorites(of: .profile(Self.ada))
  }

  /// The profile the harness signs in to.
  static let ada: ProfileName = {
    do {
      return try ProfileName(validating: "ada")
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  /// What the app logged about deep links.
  var deepLinkLog: [MockLoggerService.Entry] {
    logger.entries.filter { $0.category == "deeplink" }
  }

  /// Starts the app and lets it go idle, which includes the first catalog load (it must not
  /// take clock time).
  func start() async throws {
    app.start()
    try await settle()
  }

  /// Returns once every task the app started is parked; virtual time does not move.
  func settle() async throws {
    try await time.settle()
  }

  /// Moves virtual time forward, letting each wake-up run before the next deadline.
  func advance(by duration: Duration) async throws {
    try await time.advance(by: duration)
  }

  /// Presses `/` and types `query`, as a person does, then waits out Search's debounce: Search
  /// shows with its field focused over the results for `query`.
  func search(for query: String) async throws {
    let view = root.rootView
    view.handle(.char("/"))
    for character in query { view.handle(.char(character)) }
    try await advance(by: SearchViewModel.debounceInterval)
  }

  /// The sign-in screen's model while nobody is signed in.
  var signIn: SignInViewModel? {
    guard case .signedOut(_, let model) = root.state else { return nil }
    return model
  }

  /// The title of the detail on top of `tab`'s stack, or `nil` if its root shows.
  func detailTitle(on tab: Tab) -> String? {
    let stack = app.coordinator(for: tab).stack
    guard stack.titles.count > 1, Self.model(of: stack.top, as: DetailViewModel.self) != nil else { return nil }
    return stack.top.title
  }

  /// The model `screen` is bound to, if it is a `Model`. Screens keep theirs private (and
  /// their types internal), and reflection reaches it without widening the production API
  /// just for tests.
  static func model<Model>(of screen: any Screen, as _: Model.Type) -> Model? {
    Mirror(reflecting: screen).children.first { $0.label == "viewModel" }?.value as? Model
  }

  /// What navigation looks like: the selected tab and every tab's stack, by title.
  var navigationState: NavigationState {
    NavigationState(
      activity: app.tabBar.activity,
      selectedTab: app.tabBar.selectedTab,
      stacks: Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, app.coordinator(for: $0).stack.titles) }),
      searchQuery: app.search.viewModel.field.text
    )
  }
}

/// A comparable picture of navigation, for "changes nothing" checks.
struct NavigationState: Equatable, CustomStringConvertible {
  let activity: Activity
  let selectedTab: Tab
  let stacks: [Tab: [String]]
  let searchQuery: String

  var description: String {
    let stacks = Tab.allCases.map { "\($0): \(self.stacks[$0] ?? [])" }.joined(separator: ", ")
    return "\(activity.id), selected \(selectedTab); \(stacks); query \"\(searchQuery)\""
  }
}
