import FunModel
import Testing

@Suite("Tab")
struct TabTests {
  @Test("The tab bar order is Home, Search, Favorites, Profile, Settings")
  func order() {
    #expect(Tab.allCases == [.home, .search, .favorites, .profile, .settings])
    #expect(Tab.allCases.map(\.label.description) == ["Home", "Search", "Favorites", "Profile", "Settings"])
    #expect(Tab.allCases.map(\.description) == ["home", "search", "favorites", "profile", "settings"])
  }

  @Test(
    "A tab parses from its name in any case and from its number",
    arguments: zip(Tab.allCases, ["Home", "SEARCH", "favorites", "Profile", "SETTINGS"])
  )
  func parsesNameAndNumber(tab: Tab, spelling: String) {
    #expect(Tab(name: tab.rawValue) == tab)
    #expect(Tab(name: spelling) == tab)
    #expect(Tab(name: String((Tab.allCases.firstIndex(of: tab) ?? -1) + 1)) == tab)
  }

  @Test("Unknown names and out-of-range numbers give nil", arguments: ["", "0", "6", "-1", "homes", " home", "1.0"])
  func rejectsUnknownNames(name: String) {
    #expect(Tab(name: name) == nil)
  }
}
