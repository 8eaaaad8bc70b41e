import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Every way the tab that shows changes goes through the flow's one `switchTabs`: what it
/// promises (the field left, a selected tab back at its root) holds whichever way was taken.
@Suite("Tab switching")
@MainActor
struct TabSwitchingTests {
  /// A way away from Search, taken while its field has the focus (a tab's number would be
  /// typed into it).
  enum WayAway: String, CaseIterable, Sendable {
    case tabKey, click, tabLink, activityLink, activitySwitcher

    @MainActor
    func take(in harness: AppHarness) async throws {
      let view = harness.root.rootView
      switch self {
      case .tabKey: view.handle(.tab)
      case .click: view.handle(.mouse(MouseEvent(.click, at: try Self.cell(of: "Home", in: view))))
      case .tabLink: #expect(await harness.root.open("funapp://tab/home") == nil)
      case .activityLink: #expect(await harness.root.open("funapp://studio") == nil)
      case .activitySwitcher:
        // Clicked, as `a` would be typed; then Studio, the row after Explore.
        view.handle(.mouse(MouseEvent(.click, at: try Self.cell(of: "Explore", in: view))))
        #expect(harness.root.sheet != nil)
        view.handle(.down)
        view.handle(.enter)
        #expect(harness.app.tabBar.activity == .studio)
      }
    }

    /// Where `text` starts on the tab bar of the frame `view` draws.
    @MainActor
    private static func cell(of text: String, in view: RootView) throws -> Point {
      let line = view.render(size: view.terminalSize).line(0)
      let start = try #require(line.range(of: text)?.lowerBound)
      return Point(column: DisplayWidth.of(String(line[..<start])), row: 0)
    }
  }

  @Test(
    "Whichever way Search is left, its field is left too: on coming back j moves down instead of typing",
    arguments: WayAway.allCases)
  func leavingSearchLeavesItsField(way: WayAway) async throws {
    let harness = AppHarness()
    try await harness.start()
    let view = harness.root.rootView
    try await harness.search(for: "sw")
    let search = harness.app.search
    #expect(search.stack.root.isEditingText)

    try await way.take(in: harness)

    #expect(!search.stack.root.isEditingText, "\(way)")
    harness.app.tabBar.send(.select(.search))
    let selected = search.viewModel.list.selectedIndex
    view.handle(.char("j"))
    #expect(search.viewModel.field.text == "sw", "\(way)")
    #expect(search.viewModel.list.selectedIndex != selected, "\(way)")
  }

  @Test(
    "Home asked for while Home's detail shows goes back to Home's root: by its number, its link, its activity's link",
    arguments: ["key 1", "funapp://tab/home", "funapp://explore/home"])
  func selectedTabGoesBackToItsRoot(way: String) async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.home.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
    #expect(harness.detailTitle(on: .home) == "SwiftUI")

    if way == "key 1" {
      harness.root.rootView.handle(.char("1"))
    } else {
      #expect(await harness.root.open(way) == nil)
    }

    #expect(harness.app.tabBar.selectedTab == .home)
    #expect(harness.detailTitle(on: .home) == nil, "\(way)")
  }

  @Test("Another tab asked for shows where it was left; an item's link to the selected tab goes on top of its stack")
  func otherTabKeepsItsStack() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.search))
    harness.app.search.viewModel.list.send(.open(CatalogFixtures.item("macros")))
    #expect(await harness.root.open("funapp://tab/home") == nil)
    #expect(await harness.root.open("funapp://tab/search") == nil)
    #expect(harness.detailTitle(on: .search) == "Macros")
    #expect(await harness.root.open("funapp://item/combine?tab=search") == nil)
    #expect(harness.app.search.stack.titles == ["Search", "Macros", "Combine"])
  }

  @Test("Home's \"go to profile\" switches through the same way: Profile shows where it was left")
  func homeGoesToProfile() async throws {
    let harness = AppHarness()
    try await harness.start()
    #expect(await harness.root.open("funapp://item/combine?tab=profile") == nil)
    harness.root.rootView.handle(.char("1"))
    harness.app.home.viewModel.send(.showProfile)
    #expect(harness.app.tabBar.selectedTab == .profile)
    #expect(harness.detailTitle(on: .profile) == "Combine")
  }
}
