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
    import \(app)Model
    import Observation

    /// The \(feature) tab: the catalog's items with one selected, and opening it. A start made
    /// by `add-feature`: give it \(feature)'s own data and actions.
    @Observable
    @MainActor
    public final class \(feature)ViewModel {
      @ObservationIgnored private let catalog: CatalogStore
      /// Where opening an item goes; the tab's coordinator sets itself.
      @ObservationIgnored public weak var coordinator: (any \(feature)Coordinating)?

      /// The selected row, an index into ``items``.
      public private(set) var selection = 0

      /// The tab over the shared catalog.
      public init(catalog: CatalogStore) {
        self.catalog = catalog
      }

      /// The items listed, in catalog order.
      public var items: [FeaturedItem] {
        catalog.items
      }

      /// What the user can do on the \(feature) tab, from a key, a click or a script command.
      public enum Action: Equatable, Sendable {
        /// Moves the selection that many rows down (up when negative), staying on the list.
        case move(by: Int)
        /// Opens the selected item's detail; nothing when the list is empty.
        case openSelected
      }

      /// Does what the user asked of the \(feature) tab.
      public func send(_ action: Action) {
        switch action {
        case .move(let offset): move(by: offset)
        case .openSelected: openSelected()
        }
      }

      func move(by offset: Int) {
        selection = max(0, min(items.count - 1, selection + offset))
      }

      func openSelected() {
        guard items.indices.contains(selection) else { return }
        coordinator?.showDetail(for: items[selection])
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

      func makeModel(network: MockNetworkService = MockNetworkService()) async -> \(feature)ViewModel {
        let stores = TestStores(time: time, network: network)
        _ = try? await stores.catalog.load()
        let model = \(feature)ViewModel(catalog: stores.catalog)
        model.coordinator = coordinator
        return model
      }

      @Test("Lists the catalog's items in catalog order, the first selected")
      func listsItems() async {
        let model = await makeModel()
        #expect(model.items.map(\\.id) == CatalogFixtures.items.map(\\.id))
        #expect(model.selection == 0)
      }

      @Test("The selection stays on the list, and opening shows the selected item's detail")
      func movesAndOpens() async {
        let model = await makeModel()
        model.send(.move(by: -1))
        #expect(model.selection == 0)
        model.send(.move(by: 1))
        model.send(.openSelected)
        #expect(coordinator.shownDetails.map(\\.id) == [CatalogFixtures.items[1].id])
        model.send(.move(by: 1000))
        #expect(model.selection == CatalogFixtures.items.count - 1)
      }

      @Test("With no items, nothing is selected to open")
      func emptyOpensNothing() async {
        let model = await makeModel(network: MockNetworkService(result: .success([])))
        model.send(.move(by: 1))
        model.send(.openSelected)
        #expect(model.selection == 0)
        #expect(coordinator.shownDetails.isEmpty)
      }
    }

    """
  }

  var screen: String {
    """
    import \(app)Model
    import \(app)ViewModel

    /// The \(feature) tab: a line that says what it is, then the catalog's items, the selected
    /// one marked; ↑/↓ move and Enter opens. A start made by `add-feature`.
    @MainActor
    final class \(feature)Screen: KeyBoundScreen {
      private let viewModel: \(feature)ViewModel
      private let strings: Localizer

      /// Binds the screen to its ViewModel; its text is resolved with `strings`.
      init(viewModel: \(feature)ViewModel, strings: Localizer = .base) {
        self.viewModel = viewModel
        self.strings = strings
      }

      var title: String { strings(L10n.Tab.\(lower)) }

      var hints: String { strings(L10n.\(feature).hints) }

      func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
        let end = area.row + area.height
        var row = area.row
        let intro = viewModel.items.isEmpty ? L10n.\(feature).empty : L10n.\(feature).intro
        for line in TextWrap.lines(TextSanitizer.sanitize(strings(intro)), width: area.width, limit: end - row) {
          canvas.put(text: line, at: Point(column: area.column, row: row), style: theme.dim)
          row += 1
        }
        row += 1
        // Scrolled so the selected row shows.
        let first = max(0, viewModel.selection - max(0, end - row - 1))
        for (index, item) in viewModel.items.enumerated().dropFirst(first) where row < end {
          let selected = index == viewModel.selection
          let title = TextWrap.lines(TextSanitizer.sanitize(item.title), width: max(1, area.width - 2), limit: 1)
          canvas.put(
            text: (selected ? "> " : "  ") + (title.first ?? ""), at: Point(column: area.column, row: row),
            style: selected ? theme.selection : theme.text)
          row += 1
        }
      }

      func keyBindings(in _: Rect) -> KeyBindings {
        KeyBindings([
          KeyBindings.Section(
            L10n.Help.section\(feature),
            [
              KeyBinding([.up, .char("k")], L10n.Help.move) { self.viewModel.send(.move(by: -1)) },
              KeyBinding([.down, .char("j")], L10n.Help.move) { self.viewModel.send(.move(by: 1)) },
              KeyBinding([.enter], L10n.Help.open) { self.viewModel.send(.openSelected) },
            ])
        ])
      }
    }

    """
  }

  var screensFunction: String {
    """

      /// The \(feature) tab: the catalog's items, and Enter to open one.
      public static func \(lower)(viewModel: \(feature)ViewModel, strings: Localizer) -> any Screen {
        \(feature)Screen(viewModel: viewModel, strings: strings)
      }
    """
  }

  var purityCase: String {
    """
        PurityCase(name: "\(feature)", keys: [.down, .down, .up]) {
          let harness = ScreenHarness()
          let model = \(feature)ViewModel(catalog: harness.catalog)
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
      private func show\(feature)(_ harness: ScreenHarness) async throws -> \(feature)ViewModel {
        let model = \(feature)ViewModel(catalog: harness.catalog)
        harness.show(\(feature)Screen(viewModel: model, strings: harness.strings), on: .\(lower))
        try await harness.loadCatalog()
        return model
      }

      @Test("\(feature) lists the catalog's items, the first selected", arguments: TerminalSize.snapshotSizes)
      func list(size: TerminalSize) async throws {
        let harness = ScreenHarness()
        _ = try await show\(feature)(harness)
        let frame = harness.frame(size)
        #expect(frame.plainText.contains("> \\(CatalogFixtures.items[0].title)"))
        expectSnapshot(of: harness, size: frame.size, named: "\(feature)/list")
      }

      @Test("↓ moves the selection and Enter opens the item")
      func moveAndOpen() async throws {
        let harness = ScreenHarness()
        let model = try await show\(feature)(harness)
        let coordinator = Mock\(feature)Coordinator()
        model.coordinator = coordinator
        harness.press(.down, .enter)
        #expect(model.selection == 1)
        #expect(coordinator.shownDetails.map(\\.id) == [CatalogFixtures.items[1].id])
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
        viewModel = \(feature)ViewModel(catalog: stores.catalog)
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

  /// A flow that reaches the tab by its link and by its activity, and opens an item's detail.
  func flow(scheme: String, activity: String) -> String {
    """
    # The \(feature) tab (made by add-feature): reached by its link and within its activity,
    # it lists the catalog and opens an item's detail.
    # args: --state-dir $STATE_DIR

    sign-in ada
    wait 1s
    deeplink \(scheme)://tab/\(lower)
    expect [\(feature)]
    activity \(activity)
    tab \(lower)
    key down
    key enter
    expect \(feature) ›

    """
  }
}
