import FunModelTestSupport

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// One screen under test inside a real ``RootView``: the mocks, the shared stores, the
/// ViewModels built on them, and a ``TestNavigator`` showing the screen.
///
/// Everything runs in ``VirtualTime``: the ViewModels start their tasks in its tracker and
/// sleep on its clock, so ``settle()`` returns exactly when the app is idle and
/// ``advance(by:)`` moves time deadline by deadline.
@MainActor
final class ScreenHarness {
  let time = VirtualTime.forTests()
  let network: MockNetworkService
  /// The favorites service; ``favoritesStore`` follows it.
  let favorites: MockFavoritesService
  let featureToggles: MockFeatureToggleService
  let toasts = MockToastService()
  /// Where Detail shares to; it says it took nothing, as a terminal may, so the toast only names
  /// the item.
  let clipboard = MockClipboardService(reaches: false)
  let profileDetails: MockProfileDetailsService
  /// Whose session the Profile tab shows.
  let session: Session
  let profiles: MockProfilesService
  let coordinator = MockCoordinator()
  let catalog: CatalogStore
  let favoritesStore: FavoritesStore
  /// The shared toggles store over ``featureToggles``.
  let togglesStore: TogglesStore
  let tabBar = TabBarViewModel()
  let toast: ToastViewModel
  let navigator: TestNavigator
  let rootView: RootView
  /// The language the root view speaks (the screens take theirs when built).
  let strings: Localizer
  /// The language a harness speaks unless its initialiser is told otherwise: the localized
  /// runs of ``PurityCase/everyScreen`` set it around a case's set-up.
  @TaskLocal static var language = Language.base
  /// The lines the `:` command line ran, in order.
  var commands: [String] { commandLog.lines }
  /// How many times the root view asked to suspend the app (Ctrl-Z).
  var suspensions: Int { commandLog.suspensions }
  private let commandLog = CommandLog()
  /// The stores of ``myItemsStore(items:)``: a store that goes takes its items out of the catalog.
  private var myItemsStores: [MyItemsStore] = []
  /// The theme the root view draws with (the navigator's); system unless a test changes it.
  var theme: Theme {
    get { navigator.theme }
    set { navigator.theme = newValue }
  }

  /// - Parameters:
  ///   - items: the catalog the network returns.
  ///   - failure: makes every catalog load fail with this error instead.
  ///   - latency: how long a catalog load takes in virtual time.
  ///   - progress: the steps a catalog load reports, evenly through its latency.
  ///   - sourceKind: the kind of source the catalog comes from.
  ///   - favorites: the ids favorited from the start.
  ///   - toggles: the feature toggles.
  init(
    items: [FeaturedItem] = CatalogFixtures.items,
    failure: AppError? = nil,
    latency: Duration = .zero,
    progress: [CatalogLoadProgress] = [],
    sourceKind: CatalogStatus.Source = .bundled,
    favorites: Set<String> = [],
    toggles: FeatureToggles = .defaults,
    profile: UserProfile = MockProfileDetailsService.adaProfile,
    session: Session = MockProfileDetailsService.adaSession,
    profiles: [String] = [],
    strings: Localizer = Localizer(language: ScreenHarness.language)
  ) {
    self.strings = strings
    profileDetails = MockProfileDetailsService(profile: profile)
    self.session = session
    self.profiles = MockProfilesService(profiles: profiles)
    network = MockNetworkService(
      result: failure.map { .failure($0) } ?? .success(items),
      clock: time.clock,
      latency: latency,
      progress: progress,
      sourceKind: sourceKind
    )
    self.favorites = MockFavoritesService(favorites: favorites)
    featureToggles = MockFeatureToggleService(toggles: toggles)
    togglesStore = TogglesStore(service: featureToggles, tasks: time.tasks, watchClock: nil)
    catalog = CatalogStore(network: network, toggles: togglesStore, tasks: time.tasks)
    favoritesStore = FavoritesStore(
      service: self.favorites, catalog: catalog, toasts: toasts, tasks: time.tasks, watchClock: nil)
    toast = ToastViewModel(toasts: toasts, clock: time.clock, tasks: time.tasks)
    navigator = TestNavigator(
      screen: ProfileScreen(
        viewModel: ProfileViewModel(
          session: session, details: profileDetails, favorites: favoritesStore, tasks: time.tasks),
        strings: strings),
      tabBar: tabBar
    )
    navigator.strings = strings
    navigator.favorites = favoritesStore
    let commandLog = commandLog
    rootView = RootView(
      toast: toast,
      spinner: ActivitySpinner(clock: time.clock, tasks: time.tasks),
      navigator: navigator,
      runCommand: { commandLog.lines.append($0) },
      suspend: { commandLog.suspensions += 1 },
      strings: strings
    )
  }

  // MARK: ViewModels, wired to the mocks

  func homeViewModel() -> HomeViewModel {
    let model = HomeViewModel(
      catalog: catalog,
      favorites: favoritesStore,
      toggles: togglesStore,
      toasts: toasts,
      tasks: time.tasks
    )
    model.coordinator = coordinator
    return model
  }

  func searchViewModel() -> SearchViewModel {
    let model = SearchViewModel(
      catalog: catalog,
      favorites: favoritesStore,
      toasts: toasts,
      clock: time.clock,
      tasks: time.tasks
    )
    model.coordinator = coordinator
    return model
  }

  func favoritesViewModel() -> FavoritesViewModel {
    let model = FavoritesViewModel(catalog: catalog, favorites: favoritesStore, toasts: toasts, tasks: time.tasks)
    model.coordinator = coordinator
    navigator.favoritesViewModel = model
    return model
  }

  func profileViewModel() -> ProfileViewModel {
    let model = ProfileViewModel(
      session: session, details: profileDetails, favorites: favoritesStore, tasks: time.tasks)
    model.coordinator = coordinator
    return model
  }

  func signInViewModel() -> SignInViewModel {
    let model = SignInViewModel(profiles: profiles, tasks: time.tasks)
    model.coordinator = coordinator
    return model
  }

  func settingsViewModel() -> SettingsViewModel {
    let model = SettingsViewModel(toggles: togglesStore, toasts: toasts)
    model.coordinator = coordinator
    return model
  }

  /// Presents `sheet` over the screen, as a coordinator would; its ViewModel's coordinator
  /// should be ``navigator``, which closes it.
  func present(_ sheet: any Sheet) {
    navigator.sheet = sheet
  }

  /// A question sheet of texts from the tables.
  func confirmationSheet(
    title: LocalizedText, message: LocalizedText, confirmTitle: LocalizedText,
    action: @escaping @MainActor () -> Void
  ) -> ConfirmationSheet {
    let model = ConfirmationViewModel(title: title, message: message, confirmTitle: confirmTitle, action: action)
    model.coordinator = navigator
    return ConfirmationSheet(viewModel: model, strings: strings)
  }

  /// A question sheet whose confirmation counts in `confirmations`.
  func confirmationSheet(title: String, message: String, confirmTitle: String, action: @escaping @MainActor () -> Void)
    -> ConfirmationSheet
  {
    let model = ConfirmationViewModel(
      title: .verbatim(title), message: .verbatim(message), confirmTitle: .verbatim(confirmTitle), action: action)
    model.coordinator = navigator
    return ConfirmationSheet(viewModel: model, strings: strings)
  }

  /// The profile editor over the session's details.
  func profileEditorSheet() -> ProfileEditorSheet {
    let model = ProfileEditorViewModel(details: profileDetails, toasts: toasts)
    model.coordinator = navigator
    return ProfileEditorSheet(viewModel: model, strings: strings)
  }

  /// Your own items over a mock service holding `items`, merged into ``catalog``; kept by the
  /// harness so they stay merged.
  func myItemsStore(items: [FeaturedItem], savesChanges: Bool = true) async throws -> MyItemsStore {
    let store = MyItemsStore(
      service: MockMyItemsService(items: items), catalog: catalog, favorites: favoritesStore, toasts: toasts,
      tasks: time.tasks,
      watchClock: nil, savesChanges: savesChanges)
    myItemsStores.append(store)
    try await settle()
    return store
  }

  /// Studio's My items over `store`.
  func myItemsViewModel(store: MyItemsStore) -> MyItemsViewModel {
    let model = MyItemsViewModel(store: store, catalog: catalog, favorites: favoritesStore, toasts: toasts)
    model.coordinator = coordinator
    return model
  }

  /// The form sheet over `store`, for a new item or your item `id`; ``navigator`` closes it.
  func myItemFormSheet(store: MyItemsStore, editing id: String? = nil) -> MyItemFormSheet {
    let model = MyItemFormViewModel(store: store, editing: id, didShow: { _ in })
    model.coordinator = navigator
    return MyItemFormSheet(viewModel: model, strings: strings)
  }

  func detailViewModel(_ item: FeaturedItem) -> DetailViewModel {
    DetailViewModel(item: item, catalog: catalog, favorites: favoritesStore, toasts: toasts, clipboard: clipboard)
  }

  // MARK: Driving the root view

  /// Shows `screen` on `tab`, with `trail` as the title line (the screen's title if `nil`).
  func show(_ screen: any Screen, on tab: Tab, trail: [String]? = nil) {
    navigator.screen = screen
    navigator.trail = trail
    tabBar.send(.select(tab))
  }

  /// Shows `screen` as the signed-out root does: no tab bar, nobody on the title line.
  func showSignedOut(_ screen: any Screen) {
    navigator.screen = screen
    navigator.trail = nil
    navigator.tabBar = nil
    navigator.favorites = nil
    navigator.sessionName = nil
  }

  /// Loads the catalog (it must not take clock time; a failed load is left to the test to
  /// observe) and lets every observer catch up.
  func loadCatalog() async throws {
    _ = try? await catalog.load()
    try await settle()
  }

  /// Presses `keys` one after another, through the root view.
  func press(_ keys: Key...) {
    for key in keys {
      rootView.handle(key)
    }
  }

  /// Clicks at `point` (0-based), through the root view.
  func click(at point: Point) {
    rootView.handle(.mouse(MouseEvent(.click, at: point)))
  }

  /// Where `text` first starts on the frame for `size`: its column is the display width of
  /// what is before it, so a test finds what it clicks instead of writing numbers down.
  func cell(of text: String, size: TerminalSize) -> Point? {
    let frame = frame(size)
    for row in 0..<frame.rows {
      let line = frame.line(row)
      if let range = line.range(of: text) {
        return Point(column: DisplayWidth.of(String(line[..<range.lowerBound])), row: row)
      }
    }
    return nil
  }

  /// Types `text` one key per character, through the root view.
  func type(_ text: String) {
    for character in text {
      rootView.handle(.char(character))
    }
  }

  /// Returns once every task the app started is parked; virtual time does not move.
  func settle() async throws {
    try await time.settle()
  }

  /// Moves virtual time forward, letting each wake-up run before the next deadline.
  func advance(by duration: Duration) async throws {
    try await time.advance(by: duration)
  }

  /// The frame for a terminal of `size`. Like the app, it tells the root view the terminal's
  /// size before drawing at it, so the keys that follow are handled against that layout.
  func frame(_ size: TerminalSize) -> Canvas {
    rootView.terminalSize = size
    return rootView.render(size: size)
  }

  /// The hint the bottom line offers for `key` at `size` ("f unfavorite"), as the line shows
  /// it; `nil` when it offers none there.
  func hint(for key: Character, size: TerminalSize = .standard) -> String? {
    let frame = frame(size)
    return frame.line(frame.rows - 1).components(separatedBy: "  ")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix("\(key) ") }
  }
}

/// What the `:` command line ran, and how often Ctrl-Z asked to suspend the app.
@MainActor
private final class CommandLog {
  var lines: [String] = []
  var suspensions = 0
}

extension TerminalSize {
  /// The sizes every screen is snapshotted at: the classic terminal and the smallest laid out.
  static let snapshotSizes = [TerminalSize.standard, TerminalSize(columns: 40, rows: 12)]
}
