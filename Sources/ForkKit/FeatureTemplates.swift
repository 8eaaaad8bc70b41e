/// The files `add-feature` writes for a new tab, in the shape the "Add a tab" how-to describes:
/// each a working start (the tab lists the catalog's items and opens one) that the feature's
/// author then makes its own.
struct FeatureTemplates {
  /// The module prefix: `Fun`.
  let app: String
  /// The feature's type prefix: `Orders`.
  let feature: String

  /// The feature's name as a tab case, string-table key and folder-free identifier: `orders`.
  var lower: String {
    feature.prefix(1).lowercased() + feature.dropFirst()
  }

  /// Every new file, by path relative to the root.
  var files: [String: String] {
    [
      "Model/Sources/\(app)Model/Coordinators/\(feature)Coordinating.swift": coordinating,
      "Model/Sources/\(app)ModelTestSupport/Mock\(feature)Coordinator.swift": mock,
      "ViewModel/Sources/\(app)ViewModel/\(feature)/\(feature)ViewModel.swift": viewModel,
      "ViewModel/Tests/\(app)ViewModelTests/\(feature)/\(feature)ViewModelTests.swift": viewModelTests,
      "Frontend/Sources/\(app)Frontend/Screens/\(feature)/\(feature)Screen.swift": screen,
      "Frontend/Tests/\(app)FrontendTests/Screens/\(feature)/\(feature)ScreenTests.swift": screenTests,
      "Coordinator/Sources/\(app)Coordinator/Tabs/\(feature)Coordinator.swift": coordinator,
    ]
  }

  var coordinating: String {
    """
    /// What the \(feature) tab asks of navigation.
    @MainActor
    public protocol \(feature)Coordinating: AnyObject {
      /// Pushes the item's detail on the \(feature) stack.
      func showDetail(for item: FeaturedItem)
    }

    """
  }

  var mock: String {
    """
    import \(app)Model

    /// Navigation for the \(feature) tab's tests: records what it was asked to show.
    @MainActor
    public final class Mock\(feature)Coordinator: \(feature)Coordinating {
      /// The items whose detail was asked for, in order.
      public private(set) var shownDetails: [FeaturedItem] = []

      /// A coordinator that has shown nothing yet.
      public init() {}

      public func showDetail(for item: FeaturedItem) {
        shownDetails.append(item)
      }
    }

    """
  }

  var viewModel: String {
    """
    import \(app)Core
    import \(app)Model
    import Observation

    /// The \(feature) tab: the catalog's items, live, in catalog order; opening one shows its
    /// detail. A start made by `add-feature`: give the tab its own data and actions.
    ///
    /// Its shape is every list tab's (Favorites is the model): the rows are an ``ItemList``, so
    /// the keys, the mouse, the script commands and the screen reader drive it as they drive
    /// the others; the list's ``ItemList/status`` says where the catalog's first load stands, and ``Action/refresh``
    /// fetches it again through the refresh every list tab shares.
    @Observable
    @MainActor
    public final class \(feature)ViewModel {
      /// Where opening an item goes (not observed: no screen draws it).
      @ObservationIgnored
      public weak var coordinator: (any \(feature)Coordinating)?

      /// The catalog's items, in catalog order; opening one shows its detail.
      @ObservationIgnored public private(set) lazy var list = ItemList(
        rows: { [catalog] in CatalogItems(catalog.items) },
        showsCatalogStatus: true,
        catalog: catalog,
        favorites: favorites,
        open: { [weak self] item in self?.coordinator?.showDetail(for: item) }
      )

      @ObservationIgnored private let catalog: CatalogStore
      @ObservationIgnored private let favorites: FavoritesStore
      @ObservationIgnored private let catalogRefresh: CatalogRefresh

      /// The \(feature) tab over the shared stores; refreshes report to `toasts` and run in
      /// tasks of `tasks`.
      public init(catalog: CatalogStore, favorites: FavoritesStore, toasts: any ToastService, tasks: TaskTracker) {
        self.catalog = catalog
        self.favorites = favorites
        catalogRefresh = CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)
      }

      /// What the user can do on the \(feature) tab besides what its ``list`` does.
      public enum Action: Equatable, Sendable {
        /// Fetches the catalog again, as every list tab does; after a failed load, the retry.
        case refresh
      }

      /// Does what the user asked of the \(feature) tab.
      public func send(_ action: Action) {
        switch action {
        case .refresh: catalogRefresh.start()
        }
      }

      /// Whether a load or a refresh is in flight.
      public var isBusy: Bool {
        catalogRefresh.isLoadingOrRefreshing
      }
    }

    """
  }

  var viewModelTests: String {
    """
    import \(app)ModelTestSupport
    import Testing

    @testable import \(app)Core
    @testable import \(app)Model
    @testable import \(app)ViewModel

    @Suite("\(feature)ViewModel")
    @MainActor
    struct \(feature)ViewModelTests {
      let time = VirtualTime.forTests()
      let coordinator = Mock\(feature)Coordinator()
      let toasts = MockToastService()

      func makeModel(_ network: MockNetworkService = MockNetworkService()) -> \(feature)ViewModel {
        let stores = TestStores(time: time, network: network)
        let model = \(feature)ViewModel(
          catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
        model.coordinator = coordinator
        return model
      }

      @Test("status goes waiting, loading, loaded (empty for a catalog without items); isBusy while a load or refresh runs")
      func statusOfTheFirstLoad() async throws {
        let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
        let model = makeModel(network)
        #expect(model.list.status == .waiting)
        #expect(!model.isBusy)
        model.send(.refresh)
        try await time.advance(by: .milliseconds(299))
        #expect(model.list.status == .loading(lastError: nil))
        #expect(model.isBusy)
        try await time.advance(by: .milliseconds(1))
        #expect(model.list.status == .loaded)
        #expect(!model.isBusy)
        #expect(model.list.rows.map(\\.id) == CatalogFixtures.items.map(\\.id))
        network.result = .success([])
        model.send(.refresh)
        #expect(model.isBusy)
        try await time.advance(by: .milliseconds(300))
        #expect(model.list.status == .empty)
        #expect(!model.isBusy)
        #expect(network.fetchCount == 2)
        #expect(toasts.shownToasts == Array(repeating: .success(L10n.Refresh.done), count: 2))
      }

      @Test("After a failed first load, status is the failure; a retry in flight still carries it, and its success loads")
      func statusAfterAFailure() async throws {
        let failure = AppError.simulatedNetworkFailure
        let network = MockNetworkService(result: .failure(failure), clock: time.clock, latency: .milliseconds(300))
        let model = makeModel(network)
        model.send(.refresh)
        try await time.advance(by: .milliseconds(300))
        #expect(model.list.status == .failed(failure))
        #expect(toasts.shownToasts == [.error(failure.message)])
        network.result = .success(CatalogFixtures.items)
        model.send(.refresh)
        try await time.advance(by: .milliseconds(299))
        #expect(model.list.status == .loading(lastError: failure))
        try await time.advance(by: .milliseconds(1))
        #expect(model.list.status == .loaded)
      }

      @Test("The list is the shared one: opening the selected item shows its detail, f makes it a favorite")
      func listOpensAndFavorites() async throws {
        let model = makeModel()
        model.send(.refresh)
        try await time.settle()
        model.list.send(.move(by: 1))
        model.list.send(.openSelected)
        #expect(coordinator.shownDetails.map(\\.id) == [CatalogFixtures.items[1].id])
        model.list.send(.toggleFavoriteOfSelected)
        #expect(model.list.isFavorite(CatalogFixtures.items[1].id))
      }
    }

    """
  }

  var screen: String {
    """
    import \(app)Model
    import \(app)ViewModel

    /// The \(feature) tab: a line that says what it is, then the catalog's items as every list
    /// shows them (``ItemListView``: its keys, marks and clicks); while the catalog loads or
    /// after it failed, that instead. A start made by `add-feature`.
    @MainActor
    final class \(feature)Screen: Screen {
      private let viewModel: \(feature)ViewModel
      var boundViewModel: AnyObject? { viewModel }
      private let strings: Localizer

      /// Binds the screen to its ViewModel; its text is resolved with `strings`.
      init(viewModel: \(feature)ViewModel, strings: Localizer) {
        self.viewModel = viewModel
        self.strings = strings
      }

      var title: String { strings(L10n.Tab.\(lower)) }

      /// With nothing listed, the list's keys would do nothing: the hints offer only the retry.
      func hints(in _: Rect) -> String {
        strings(viewModel.list.status == .loaded ? L10n.\(feature).hints : L10n.\(feature).hintsEmpty)
      }

      var itemList: ItemList? { viewModel.list }

      var isBusy: Bool { viewModel.isBusy }

      func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
        // The wait for the catalog's first load, or why it failed: drawn as on every list tab.
        if CatalogListStatusView.render(viewModel.list, into: &canvas, area: area, strings: strings, theme: theme) {
          return
        }
        if viewModel.list.status == .empty {
          EmptyListView.render(L10n.\(feature).empty, into: &canvas, area: area, strings: strings, theme: theme)
          return
        }
        let end = canvas.put(
          text: DisplayWidth.truncate(strings(L10n.\(feature).intro), to: area.width),
          at: Point(column: area.column, row: area.row), style: theme.dim)
        ItemListView.renderPosition(
          of: viewModel.list, into: &canvas, row: area.row, area: area, after: end, strings: strings, theme: theme)
        ItemListView.render(viewModel.list, into: &canvas, area: listArea(in: area), theme: theme, strings: strings)
      }

      /// Where the list goes: below the line that says what the tab is. Render and the paging
      /// keys both use it, so a page is exactly what is drawn.
      private func listArea(in area: Rect) -> Rect {
        Rect(column: area.column, row: area.row + 1, width: area.width, height: area.height - 1)
      }

      func keyBindings(in area: Rect) -> KeyBindings {
        KeyBindings([
          KeyBindings.Section(
            L10n.Help.sectionList, ItemListView.keyBindings(list: viewModel.list, rows: listArea(in: area).height)),
          KeyBindings.Section(
            L10n.Tab.\(lower), [KeyBinding([.char("r")], L10n.Help.refresh) { self.viewModel.send(.refresh) }]),
        ])
      }
    }

    """
  }

  var screensFunction: String {
    """

      /// The \(feature) tab: the catalog's items, as every list shows them.
      public static func \(lower)(viewModel: \(feature)ViewModel, strings: Localizer) -> any Screen {
        \(feature)Screen(viewModel: viewModel, strings: strings)
      }
    """
  }

  var purityCase: String {
    """
        PurityCase(name: "\(feature)", keys: [.down, .down, .up, .end, .char("f")]) {
          let harness = ScreenHarness()
          let model = \(feature)ViewModel(
            catalog: harness.catalog, favorites: harness.favoritesStore, toasts: harness.toasts, tasks: harness.time.tasks)
          model.coordinator = harness.coordinator
          harness.show(\(feature)Screen(viewModel: model, strings: harness.strings), on: .\(lower))
          try await harness.loadCatalog()
          return harness
        },
    """
  }

  var screenTests: String {
    """
    import \(app)ModelTestSupport
    import Testing

    @testable import \(app)Core
    @testable import \(app)Frontend
    @testable import \(app)Model
    @testable import \(app)ViewModel

    @Suite("\(feature)Screen")
    @MainActor
    struct \(feature)ScreenTests {
      private func show\(feature)(_ harness: ScreenHarness, load: Bool = true) async throws -> \(feature)ViewModel {
        let model = \(feature)ViewModel(
          catalog: harness.catalog, favorites: harness.favoritesStore, toasts: harness.toasts, tasks: harness.time.tasks)
        harness.show(\(feature)Screen(viewModel: model, strings: harness.strings), on: .\(lower))
        if load { try await harness.loadCatalog() }
        return model
      }

      /// The selected row of the frame: the one line that starts with `>`.
      private func selectedRow(_ harness: ScreenHarness, _ size: TerminalSize = .standard) -> String? {
        harness.frame(size).plainText.split(separator: "\\n").first { $0.hasPrefix(" >") }.map(String.init)
      }

      @Test("\(feature) lists the catalog's items, the first selected", arguments: TerminalSize.snapshotSizes)
      func list(size: TerminalSize) async throws {
        let harness = ScreenHarness()
        _ = try await show\(feature)(harness)
        let frame = harness.frame(size)
        #expect(selectedRow(harness, size)?.contains(CatalogFixtures.items[0].title) == true)
        expectSnapshot(of: harness, size: frame.size, named: "\(feature)/list")
      }

      @Test("While the catalog loads it says so; a failed load says why, and r retries")
      func loadingAndFailure() async throws {
        let harness = ScreenHarness(latency: .milliseconds(300))
        _ = try await show\(feature)(harness, load: false)
        harness.press(.char("r"))
        try await harness.settle()
        #expect(harness.frame(.standard).plainText.contains(harness.strings(L10n.Common.loadingCatalog)))
        try await harness.advance(by: .milliseconds(300))
        #expect(selectedRow(harness)?.contains(CatalogFixtures.items[0].title) == true)

        let failing = ScreenHarness(failure: .simulatedNetworkFailure)
        _ = try await show\(feature)(failing)
        let text = failing.frame(.standard).plainText
        #expect(text.contains(failing.strings(L10n.Common.tryAgain)))
        #expect(!text.contains(failing.strings(L10n.\(feature).empty)))
        failing.network.result = .success(CatalogFixtures.items)
        failing.press(.char("r"))
        try await failing.settle()
        #expect(selectedRow(failing)?.contains(CatalogFixtures.items[0].title) == true)
      }

      @Test("The list's keys and clicks: ↓ Enter opens, End goes to the last row, f marks it ★, a click selects")
      func listKeys() async throws {
        let harness = ScreenHarness()
        let model = try await show\(feature)(harness)
        let coordinator = Mock\(feature)Coordinator()
        model.coordinator = coordinator
        harness.press(.down, .enter)
        #expect(coordinator.shownDetails.map(\\.id) == [CatalogFixtures.items[1].id])
        harness.press(.end, .char("f"))
        let last = CatalogFixtures.items[CatalogFixtures.items.count - 1]
        #expect(model.list.selectedItem?.id == last.id)
        #expect(selectedRow(harness)?.contains("★ \\(last.title)") == true)
        harness.press(.home)
        let frame = harness.frame(.standard)
        let row = try #require((0..<frame.rows).first { frame.line($0).contains(CatalogFixtures.items[2].title) })
        harness.press(.mouse(MouseEvent(.click, at: Point(column: 5, row: row))))
        #expect(model.list.selectedIndex == 2)
      }
    }

    """
  }

  var coordinator: String {
    """
    import \(app)Frontend
    import \(app)Model
    import \(app)ViewModel

    /// The \(feature) tab: builds its ViewModel and screen, and pushes an item's detail when
    /// the screen asks.
    @MainActor
    final class \(feature)Coordinator: TabCoordinator, \(feature)Coordinating {
      let viewModel: \(feature)ViewModel

      init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
        viewModel = \(feature)ViewModel(
          catalog: stores.catalog, favorites: stores.favorites, toasts: dependencies.toasts, tasks: dependencies.tasks)
        super.init(
          root: Screens.\(lower)(viewModel: viewModel, strings: dependencies.strings),
          dependencies: dependencies, stores: stores, presenter: presenter)
        viewModel.coordinator = self
      }
    }

    """
  }

  /// The flow's path: App/Flows/<feature>.<binary>.
  var flowPath: String {
    "App/Flows/\(lower).\(app.lowercased())"
  }

  /// The screen-reader flow's path: App/Flows/<feature>-spoken.<binary>.
  var spokenFlowPath: String {
    "App/Flows/\(lower)-spoken.\(app.lowercased())"
  }

  /// A flow that reaches the tab by its link and by its activity, marks a row a favorite and
  /// opens an item's detail.
  func flow(scheme: String, activity: String) -> String {
    """
    # The \(feature) tab (made by add-feature): reached by its link and within its activity,
    # it lists the catalog as every list does, marks a favorite and opens an item's detail.
    # args: --state-dir $STATE_DIR

    sign-in ada
    wait 1s
    deeplink \(scheme)://tab/\(lower)
    expect [\(feature)]
    activity \(activity)
    tab \(lower)
    key down
    key f
    expect > ★
    key enter
    expect \(feature) ›

    """
  }

  /// The same tab in screen-reader mode: the reader says its rows, as on every list, with no
  /// line of the reader's own for it.
  func spokenFlow(scheme: String) -> String {
    """
    # The \(feature) tab (made by add-feature) in screen-reader mode: its title, how many items
    # and the selected row are said, as on every list tab.
    # args: --screen-reader --state-dir $STATE_DIR

    sign-in ada
    wait 1s
    deeplink \(scheme)://tab/\(lower)
    expect \(feature)
    expect item 1 of
    key down
    expect 2 of
    key f
    expect Favorited

    """
  }
}
