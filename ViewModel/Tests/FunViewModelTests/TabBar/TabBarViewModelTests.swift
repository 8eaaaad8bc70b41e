import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunViewModel

@Suite("TabBarViewModel")
@MainActor
struct TabBarViewModelTests {
  // The tab bar's behaviour is driven over activities declared here as the app declares its
  // own, so a tab a fork adds to the app's activities changes nothing below; the first test
  // checks the app's declarations are what the tab bar starts with.
  static let explore = Activity(
    id: "explore", name: L10n.Activity.explore, tabs: [.home, .search, .favorites, .profile, .settings])
  static let studio = Activity(
    id: "studio", name: L10n.Activity.studio, tabs: [.myItems, .sources], linksNeedProfile: true)

  /// A tab bar over ``explore`` and ``studio``, on `selectedTab`'s activity and tab when given.
  func makeTabBar(selectedTab: Tab? = nil) -> TabBarViewModel {
    let tabBar = TabBarViewModel(activities: [Self.explore, Self.studio])
    if let selectedTab {
      tabBar.send(.select(selectedTab))
    }
    return tabBar
  }

  @Test("Home is selected at start and select switches tabs")
  func selectsTabs() {
    let tabBar = TabBarViewModel()
    #expect(tabBar.selectedTab == .home)
    #expect(tabBar.activity == .explore)
    #expect(tabBar.tabs == Activity.explore.tabs)
    tabBar.send(.select(.settings))
    #expect(tabBar.selectedTab == .settings)
  }

  @Test(
    "selectNext steps right and wraps from the last tab to the first",
    arguments: [(Tab.home, Tab.search), (.search, .favorites), (.profile, .settings), (.settings, .home)]
  )
  func selectNext(from start: Tab, to expected: Tab) {
    let tabBar = makeTabBar(selectedTab: start)
    tabBar.send(.selectNext)
    #expect(tabBar.selectedTab == expected)
  }

  @Test(
    "selectPrevious steps left and wraps from the first tab to the last",
    arguments: [(Tab.home, Tab.settings), (.search, .home), (.settings, .profile)]
  )
  func selectPrevious(from start: Tab, to expected: Tab) {
    let tabBar = makeTabBar(selectedTab: start)
    tabBar.send(.selectPrevious)
    #expect(tabBar.selectedTab == expected)
  }

  @Test("Each activity keeps its tab: its default the first time, then where it was left")
  func activitiesKeepTheirTab() {
    let tabBar = makeTabBar()
    tabBar.send(.select(.favorites))
    tabBar.send(.switchTo(Self.studio))
    #expect(tabBar.activity == Self.studio)
    #expect(tabBar.tabs == [.myItems, .sources])
    #expect(tabBar.selectedTab == .myItems)
    tabBar.send(.switchTo(Self.explore))
    #expect(tabBar.selectedTab == .favorites)
  }

  @Test("Selecting another activity's tab switches to that activity; Tab wraps within the one that shows")
  func selectingSwitchesActivity() {
    let tabBar = makeTabBar(selectedTab: .settings)
    tabBar.send(.select(.sources))
    #expect(tabBar.activity == Self.studio)
    tabBar.send(.selectNext)
    #expect(tabBar.selectedTab == .myItems)
    tabBar.send(.select(.search))
    #expect(tabBar.activity == Self.explore)
    #expect(tabBar.selectedTab == .search)
  }

  @Test("The switcher lists every activity with the current one marked; choosing shows it where it was left")
  func switcher() {
    let tabBar = makeTabBar(selectedTab: .search)
    let switcher = ActivitySwitcherViewModel(tabBar: tabBar)
    #expect(switcher.rows.map(\.activity) == [Self.explore, Self.studio])
    #expect(switcher.rows.map(\.isCurrent) == [true, false])
    #expect(switcher.rows.map(\.tab) == [.search, .myItems])
    #expect(switcher.selectedIndex == 0)
    switcher.send(.move(by: 1))
    switcher.send(.choose(nil))
    #expect(tabBar.activity == Self.studio)
    switcher.send(.move(by: 1))
    #expect(switcher.selectedIndex == 0)
    switcher.send(.choose(nil))
    #expect(tabBar.activity == Self.explore)
    #expect(tabBar.selectedTab == .search)
    switcher.send(.choose(7))
    #expect(tabBar.activity == Self.explore)
  }

  @Test("The tab bar's send selects, steps and switches activities")
  func tabBarSend() {
    let tabBar = makeTabBar()
    tabBar.send(.select(.favorites))
    #expect(tabBar.selectedTab == .favorites)
    tabBar.send(.selectNext)
    #expect(tabBar.selectedTab == .profile)
    tabBar.send(.selectPrevious)
    tabBar.send(.selectPrevious)
    #expect(tabBar.selectedTab == .search)
    tabBar.send(.switchTo(Self.studio))
    #expect(tabBar.activity == Self.studio)
    #expect(tabBar.selectedTab == .myItems)
  }

  @Test("The switcher's send moves, chooses a row or the selected one, and cancels")
  func switcherSend() {
    let tabBar = makeTabBar()
    let coordinator = MockCoordinator()
    let switcher = ActivitySwitcherViewModel(tabBar: tabBar)
    switcher.coordinator = coordinator
    switcher.send(.move(by: 1))
    #expect(switcher.selectedIndex == 1)
    switcher.send(.cancel)
    #expect(tabBar.activity == Self.explore)
    #expect(coordinator.dismissSheetCount == 1)
    switcher.send(.choose(nil))
    #expect(tabBar.activity == Self.studio)
    switcher.send(.choose(0))
    #expect(tabBar.activity == Self.explore)
    #expect(coordinator.dismissSheetCount == 3)
  }

  @Test("The switcher's select takes a row by index, clamped to the rows, and neither chooses nor closes")
  func switcherSelect() {
    let tabBar = makeTabBar()
    let coordinator = MockCoordinator()
    let switcher = ActivitySwitcherViewModel(tabBar: tabBar)
    switcher.coordinator = coordinator
    switcher.send(.select(at: 1))
    #expect(switcher.selectedIndex == 1)
    switcher.send(.select(at: -3))
    #expect(switcher.selectedIndex == 0)
    switcher.send(.select(at: 7))
    #expect(switcher.selectedIndex == 1)
    #expect(tabBar.activity == Self.explore)
    #expect(coordinator.dismissSheetCount == 0)
  }
}
