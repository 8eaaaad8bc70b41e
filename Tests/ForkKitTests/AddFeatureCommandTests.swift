import Foundation
import Testing

@testable import ForkKit

/// `add-feature` on a fixture tree on disk: the files it writes, where it registers the tab
/// (beside entries others added), and what it refuses.
@Suite("add-feature", .timeLimit(.minutes(1)))
struct AddFeatureCommandTests {
  /// The places a tab is registered, shaped as the app's, with a tab (`myItems`) someone else
  /// added after the sample's.
  static let registrationFiles: [String: String] = [
    "Model/Sources/AcmeModel/Domain/Tab.swift": """
    public enum Tab: String {
      case home, search
      case sources
      case myItems

      public var label: LocalizedText {
        switch self {
        case .home: L10n.Tab.home
        case .search: L10n.Tab.search
        case .sources: L10n.Tab.sources
        case .myItems: L10n.Tab.myItems
        }
      }
    }
    """,
    "Model/Sources/AcmeModel/Domain/Activity.swift": """
    public struct Activity {
      init(id: String, name: LocalizedText, tabs: [Tab], defaultTab: Tab? = nil) {}

      /// Browsing.
      public static let explore = Activity(
        id: "explore", name: L10n.Activity.explore, tabs: [.home, .search])

      /// Working.
      public static let studio = Activity(id: "studio", name: L10n.Activity.studio, tabs: [.sources, .myItems])

      /// Every activity, in switcher order.
      public static let all: [Activity] = [explore, studio]
    }
    """,
    "Coordinator/Sources/AcmeCoordinator/App/AppCoordinator.swift": """
    public final class AppCoordinator {
      let home: HomeCoordinator
      let myItems: MyItemsCoordinator

      private let dependencies: SessionDependencies

      init() {
        home = HomeCoordinator(stores: stores, dependencies: dependencies, presenter: presenter, tabBar: tabBar)
        myItems = MyItemsCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
      }

      func coordinator(for tab: Tab) -> TabCoordinator {
        switch tab {
        case .home: home
        case .myItems: myItems
        }
      }
    }
    """,
    "Frontend/Sources/AcmeFrontend/Screens/Common/Screens.swift": """
    public enum Screens {
      public static func home() -> any Screen {
        HomeScreen()
      }
    }
    """,
    "Model/Sources/AcmeModelTestSupport/MockCoordinators.swift": """
    @MainActor
    public final class MockCoordinator: HomeCoordinating,
      MyItemsCoordinating
    {
      public init() {}
    }
    """,
    "Frontend/Tests/AcmeFrontendTests/Screens/Common/RenderPurityTests.swift": """
    extension PurityCase {
      static let everyScreen: [PurityCase] = [
        PurityCase(name: "Home", keys: []) { ScreenHarness() },
      ]
    }
    """,
    "Model/Sources/AcmeModel/Localization/Tables/en.json": """
    {
      "app.name": "Acme",
      "tab.home": "Home",
      "tab.myItems": "My items",

      "activity.explore": "Explore",

      "help.title": "Help: {screen}",
      "help.hints": "? help",
      "help.sectionList": "The list"
    }
    """,
    "Model/Sources/AcmeModel/Localization/Tables/de.json": """
    {
      "app.name": "Acme",
      "tab.home": "Start",
      "tab.myItems": "Meine Einträge",

      "activity.explore": "Entdecken",

      "help.title": "Hilfe: {screen}",
      "help.hints": "? Hilfe",
      "help.sectionList": "Die Liste"
    }
    """,
  ]

  static func fixture() throws -> ForkFixture {
    let fixture = try ForkFixture()
    for (path, text) in registrationFiles {
      try TreeFile.write(text, to: fixture.root.appending(path: path))
    }
    return fixture
  }

  @Test("Writes each layer's files under the app's module names, and a flow in the app's extension")
  func writesFiles() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let output = try AddFeatureCommand(arguments: ["Orders", "--allow-dirty"]).run(root: fixture.root)
    for path in [
      "Model/Sources/AcmeModel/Coordinators/OrdersCoordinating.swift",
      "Model/Sources/AcmeModelTestSupport/MockOrdersCoordinator.swift",
      "ViewModel/Sources/AcmeViewModel/Orders/OrdersViewModel.swift",
      "ViewModel/Tests/AcmeViewModelTests/Orders/OrdersViewModelTests.swift",
      "Frontend/Sources/AcmeFrontend/Screens/Orders/OrdersScreen.swift",
      "Frontend/Tests/AcmeFrontendTests/Screens/Orders/OrdersScreenTests.swift",
      "Coordinator/Sources/AcmeCoordinator/Tabs/OrdersCoordinator.swift",
    ] {
      #expect(fixture.exists(path), "\(path)")
      #expect(output.contains("  new     \(path)"))
    }
    #expect(
      fixture.text("ViewModel/Tests/AcmeViewModelTests/Orders/OrdersViewModelTests.swift")?.contains(
        "@testable import AcmeViewModel") == true)
    #expect(fixture.text("App/Flows/orders.acme")?.contains("deeplink acmeapp://tab/orders") == true)
    #expect(fixture.text("App/Flows/orders-spoken.acme")?.contains("# args: --screen-reader") == true)
    // The tab is a list tab like the others: the one list behaviour, its status and refresh.
    let viewModel = fixture.text("ViewModel/Sources/AcmeViewModel/Orders/OrdersViewModel.swift") ?? ""
    #expect(viewModel.contains("lazy var list = ItemList("))
    #expect(!viewModel.contains("var status"), "the list's status is the tab's, as on Favorites")
    #expect(viewModel.contains("CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)"))
    let screen = fixture.text("Frontend/Sources/AcmeFrontend/Screens/Orders/OrdersScreen.swift") ?? ""
    #expect(screen.contains("var itemList: ItemList? { viewModel.list }"))
    #expect(screen.contains("ItemListView.keyBindings(list: viewModel.list"))
    #expect(screen.contains("if CatalogListStatusView.render("), "the first load drawn as on every list tab")
    #expect(output.first == "Added the Orders tab to explore:")
    #expect(output.contains("Next:"))
  }

  @Test("Registers the tab after the last entry of each kind, whoever added it")
  func registersAfterOthers() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    _ = try AddFeatureCommand(arguments: ["Orders", "--activity", "studio", "--allow-dirty"]).run(root: fixture.root)
    let tab = fixture.text("Model/Sources/AcmeModel/Domain/Tab.swift") ?? ""
    #expect(tab.contains("  case myItems\n  case orders\n"))
    #expect(tab.contains("    case .myItems: L10n.Tab.myItems\n    case .orders: L10n.Tab.orders\n"))
    let activity = fixture.text("Model/Sources/AcmeModel/Domain/Activity.swift") ?? ""
    #expect(activity.contains("tabs: [.sources, .myItems, .orders])"))
    #expect(activity.contains("tabs: [.home, .search])"))
    let app = fixture.text("Coordinator/Sources/AcmeCoordinator/App/AppCoordinator.swift") ?? ""
    #expect(app.contains("  let myItems: MyItemsCoordinator\n  let orders: OrdersCoordinator\n"))
    #expect(
      app.contains(
        "presenter: presenter)\n    orders = OrdersCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)\n  }"
      ))
    #expect(app.contains("    case .myItems: myItems\n    case .orders: orders\n"))
    let screens = fixture.text("Frontend/Sources/AcmeFrontend/Screens/Common/Screens.swift") ?? ""
    #expect(screens.contains("public static func orders(viewModel: OrdersViewModel, strings: Localizer) -> any Screen"))
    #expect(screens.trimmingCharacters(in: .newlines).hasSuffix("}\n}"))
    let purity = fixture.text("Frontend/Tests/AcmeFrontendTests/Screens/Common/RenderPurityTests.swift") ?? ""
    #expect(purity.contains("[PurityCase] = [\n    PurityCase(name: \"Orders\""))
    #expect(purity.contains("model.coordinator = harness.coordinator"))
    let mocks = fixture.text("Model/Sources/AcmeModelTestSupport/MockCoordinators.swift") ?? ""
    #expect(mocks.contains("  MyItemsCoordinating, OrdersCoordinating\n{"), "the one mock takes the tab's protocol")
    for language in ["en", "de"] {
      let table = fixture.text("Model/Sources/AcmeModel/Localization/Tables/\(language).json") ?? ""
      let decoded = try JSONSerialization.jsonObject(with: Data(table.utf8)) as? [String: String]
      #expect(decoded?["tab.orders"] == "Orders", "\(language)")
      #expect(
        ["hints", "hintsEmpty", "intro", "empty"].allSatisfy { decoded?["orders.\($0)"] != nil }, "\(language)")
    }
    // Every string but the tab's name (the name given) is German in the German table.
    let german = fixture.text("Model/Sources/AcmeModel/Localization/Tables/de.json") ?? ""
    #expect(german.contains("\"orders.hints\": \"↑↓ bewegen"))
    #expect(german.contains("\"orders.empty\": \"Hier ist noch nichts.\""))
  }

  @Test("MockCoordinator whose protocols fit on its declaration's line takes the tab's before its brace")
  func mockCoordinatorOnOneLine() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let path = "Model/Sources/AcmeModelTestSupport/MockCoordinators.swift"
    try TreeFile.write(
      """
      @MainActor
      public final class MockCoordinator: HomeCoordinating, MyItemsCoordinating {
        public init() {}
      }

      extension MockCoordinator {
      }
      """, to: fixture.root.appending(path: path))
    _ = try AddFeatureCommand(arguments: ["Orders", "--allow-dirty"]).run(root: fixture.root)
    let mocks = fixture.text(path) ?? ""
    #expect(
      mocks.contains(
        "public final class MockCoordinator: HomeCoordinating, MyItemsCoordinating, OrdersCoordinating {\n  public init() {}\n"
      ), "\(mocks)")
    #expect(mocks.contains("extension MockCoordinator {\n}"), "no later brace edited")
  }

  @Test("A new activity is declared before the list of all, appended to it, and named in the tables")
  func declaresNewActivity() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    _ = try AddFeatureCommand(arguments: ["Orders", "--new-activity", "shop", "--allow-dirty"]).run(root: fixture.root)
    let activity = fixture.text("Model/Sources/AcmeModel/Domain/Activity.swift") ?? ""
    #expect(
      activity.contains("public static let shop = Activity(id: \"shop\", name: L10n.Activity.shop, tabs: [.orders])"))
    #expect(activity.contains("public static let all: [Activity] = [explore, studio, shop]"))
    #expect(activity.contains("tabs: [.sources, .myItems])"))
    #expect(
      fixture.text("Model/Sources/AcmeModel/Localization/Tables/de.json")?.contains("\"activity.shop\": \"Orders\"")
        == true)
    #expect(fixture.text("App/Flows/orders.acme")?.contains("activity shop\n") == true)
  }

  @Test(
    "Refuses a bad name, an existing tab, file or string key, an unknown activity, and writes nothing",
    arguments: [
      (["orders"], "cannot name a feature"), (["Default"], "a word Swift reserves"),
      (["Or-ders"], "cannot name a feature"),
      (["MyItems"], "There is a tab myItems already"), (["Orders", "--activity", "shop"], "There is no activity shop"),
      (["Orders", "--new-activity", "studio"], "There is an activity studio already"),
      (["Orders", "--new-activity", "tab"], "cannot be an activity's id"),
      // Only the flow's name clashes (the sample's tour), or only a string key (help's hints):
      // each file and key is checked before anything is written, not just the layers' files.
      (["Tour"], "Tour clashes with what is there: App/Flows/tour.acme exists already"),
      (
        ["Help"],
        #"Help clashes with what is there: Model/Sources/AcmeModel/Localization/Tables/de.json has the key "help.hints" already"#
      ),
    ])
  func refuses(arguments: [String], reason: String) throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let before = try TreeFile.paths(under: fixture.root).map { "\($0)\n\(fixture.text($0) ?? "")" }
    let error = #expect(throws: ForkKitError.self) {
      try AddFeatureCommand(arguments: arguments + ["--allow-dirty"]).run(root: fixture.root)
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains(reason))
    #expect(try TreeFile.paths(under: fixture.root).map { "\($0)\n\(fixture.text($0) ?? "")" } == before)
  }
}
