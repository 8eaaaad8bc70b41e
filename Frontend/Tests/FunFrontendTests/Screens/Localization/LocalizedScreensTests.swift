import FunFrontend
import FunModel
import FunModelTestSupport
import Testing

@testable import FunFrontend

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

  @Test("A tab bar that does not fit cuts names to one width with …, keeping the selected one whole")
  func narrowTabBar() {
    let names = ["Start", "Suche", "Favoriten", "Profil", "Einstellungen"]
    // Brackets and four single spaces.
    let fitted = TabBarView.fitted(names, selected: 4, width: 40, fixed: 6)
    #expect(fitted == ["Start", "Suche", "Favo…", "Prof…", "Einstellungen"])
    #expect(fitted.map { DisplayWidth.of($0) }.reduce(6, +) <= 40)
    #expect(TabBarView.fitted(names, selected: 0, width: 80, fixed: 10) == names)
    let tight = TabBarView.fitted(names, selected: 4, width: 20, fixed: 6)
    #expect(tight.map { DisplayWidth.of($0) }.reduce(6, +) <= 20)
  }

  @Test("German and pseudo tab bars fit 40 columns on every tab, none overlapping", arguments: [Language.de, .pseudo])
  func tabBarFits(language: Language) {
    let harness = ScreenHarness(strings: Localizer(language: language))
    for tab in Tab.allCases {
      harness.tabBar.select(tab)
      let line = harness.frame(TerminalSize(columns: 40, rows: 12)).plainText.split(separator: "\n")[0]
      #expect(DisplayWidth.of(line) <= 40)
      #expect(line.contains("[") && line.contains("]"), "\(line)")
      #expect(line.split(separator: " ").count == 5, "\(line)")
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
      CatalogFixtures.items.flatMap { [$0.id, $0.title, $0.subtitle, $0.category, $0.description] }
      + [
        MockProfileDetailsService.adaProfile.displayName,
        MockProfileDetailsService.adaProfile.bio, "ada", "bob", "no spaces", "funapp", "item", "https", "fun",
        "example", "catalog", "json", "refused", "nope", "ta", "sw",
      ]
    return Set(texts.flatMap { wordsOutsideBrackets(in: $0) })
  }()
}
