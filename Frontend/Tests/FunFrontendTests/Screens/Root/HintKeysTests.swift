import Foundation
import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// The hint line is written in the string tables and the keys in each screen's binding table,
/// two places that could drift apart: a hint could offer a key that does nothing. Help cannot,
/// as it is written from the tables; these tests hold the hint line to the same tables.
@Suite("Key hints")
@MainActor
struct HintKeysTests {
  @Test(
    "Every key a hint line offers acts where it is offered: the screen, the sheet or the root binds it",
    arguments: PurityCase.everyScreen + PurityCase.moreHintLines, [Language.en, .de]
  )
  func hintedKeysAreBound(hintCase: PurityCase, language: Language) async throws {
    for size in TerminalSize.snapshotSizes {
      #expect(try await Self.unboundHints(of: hintCase, language: language, size: size) == [])
    }
  }

  /// What is wrong with the hint lines of `hintCase` in `language` at `size`, from its state
  /// and after each of its keys.
  static func unboundHints(of hintCase: PurityCase, language: Language, size: TerminalSize) async throws
    -> [String]
  {
    let harness = try await ScreenHarness.$language.withValue(language) { try await hintCase.setUp() }
    var problems = try await Self.unboundHints(in: harness, size: size, state: hintCase.name)
    for (index, key) in hintCase.keys.enumerated() {
      harness.press(key)
      problems += try await Self.unboundHints(
        in: harness, size: size, state: "\(hintCase.name), after key \(index + 1)")
    }
    return problems
  }

  @Test(
    "Where Esc leaves (Detail, the screen the app pushes, and a sheet) the hint line offers it at every size",
    arguments: PurityCase.everyScreen + PurityCase.moreHintLines, [Language.en, .de]
  )
  func wayOutIsHinted(hintCase: PurityCase, language: Language) async throws {
    for size in TerminalSize.snapshotSizes {
      let harness = try await ScreenHarness.$language.withValue(language) { try await hintCase.setUp() }
      var missing = try await Self.missingWayOut(in: harness, size: size, state: hintCase.name)
      for (index, key) in hintCase.keys.enumerated() {
        harness.press(key)
        missing += try await Self.missingWayOut(
          in: harness, size: size, state: "\(hintCase.name), after key \(index + 1)")
      }
      #expect(missing == [], "at \(size.columns)x\(size.rows)")
    }
  }

  /// The hint line the frame shows now, if it leaves out Esc on Detail or in a sheet; as in
  /// ``unboundHints(in:size:state:)``, a toast is dismissed first and an overlay's line is not
  /// checked.
  static func missingWayOut(in harness: ScreenHarness, size: TerminalSize, state: String) async throws -> [String] {
    guard let line = try await hintLine(in: harness, size: size),
      harness.navigator.sheet != nil || harness.navigator.screen is DetailScreen
    else { return [] }
    let offersEscape = line.components(separatedBy: "  ").contains { hint in
      hint.split(separator: " ").first.flatMap { Self.keys(in: String($0), strings: harness.strings) } == [.escape]
    }
    return offersEscape ? [] : ["\(state): “\(line)”"]
  }

  @Test("The check finds a hinted key that nothing binds, and a hint that names no key")
  func checkFindsUnboundKeys() async throws {
    let harness = ScreenHarness()
    harness.show(ScreenWithWrongHints(), on: .home)
    let problems = try await Self.unboundHints(in: harness, size: .standard, state: "wrong hints")
    #expect(
      problems == [
        "wrong hints: “z zoom” offers z, which nothing binds",
        "wrong hints: “Up move” names no key",
      ])
  }

  @Test("Hint keys read as the tables write them", arguments: hintWords)
  func hintTokensParse(word: String, language: Language, keys: [Key]?) {
    #expect(Self.keys(in: word, strings: Localizer(language: language)) == keys)
  }

  // MARK: The check

  /// What is wrong with the hint line the frame shows now, one line per hint: a key it offers
  /// that no active binding takes (help's sections for this state: the screen's or the sheet's
  /// table, then what acts everywhere), or a hint that names no key. At `size` the line keeps
  /// the hints that fit, and Detail offers its scroll keys only where the text scrolls. A line
  /// showing something else (a toast, the `:` line) or an overlay's (any key closes it) is not
  /// checked. A toast on the line is dismissed first.
  static func unboundHints(in harness: ScreenHarness, size: TerminalSize, state: String) async throws -> [String] {
    guard let line = try await hintLine(in: harness, size: size) else { return [] }
    let root = harness.rootView
    let bound = Set(
      root.helpSections(in: RootView.body(of: size)).filter(\.isActive).flatMap { $0.bindings.flatMap(\.keys) })
    var problems: [String] = []
    let strings = harness.strings
    for hint in line.components(separatedBy: "  ") where !hint.isEmpty {
      let words = hint.split(separator: " ").map(String.init)
      let keys = words.prefix { Self.keys(in: $0, strings: strings) != nil }.flatMap {
        Self.keys(in: $0, strings: strings) ?? []
      }
      // Typing names no key: the focused field takes the text.
      if keys.isEmpty, words.contains(where: Self.typingWords.contains) { continue }
      if keys.isEmpty {
        problems.append("\(state): “\(hint)” names no key")
      }
      for key in keys where !bound.contains(key) {
        problems.append("\(state): “\(hint)” offers \(KeyName.of(key, strings: strings)), which nothing binds")
      }
    }
    return problems
  }

  /// The hint line the frame shows at `size` once a toast on it has gone, or `nil` where the
  /// line shows something else: an overlay's (any key closes it) or the `:` line.
  static func hintLine(in harness: ScreenHarness, size: TerminalSize) async throws -> String? {
    try await harness.settle()
    // A toast gives the bottom line back to the hints once it has gone.
    harness.toasts.dismiss()
    harness.toast.refresh()
    let frame = harness.frame(size)
    let root = harness.rootView
    let line = frame.line(frame.rows - 1).trimmingCharacters(in: .whitespaces)
    guard !root.isShowingHelp, !root.isShowingCommandHelp, !root.commandLineEditor.isOpen,
      let first = line.first, !"✓ℹ✗".contains(first)
    else { return nil }
    return line
  }

  /// The word that says a hint is about typing, in each language the tables have.
  static let typingWords: Set<String> = ["type", "tippen"]

  /// The keys a word of a hint names, as the tables write them: arrows (`↑↓`), `⏎`, a key
  /// named as help names it in the language of `strings` (`Esc`, `Entf`, `Strg-S`, `F1`), a
  /// range (`1–5`) or one character (`[`, `f`); `nil` for a word of the hint's label.
  static func keys(in word: String, strings: Localizer) -> [Key]? {
    switch word {
    case "↑↓": return [.up, .down]
    case "←→": return [.left, .right]
    case "↑": return [.up]
    case "↓": return [.down]
    case "←": return [.left]
    case "→": return [.right]
    case "⏎": return [.enter]
    default: break
    }
    let named: [Key] =
      [.escape, .tab, .backTab, .delete, .backspace, .home, .end, .pageUp, .pageDown, .ctrlC]
      + "abdefghklnopqrstuvwxyz".map { .ctrl($0) } + (1...12).map { .function($0) }
    if let key = named.first(where: { KeyName.of($0, strings: strings) == word }) {
      return [key]
    }
    let characters = Array(word)
    if characters.count == 3, characters[1] == "–", let first = characters[0].asciiValue,
      let last = characters[2].asciiValue, first < last
    {
      return (first...last).map { .char(Character(UnicodeScalar($0))) }
    }
    if characters.count == 1, let character = characters.first, !character.isWhitespace {
      return [.char(character)]
    }
    return nil
  }
}

extension PurityCase {
  /// Hint lines of their own that ``PurityCase/everyScreen`` does not show.
  static let moreHintLines: [PurityCase] = [
    hintCase(name: "Home, the cards focused", keys: [.right, .right, .right, .down]) {
      let harness = ScreenHarness()
      harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
      try await harness.loadCatalog()
      harness.press(.up)
      return harness
    },
    hintCase(name: "Home, no items", keys: [.char("r")]) {
      let harness = ScreenHarness(items: [])
      harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
      try await harness.loadCatalog()
      return harness
    },
    hintCase(name: "Search, the results", keys: [.char("]"), .down, .char("f")]) {
      let harness = ScreenHarness()
      let model = harness.searchViewModel()
      harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
      await model.searchNow()
      return harness
    },
    hintCase(name: "Favorites, a removal to undo", keys: [.char("u")]) {
      let harness = ScreenHarness(favorites: ["swiftui", "macros"])
      harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
      try await harness.loadCatalog()
      harness.press(.char("x"))
      return harness
    },
    hintCase(name: "Favorites, the last one removed", keys: [.char("u")]) {
      let harness = ScreenHarness(favorites: ["swiftui"])
      harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
      try await harness.loadCatalog()
      harness.press(.char("x"))
      return harness
    },
    hintCase(name: "Detail, a description longer than its room", keys: [.down, .end, .char("f")]) {
      let harness = ScreenHarness()
      try await harness.settle()
      let item = FeaturedItem(
        id: "long", title: "Long read", subtitle: "Many words", category: "Tools",
        description: (1...400).map { "word\($0)" }.joined(separator: " "), isFeatured: false)
      harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
      return harness
    },
    hintCase(name: "Detail, a short description", keys: [.char("f")]) {
      let harness = ScreenHarness()
      try await harness.settle()
      let item = CatalogFixtures.item("swiftpm")
      harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
      return harness
    },
    hintCase(name: "Sign in, two profiles", keys: [.down, .down, .down, .char("a")]) {
      let harness = ScreenHarness(profiles: ["ada", "bob"])
      harness.showSignedOut(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings))
      return harness
    },
    hintCase(name: "My items, none yet", keys: [.down]) {
      let harness = ScreenHarness()
      try await harness.loadCatalog()
      let store = try await harness.myItemsStore(items: [])
      harness.show(
        MyItemsScreen(viewModel: harness.myItemsViewModel(store: store), strings: harness.strings), on: .myItems)
      return harness
    },
    hintCase(name: "Profile, a guest", keys: [.char("e")]) {
      let harness = ScreenHarness(session: .guest)
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      try await harness.loadCatalog()
      return harness
    },
    hintCase(name: "Favorites, the catalog failed", keys: [.char("r")]) {
      let harness = ScreenHarness(
        failure: .network(url: "https://fun.example/catalog.json", reason: .verbatim("refused")), favorites: ["swiftui"]
      )
      harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
      try await harness.loadCatalog()
      return harness
    },
    hintCase(name: "Search, no results", keys: [.down, .char("]")]) {
      let harness = ScreenHarness()
      let model = harness.searchViewModel()
      harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
      harness.press(.char("/"))
      harness.type("zzzz")
      harness.press(.escape)
      await model.searchNow()
      return harness
    },
    hintCase(name: "Search, typing with no results", keys: [.down]) {
      let harness = ScreenHarness()
      let model = harness.searchViewModel()
      harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
      harness.press(.char("/"))
      harness.type("zzzz")
      await model.searchNow()
      return harness
    },
    hintCase(name: "The item form, its description", keys: [.tab, .tab, .tab, .tab, .char("x"), .escape]) {
      let harness = ScreenHarness()
      try await harness.loadCatalog()
      let store = try await harness.myItemsStore(items: MyItemsScreenTests.ownItems)
      harness.show(
        MyItemsScreen(viewModel: harness.myItemsViewModel(store: store), strings: harness.strings), on: .myItems)
      harness.present(harness.myItemFormSheet(store: store))
      return harness
    },
  ]

  private static func hintCase(
    name: String, keys: [Key], setUp: @escaping @MainActor @Sendable () async throws -> ScreenHarness
  ) -> PurityCase {
    PurityCase(name: name, setUp: setUp, keys: keys)
  }
}

/// Words of hint lines in a language and the keys they name (`nil`: a word of the label).
private let hintWords: [(String, Language, [Key]?)] = [
  ("↑↓", .en, [.up, .down]), ("⏎", .en, [.enter]), ("Esc", .en, [.escape]), ("Ctrl-C", .en, [.ctrlC]),
  ("Ctrl-S", .en, [.ctrl("s")]), ("F1", .en, [.function(1)]), ("Delete", .en, [.delete]),
  ("1–3", .en, [.char("1"), .char("2"), .char("3")]), ("[", .en, [.char("[")]), ("f", .en, [.char("f")]),
  ("?", .en, [.char("?")]), ("favorite", .en, nil), ("Fun", .en, nil), ("delete", .en, nil),
  ("Strg-C", .de, [.ctrlC]), ("Strg-S", .de, [.ctrl("s")]), ("Entf", .de, [.delete]), ("Esc", .de, [.escape]),
  ("Ctrl-S", .de, nil), ("löschen", .de, nil),
]

/// A screen whose hint line offers a key its table does not bind, and a hint with no key.
@MainActor
private final class ScreenWithWrongHints: Screen {
  var boundViewModel: AnyObject? { nil }
  var title: String { "Wrong hints" }
  func hints(in _: Rect) -> String { "↑↓ move  z zoom  Up move  ? help" }
  var currentItemID: String? { nil }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {}

  func keyBindings(in area: Rect) -> KeyBindings {
    KeyBindings([
      KeyBindings.Section(
        L10n.Help.sectionList, [.directions(back: [.up], forward: [.down], L10n.Help.move) { _ in }])
    ])
  }
}
