import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// The tab bar where its names do not all fit: tabs stay apart, and each stays one a person can
/// tell from the others.
@Suite("The tab bar in a narrow terminal")
@MainActor
struct TabBarViewTests {
  /// Whether the activities hold the sample's own tabs, which ``narrowLines(language:tab:line:)``
  /// spells out: a fork that adds or removes a tab sees its bar in its screens' snapshots
  /// instead, which it records, and every other test here holds for any tabs.
  nonisolated static var hasSampleTabs: Bool {
    Activity.all.map(\.tabs) == [[.home, .search, .favorites, .profile, .settings], [.myItems, .sources]]
  }

  @Test(
    "At 40 columns each tab of both activities shows so, in English and German",
    .enabled(if: hasSampleTabs, "the sample's tabs"),
    arguments: [
      (Language.en, Tab.home, " Explore · [Home] Sear… Favo… Prof… Set…"),
      (.en, .search, " Explore · Home [Search] Favo… Pro… Set…"),
      (.en, .favorites, " Explore · Ho… Sea… [Favorites] Pr… Set…"),
      (.en, .profile, " Explore · Home Sea… Fav… [Profile] Set…"),
      (.en, .settings, " Explore · Home Sea… Fav… Pr… [Settings]"),
      (.en, .myItems, " Studio · [My items] Sources"),
      (.en, .sources, " Studio · My items [Sources]"),
      (.de, .home, " Entdecken · [Start] Suc… Fav… Pro… Ein…"),
      (.de, .search, " Entdecken · Sta… [Suche] Fav… Pro… Ein…"),
      (.de, .favorites, " Entdecken · St… Su… [Favoriten] Pr… Ei…"),
      (.de, .profile, " Entdecken · Sta… Suc… Fav… [Profil] Ei…"),
      (.de, .settings, " Entdecken · Sta… Suc… Fav… Pro… [Eins…]"),
      (.de, .myItems, " Studio · [Meine Einträge] Quellen"),
      (.de, .sources, " Studio · Meine Einträge [Quellen]"),
    ])
  func narrowLines(language: Language, tab: Tab, line: String) {
    #expect(Self.tabBar(tab, language: language, columns: 40).frame.line(0) == line)
  }

  @Test(
    "Below 60 columns a blank separates every two tabs, the selected one's brackets too",
    arguments: [Language.en, .de, .pseudo], [40, 45, 50, 59])
  func tabsStayApart(language: Language, columns: Int) {
    for tab in Tab.allCases {
      let frame = Self.tabBar(tab, language: language, columns: columns).frame
      for column in 1..<frame.columns {
        guard case .tab(let left)? = frame.target(at: Point(column: column - 1, row: 0)),
          case .tab(let right)? = frame.target(at: Point(column: column, row: 0))
        else { continue }
        #expect(left == right, "\(left) and \(right) touch at column \(column): \(frame.line(0))")
      }
    }
  }

  @Test(
    "Every tab's label tells it from the others: a cut name keeps a prefix no other tab's name starts with, or the tab shows its number key",
    arguments: [Language.en, .de, .pseudo], [40, 45, 50, 59])
  func labelsTellTabsApart(language: Language, columns: Int) {
    let strings = Localizer(language: language)
    for tab in Tab.allCases {
      let (frame, tabs) = Self.tabBar(tab, language: language, columns: columns)
      let line = Array(frame.line(0))
      let names = tabs.map { strings($0.label).lowercased() }
      for (index, shown) in tabs.enumerated() {
        let columns = (0..<frame.columns).filter { frame.target(at: Point(column: $0, row: 0)) == .tab(shown) }
        var label = String(columns.map { line[$0] })
        if shown == tab { label = String(label.dropFirst().dropLast()) }
        let stem = label.hasSuffix("…") ? String(label.dropLast()).lowercased() : label.lowercased()
        if label == String(index + 1) { continue }
        #expect(
          names[index].hasPrefix(stem) && names.filter { $0.hasPrefix(stem) }.count == 1
            || stem == names[index],
          "“\(label)” does not say \(strings(shown.label)) alone: \(String(line))")
      }
    }
  }

  @Test("Where the selected name cannot stay whole beside the others' shortest forms, all are cut alike")
  func selectedCutToo() {
    let names = ["Start", "Suche", "Favoriten", "Profil", "Einstellungen"]
    // Brackets and four single spaces in the 27 columns German's activity leaves at 40.
    #expect(TabBarView.fitted(names, selected: 4, width: 27, fixed: 6) == ["Sta…", "Suc…", "Fav…", "Pro…", "Eins…"])
    #expect(TabBarView.fitted(names, selected: 4, width: 18, fixed: 6) == ["St…", "Su…", "F…", "P…", "E…"])
    #expect(TabBarView.fitted(names, selected: 0, width: 80, fixed: 10) == names)
  }

  @Test("Where even the shortest forms do not fit, the other tabs show their number keys")
  func numberKeys() {
    let names = ["Start", "Suche", "Favoriten", "Profil", "Einstellungen"]
    #expect(TabBarView.fitted(names, selected: 4, width: 16, fixed: 6) == ["1", "2", "3", "4", "Einst…"])
    #expect(TabBarView.fitted(names, selected: 4, width: 9, fixed: 6) == ["1", "2", "3", "4", "5"])
    #expect(TabBarView.fitted(names, selected: nil, width: 14, fixed: 4) == ["1", "2", "3", "4", "5"])
  }

  @Test("The shortest form of a name is its shortest prefix no other name starts with, and …")
  func shortestDistinctWidth() {
    let names = ["Home", "Search", "Settings", "Sources", "Item", "Items"]
    #expect(names.indices.map { TabBarView.shortestDistinctWidth(of: $0, in: names) } == [2, 4, 4, 3, 4, 5])
    #expect(TabBarView.shortestDistinctWidth(of: 0, in: ["start", "Suche"]) == 3, "case does not tell S from s")
  }

  /// The frame of a signed-in root at `columns` x 12 in `language` with `tab` selected, and
  /// the tabs of its activity.
  static func tabBar(_ tab: Tab, language: Language, columns: Int) -> (frame: Canvas, tabs: [Tab]) {
    let harness = ScreenHarness(strings: Localizer(language: language))
    harness.tabBar.send(.select(tab))
    return (harness.frame(TerminalSize(columns: columns, rows: 12)), harness.tabBar.tabs)
  }
}
