import FunModel
import Testing

@testable import FunViewModel

@Suite("TabBarViewModel")
@MainActor
struct TabBarViewModelTests {
  @Test("Home is selected at start and select switches tabs")
  func selectsTabs() {
    let tabBar = TabBarViewModel()
    #expect(tabBar.selectedTab == .home)
    #expect(tabBar.tabs == Tab.allCases)
    tabBar.select(.settings)
    #expect(tabBar.selectedTab == .settings)
  }

  @Test(
    "selectNext steps right and wraps from the last tab to the first",
    arguments: [(Tab.home, Tab.search), (.search, .favorites), (.profile, .settings), (.settings, .home)]
  )
  func selectNext(from start: Tab, to expected: Tab) {
    let tabBar = TabBarViewModel(selectedTab: start)
    tabBar.selectNext()
    #expect(tabBar.selectedTab == expected)
  }

  @Test(
    "selectPrevious steps left and wraps from the first tab to the last",
    arguments: [(Tab.home, Tab.settings), (.search, .home), (.settings, .profile)]
  )
  func selectPrevious(from start: Tab, to expected: Tab) {
    let tabBar = TabBarViewModel(selectedTab: start)
    tabBar.selectPrevious()
    #expect(tabBar.selectedTab == expected)
  }
}
