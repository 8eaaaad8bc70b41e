import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("Tab stacks")
@MainActor
struct TabStacksTests {
  @Test("/ shows Search's first screen with its field focused: from a detail opened there, and from Studio")
  func slashShowsSearchField() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    app.tabBar.send(.select(.search))
    app.search.viewModel.list.send(.open(CatalogFixtures.item("macros")))
    app.tabBar.send(.switchTo(.studio))
    #expect(harness.detailTitle(on: .search) == "Macros")

    harness.root.rootView.handle(.char("/"))

    #expect(app.tabBar.selectedTab == .search)
    #expect(harness.detailTitle(on: .search) == nil, "back at Search's first screen")
    #expect(app.currentScreen.isEditingText)
    harness.root.rootView.handle(.char("x"))
    #expect(app.search.viewModel.field.text == "x")
  }

  @Test(
    "A detail opened over Search's focused field, by a link or by clicking a result, leaves the field: back on Search j moves",
    arguments: ["link", "click"])
  func detailOverFocusedFieldLeavesIt(way: String) async throws {
    let harness = AppHarness()
    try await harness.start()
    let view = harness.root.rootView
    try await harness.search(for: "sw")
    let search = harness.app.search

    if way == "link" {
      #expect(await harness.root.open("funapp://item/combine") == nil)
    } else {
      let frame = view.render(size: view.terminalSize)
      let row = try #require((0..<frame.size.rows).first { frame.line($0).contains("SwiftData") })
      let click = MouseEvent(.click, at: Point(column: 6, row: row))
      view.handle(.mouse(click))
      view.handle(.mouse(click))
    }
    #expect(search.stack.titles.count == 2, "\(way)")
    #expect(!search.stack.root.isEditingText, "\(way)")

    view.handle(.escape)
    let selected = search.viewModel.list.selectedIndex
    view.handle(.char("j"))
    #expect(search.viewModel.field.text == "sw", "\(way)")
    #expect(search.viewModel.list.selectedIndex != selected, "\(way)")
  }

  @Test("Each tab keeps its own stack across tab switches")
  func stacksAreIndependent() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    app.home.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
    #expect(AppHarness.model(of: app.currentScreen, as: DetailViewModel.self)?.item.id == "swiftui")
    #expect(app.breadcrumb == ["Home", "SwiftUI"])

    app.tabBar.send(.select(.search))
    #expect(app.currentScreen === app.search.stack.root)
    app.search.viewModel.list.send(.open(CatalogFixtures.item("macros")))
    #expect(app.breadcrumb == ["Search", "Macros"])

    app.tabBar.send(.select(.home))
    #expect(harness.detailTitle(on: .home) == "SwiftUI")
    #expect(app.currentScreen.title == "SwiftUI")
    #expect(app.home.stack.titles.count == 2)
    #expect(app.search.stack.titles.count == 2)
    #expect(harness.detailTitle(on: .search) == "Macros")
    #expect(app.favorites.stack.titles.count == 1)
  }

  @Test("Favorites pushes its detail on its own stack")
  func favoritesPushes() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.favorites))
    harness.app.favorites.viewModel.list.send(.open(CatalogFixtures.item("combine")))
    #expect(harness.detailTitle(on: .favorites) == "Combine")
    #expect(harness.app.home.stack.titles.count == 1)
  }

  @Test("Going back pops to the root, and at the root goBack returns false")
  func goBack() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    let root = app.currentScreen
    app.home.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
    app.home.viewModel.list.send(.open(CatalogFixtures.item("combine")))
    #expect(app.home.stack.titles.count == 3)
    #expect(app.goBack())
    #expect(app.currentScreen.title == "SwiftUI")
    #expect(app.goBack())
    #expect(app.currentScreen === root)
    #expect(!app.goBack())
    #expect(app.currentScreen === root)
    #expect(app.home.stack.titles.count == 1)
  }

  @Test("Esc on a detail, through the root view, pops it")
  func escapePops() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    app.tabBar.send(.select(.favorites))
    app.favorites.viewModel.list.send(.open(CatalogFixtures.item("macros")))
    harness.root.rootView.handle(.escape)
    #expect(app.favorites.stack.titles.count == 1)
    #expect(app.currentScreen.title == "Favorites")
  }

  @Test("Going back pops only the selected tab's stack")
  func goingBackPopsOnlyTheSelectedTab() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    app.home.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
    app.tabBar.send(.select(.search))
    app.search.viewModel.list.send(.open(CatalogFixtures.item("macros")))
    let model = try #require(AppHarness.model(of: app.search.stack.top, as: DetailViewModel.self))
    #expect(model.item.id == "macros")
    #expect(app.goBack())
    #expect(app.search.stack.titles.count == 1)
    #expect(app.home.stack.titles.count == 2)
  }

  @Test("The detail's model toggles favorites and shares through the services, the clipboard included")
  func detailUsesServices() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.home.viewModel.list.send(.open(CatalogFixtures.item("swiftpm")))
    let detail = harness.app.home.stack.top
    #expect(AppHarness.model(of: detail, as: DetailViewModel.self)?.item.id == "swiftpm")
    let body = Rect(column: 0, row: 0, width: 80, height: 24)
    #expect(detail.handle(.char("f"), in: body))
    #expect(detail.handle(.char("s"), in: body))
    try await harness.settle()  // the save runs off the main actor
    #expect(harness.favorites.toggledIDs == ["swiftpm"])
    #expect(harness.toasts.shownToasts == [.info("Shared Swift Package Manager · copied, if your terminal allows it")])
    #expect(
      harness.clipboard.copiedTexts == ["Swift Package Manager — Build and share packages — funapp://item/swiftpm"])
  }

  @Test("Home's go to profile switches to the Profile tab, by call and by the p key")
  func goToProfile() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    app.home.viewModel.send(.showProfile)
    #expect(app.tabBar.selectedTab == .profile)
    #expect(app.currentScreen.title == "Profile")
    app.tabBar.send(.select(.home))
    harness.root.rootView.handle(.char("p"))
    #expect(app.tabBar.selectedTab == .profile)
    #expect(app.home.stack.titles.count == 1)
  }
}
