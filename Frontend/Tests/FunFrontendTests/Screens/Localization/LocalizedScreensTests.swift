import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Every screen of ``PurityCase/everyScreen`` in German (snapshots at 80x24 and 40x12, text and
/// styles) and in the pseudo-locale, where every word a person reads must come from the tables.
@Suite("Localized screens", .serialized)
@MainActor
struct LocalizedScreensTests {
  @Test("Every screen in German, at 80x24 and 40x12", arguments: PurityCase.everyScreen, TerminalSize.snapshotSizes)
  func german(purityCase: PurityCase, size: TerminalSize) async throws {
    let harness = try await ScreenHarness.$language.withValue(.de) { try await purityCase.setUp() }
    #expect(harness.strings.language == .de)
    expectSnapshot(of: harness, size: size, named: "German/\(Self.slug(purityCase.name))")
  }

  /// The pseudo-locale wraps every table text in ⟦ ⟧; a word outside the brackets that is not
  /// from the data (a catalog title, a profile name, a URL) was written into a screen by hand.
  @Test(
    "In the pseudo-locale every word on every screen is from the tables (inside ⟦ ⟧) or from the data",
    arguments: PurityCase.everyScreen, TerminalSize.snapshotSizes)
  func pseudo(purityCase: PurityCase, size: TerminalSize) async throws {
    let harness = try await ScreenHarness.$language.withValue(.pseudo) { try await purityCase.setUp() }
    let text = harness.frame(size).plainText
    // Data may be cut to fit (`inter…`), so a word that begins a data word is data too.
    let stray = Self.wordsOutsideBrackets(in: text).filter { word in
      !Self.dataWords.contains { $0.hasPrefix(word) }
    }
    #expect(stray.isEmpty, "words not from the tables: \(stray.sorted())\n\(text)")
    #expect(text.contains("⟦"), "nothing from the tables shows:\n\(text)")
  }

  @Test("The check finds a word written into a screen by hand")
  func pseudoCheckFindsStrayWords() {
    #expect(Self.wordsOutsideBrackets(in: "⟦Ĥöömé⟧ Settings ⟦ţ\nwo⟧ 12/37 › x") == ["Settings"])
  }

  @Test("A tab bar that does not fit cuts the other names with …, keeping the selected one whole")
  func narrowTabBar() {
    let names = ["Start", "Suche", "Favoriten", "Profil", "Einstellungen"]
    // Brackets and four single spaces.
    let fitted = TabBarView.fitted(names, selected: 4, width: 40, fixed: 6)
    #expect(fitted == ["Start", "Suche", "Favor…", "Prof…", "Einstellungen"])
    #expect(fitted.map { DisplayWidth.of($0) }.reduce(6, +) <= 40)
    #expect(TabBarView.fitted(names, selected: 0, width: 80, fixed: 10) == names)
    let tight = TabBarView.fitted(names, selected: 4, width: 20, fixed: 6)
    #expect(tight.map { DisplayWidth.of($0) }.reduce(6, +) <= 20)
  }

  @Test(
    "German and pseudo tab bars fit 40 columns on every tab, none overlapping; each tab's click region is exactly its drawn, possibly cut, name or number",
    arguments: [Language.de, .pseudo])
  func tabBarFits(language: Language) {
    let harness = ScreenHarness(strings: Localizer(language: language))
    let size = TerminalSize(columns: 40, rows: 12)
    for tab in Tab.allCases {
      harness.tabBar.send(.select(tab))
      let frame = harness.frame(size)
      let line = Array(frame.plainText.split(separator: "\n")[0])
      #expect(DisplayWidth.of(String(line)) <= 40)
      #expect(line.contains("[") && line.contains("]"), "\(String(line))")
      // Walk the row: a tab's region covers only its drawn label, and every drawn label
      // character belongs to exactly one tab, in tab-bar order.
      var runs: [(tab: Tab, text: String, last: Int)] = []
      // The activity's name comes first, whole, and opens the switcher; the tabs follow it.
      let activity = harness.strings(harness.tabBar.activity.name)
      #expect(String(line.dropFirst().prefix(activity.count)) == activity)
      #expect(frame.target(at: Point(column: 1, row: 0)) == .key(.char("a")))
      let firstTab = 1 + DisplayWidth.of(activity) + DisplayWidth.of(" · ")
      for column in firstTab..<frame.columns {
        let character = column < line.count ? line[column] : " "
        if case .tab(let target)? = frame.target(at: Point(column: column, row: 0)) {
          // Blank only between the words of a name of several ("Meine Elemente").
          #expect(
            character != " " || harness.strings(target.label).contains(" "),
            "column \(column) clicks \(target) but is blank: \(String(line))")
          if runs.last?.tab == target {
            runs[runs.count - 1].text.append(character)
            runs[runs.count - 1].last = column
          } else {
            runs.append((target, String(character), column))
          }
        } else {
          #expect(character == " ", "column \(column) shows \(character) but clicks nothing: \(String(line))")
        }
      }
      #expect(runs.map(\.tab) == harness.tabBar.tabs, "\(String(line))")
      // Where even the names' shortest forms do not fit (the pseudo-locale's), tabs show their
      // number keys.
      for (index, run) in runs.enumerated() {
        let name = harness.strings(run.tab.label)
        let label = run.tab == tab ? String(run.text.dropFirst().dropLast()) : run.text
        #expect(
          label == name || (label.hasSuffix("…") && name.hasPrefix(label.dropLast())) || label == String(index + 1),
          "\(label) is not \(name)")
      }
      // A click on a (cut) name's last cell selects that tab; clicks go against the frame
      // drawn, so each starts from this tab's frame again.
      for run in runs {
        harness.tabBar.send(.select(tab))
        _ = harness.frame(size)
        harness.press(.mouse(MouseEvent(.click, at: Point(column: run.last, row: 0))))
        #expect(harness.tabBar.selectedTab == run.tab)
      }
      harness.tabBar.send(.select(tab))
    }
  }

  // MARK: Helpers

  static func slug(_ name: String) -> String {
    String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
      .split(separator: "-").joined(separator: "-")
  }

  /// The words (two letters or more) outside `⟦ ⟧` in reading order.
  static func wordsOutsideBrackets(in text: String) -> Set<String> {
    var depth = 0
    var words = Set<String>()
    var word = ""
    func flush() {
      if word.count > 1, depth == 0 { words.insert(word) }
      word = ""
    }
    for character in text {
      if character == "⟦" {
        flush()
        depth += 1
      } else if character == "⟧" {
        flush()
        depth = max(depth - 1, 0)
      } else if character.isLetter {
        word.append(character)
      } else {
        flush()
      }
    }
    flush()
    return words
  }

  /// Every word of the fixtures' data, and of the links built from it.
  static let dataWords: Set<String> = {
    let texts =
      (CatalogFixtures.items + MyItemsScreenTests.ownItems).flatMap {
        [$0.id, $0.title, $0.subtitle, $0.category, $0.description]
      }
      + [
        MockProfileDetailsService.adaProfile.displayName,
        MockProfileDetailsService.adaProfile.bio, "ada", "bob", "no spaces", "funapp", "item", "https", "fun",
        "example", "catalog", "json", "refused", "nope", "ta", "sw", "field-notes",
      ]
    return Set(texts.flatMap { wordsOutsideBrackets(in: $0) })
  }()
}
