import Testing

@testable import FunModel

@Suite("Activity")
struct ActivityTests {
  // The sample's activities start with its tabs, in order; a fork's tabs (add-feature appends
  // them) follow, so these hold for a fork that adds a tab and fail for one that moves the
  // sample's. Counts come from the declarations.

  @Test("Explore starts with the five tabs Fun began with, in tab-bar order, and opens on Home")
  func explore() {
    #expect(Array(Activity.explore.tabs.prefix(5)) == [.home, .search, .favorites, .profile, .settings])
    #expect(
      Activity.explore.tabs.prefix(5).map(\.label.description) == [
        "Home", "Search", "Favorites", "Profile", "Settings",
      ])
    #expect(Activity.explore.defaultTab == .home)
    #expect(Activity.explore.name.description == "Explore")
    #expect(!Activity.explore.linksNeedProfile)
  }

  @Test("Studio starts with My items and Sources, opens on My items, and its links need a profile")
  func studio() {
    #expect(Array(Activity.studio.tabs.prefix(2)) == [.myItems, .sources])
    #expect(Activity.studio.defaultTab == .myItems)
    #expect(Activity.studio.name.description == "Studio")
    #expect(Activity.studio.linksNeedProfile)
  }

  @Test("Every tab belongs to exactly one activity, and every activity has a tab and a default among them")
  func tabsArePartitioned() {
    for tab in Tab.allCases {
      #expect(Activity.all.filter { $0.tabs.contains(tab) }.count == 1, "\(tab)")
    }
    for activity in Activity.all {
      #expect(!activity.tabs.isEmpty)
      #expect(activity.tabs.contains(activity.defaultTab))
    }
    #expect(Set(Activity.all.map(\.id)).count == Activity.all.count)
  }

  @Test("An activity is found by its name in any case, and a tab by the activity that has it")
  func lookUp() {
    #expect(Activity.named("STUDIO") == .studio)
    #expect(Activity.named("explore") == .explore)
    #expect(Activity.named("studios") == nil)
    #expect(Activity.owning(.sources) == .studio)
    #expect(Activity.owning(.settings) == .explore)
  }

  @Test(
    "Within Explore a tab parses from its name in any case and from its number",
    arguments: zip(Activity.explore.tabs, ["Home", "SEARCH", "favorites", "Profile", "SETTINGS"])
  )
  func parsesNameAndNumber(tab: Tab, spelling: String) {
    #expect(Activity.explore.tab(named: tab.rawValue) == tab)
    #expect(Activity.explore.tab(named: spelling) == tab)
    #expect(Activity.explore.tab(named: String((Activity.explore.tabs.firstIndex(of: tab) ?? -1) + 1)) == tab)
  }

  @Test("Numbers count within the activity: 1 in Studio is My items, 2 is Sources")
  func numbersAreRelative() {
    #expect(Activity.studio.tab(named: "1") == .myItems)
    #expect(Activity.studio.tab(named: "2") == .sources)
    #expect(Activity.studio.tab(named: String(Activity.studio.tabs.count + 1)) == nil)
  }

  @Test(
    "Unknown names, another activity's tabs and out-of-range numbers give nil",
    arguments: ["", "0", String(Activity.explore.tabs.count + 1), "-1", "homes", " home", "1.0", "sources"]
  )
  func rejectsUnknownNames(name: String) {
    #expect(Activity.explore.tab(named: name) == nil)
  }
}
