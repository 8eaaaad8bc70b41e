import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Help (`?`, F1) is generated, per screen and per sheet, from the key-binding table that
/// dispatches the keys: every key a screen acts on is in its help, every binding of the table
/// is drawn as one block, the columns align by display width in every language, and help that
/// does not fit scrolls (and only then offers its scroll keys).
@Suite("Help", .serialized)
@MainActor
struct HelpTests {
  /// One thing help can be asked about, set up and showing its help.
  struct HelpCase: CustomTestStringConvertible, Sendable {
    let name: String
    let setUp: @MainActor @Sendable () async throws -> ScreenHarness
    var testDescription: String { name }

    /// The harness with the help shown, in `language`.
    @MainActor
    func showingHelp(in language: Language) async throws -> ScreenHarness {
      let harness = try await ScreenHarness.$language.withValue(language) { try await setUp() }
      harness.press(.function(1))
      return harness
    }
  }

  nonisolated static let cases: [HelpCase] = [
    HelpCase(name: "Sign in") {
      let harness = ScreenHarness(profiles: ["ada", "bob"])
      harness.showSignedOut(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings))
      return harness
    },
    HelpCase(name: "Home") { try await loadedHome() },
    HelpCase(name: "Home, a card focused") {
      let harness = try await loadedHome()
      harness.press(.up)
      return harness
    },
    HelpCase(name: "Search") {
      let harness = ScreenHarness()
      let model = harness.searchViewModel()
      harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
      await model.searchNow()
      return harness
    },
    HelpCase(name: "Search, in the field") {
      let harness = ScreenHarness()
      let model = harness.searchViewModel()
      harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
      await model.searchNow()
      harness.press(.char("/"))
      return harness
    },
    HelpCase(name: "Favorites") {
      let harness = ScreenHarness(favorites: ["swiftui", "macros"])
      harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
      try await harness.loadCatalog()
      return harness
    },
    HelpCase(name: "Detail") {
      let harness = ScreenHarness()
      try await harness.settle()
      let item = CatalogFixtures.item("macros")
      harness.show(
        DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home,
        trail: [harness.strings(L10n.Tab.home), item.title])
      return harness
    },
    // Help lists the scroll keys only here: the short description above fits at every size.
    HelpCase(name: "Detail, a description longer than its room") {
      let harness = ScreenHarness()
      try await harness.settle()
      let macros = CatalogFixtures.item("macros")
      let item = FeaturedItem(
        id: macros.id, title: macros.title, subtitle: macros.subtitle, category: macros.category,
        description: Array(repeating: macros.description, count: 20).joined(separator: "\n"),
        isFeatured: macros.isFeatured)
      harness.show(
        DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home,
        trail: [harness.strings(L10n.Tab.home), item.title])
      return harness
    },
    HelpCase(name: "Profile") {
      let harness = ScreenHarness()
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      try await harness.loadCatalog()
      return harness
    },
    HelpCase(name: "Settings") { settings() },
    HelpCase(name: "A question sheet") {
      let harness = settings()
      harness.present(
        harness.confirmationSheet(
          title: L10n.Sheet.resetTitle, message: L10n.Sheet.resetMessage, confirmTitle: L10n.Sheet.resetAction
        ) {})
      return harness
    },
    HelpCase(name: "The profile editor") {
      let harness = ScreenHarness()
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      harness.present(harness.profileEditorSheet())
      return harness
    },
    HelpCase(name: "My items") { try await myItems().harness },
    HelpCase(name: "The item form, in the description") {
      let (harness, store) = try await myItems()
      harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
      harness.press(.backTab)
      return harness
    },
    HelpCase(name: "The item form, in the category") {
      let (harness, store) = try await myItems()
      harness.present(harness.myItemFormSheet(store: store))
      harness.press(.tab, .tab, .tab)
      return harness
    },
    HelpCase(name: "Sign in, typing a name") {
      let harness = ScreenHarness(profiles: ["ada", "bob"])
      harness.showSignedOut(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings))
      // Typed on the list, a letter goes to the name field.
      harness.press(.char("z"))
      return harness
    },
    HelpCase(name: "The command line") {
      let harness = try await loadedHome()
      harness.press(.char(":"), .char("t"))
      return harness
    },
  ]

  /// Home with the catalog loaded.
  private static func loadedHome() async throws -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    return harness
  }

  /// Studio's My items with two items of yours, after the catalog loaded.
  private static func myItems() async throws -> (harness: ScreenHarness, store: MyItemsStore) {
    let harness = ScreenHarness()
    try await harness.loadCatalog()
    let store = try await harness.myItemsStore(items: MyItemsScreenTests.ownItems)
    harness.show(
      MyItemsScreen(viewModel: harness.myItemsViewModel(store: store), strings: harness.strings), on: .myItems)
    return (harness, store)
  }

  /// The Settings tab.
  private static func settings() -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(SettingsScreen(viewModel: harness.settingsViewModel(), strings: harness.strings), on: .settings)
    return harness
  }

  // MARK: Snapshots

  @Test(
    "Each screen's and sheet's help, in English, German and the pseudo-locale, at 80x24 and 40x12",
    arguments: cases, [Language.en, .de, .pseudo])
  func snapshots(helpCase: HelpCase, language: Language) async throws {
    let harness = try await helpCase.showingHelp(in: language)
    for size in TerminalSize.snapshotSizes {
      let frame = harness.frame(size)
      // Help's own hints on the bottom line (their end, where the line is narrow), the scroll
      // keys among them only where it scrolls.
      let help = Self.overlay(of: harness, in: size)
      let hints = harness.strings(help.scrolls ? L10n.Help.hintsScrolling : L10n.Help.hints)
      let bottom = frame.line(size.rows - 1).dropFirst()
      #expect(!bottom.isEmpty && hints.hasSuffix(bottom), "\(bottom)")
      #expect(bottom.contains("↑↓") == help.scrolls, "\(bottom)")
      expectSnapshot(
        of: harness, size: size, named: "Help/\(language.rawValue)/\(LocalizedScreensTests.slug(helpCase.name))")
      if language == .pseudo {
        let stray = LocalizedScreensTests.wordsOutsideBrackets(in: frame.plainText).filter { word in
          !LocalizedScreensTests.dataWords.contains { $0.hasPrefix(word) }
        }
        #expect(stray.isEmpty, "words not from the tables: \(stray.sorted())\n\(frame.plainText)")
      }
    }
  }

  // MARK: Generated from the table

  @Test(
    "Help draws every binding of the table, its keys named and what they do, in aligned columns, each one block: only its first line starts at the left edge, at 80 and 40 columns",
    arguments: cases, [Language.en, .de, .pseudo])
  func everyBindingIsDrawn(helpCase: HelpCase, language: Language) async throws {
    let harness = try await helpCase.showingHelp(in: language)
    let sections = harness.rootView.helpSections(in: RootView.body(of: .standard))
    #expect(sections.flatMap(\.bindings).allSatisfy { !$0.keys.isEmpty })
    for size in TerminalSize.snapshotSizes {
      let help = Self.overlay(of: harness, in: size)
      // Every binding, in order, read from its block: its keys, then its words.
      let expected = harness.rootView.helpSections(in: RootView.body(of: size)).flatMap(\.bindings).map {
        KeyName.label(of: $0.keys, strings: harness.strings) + " | " + harness.strings($0.summary)
      }
      #expect(Self.blocks(of: help) == expected, "\(size)")
      // The summaries start in one column: no key label beside one is wider than the keys' column.
      let drawn = help.lines.compactMap { line -> (keys: String, summary: String)? in
        guard case .binding(let keys, let summary) = line else { return nil }
        return (keys, summary)
      }
      #expect(drawn.allSatisfy { $0.summary.isEmpty || DisplayWidth.of($0.keys) <= help.keysWidth }, "\(size)")
    }
  }

  @Test("At 40 columns a field's editing keys wider than their column stand above their words, in English and German")
  func narrowBindings() async throws {
    let size = TerminalSize(columns: 40, rows: 12)
    let english = try await Self.cases[4].showingHelp(in: .en)
    let search = Self.overlay(of: english, in: size)
    let searchText = Self.text(of: search)
    #expect(search.keysWidth == 13)
    for rows in [
      ["← → Ctrl-B Ctrl-F", "               cursor a character", "               back / forward"],
      [
        "Backspace Delete Ctrl-D", "               delete the character", "               before / after the",
        "               cursor",
      ],
      ["Esc Enter      leave the field"],
    ] {
      #expect(searchText.contains(rows.joined(separator: "\n") + "\n"), "\(searchText)")
    }
    let german = try await Self.cases[13].showingHelp(in: .de)
    let form = Self.overlay(of: german, in: size)
    let formText = Self.text(of: form)
    #expect(formText.contains("Rücktaste Entf Strg-D\n"), "\(formText)")
    #expect(!formText.contains("Strg-D  "), "\(formText)")
  }

  /// The help `harness` shows, laid out for a terminal of `size`.
  private static func overlay(of harness: ScreenHarness, in size: TerminalSize) -> HelpOverlay {
    HelpOverlay(
      sections: harness.rootView.helpSections(in: RootView.body(of: size)), area: RootView.overlayArea(of: size),
      strings: harness.strings)
  }

  /// The words of `line`, one space apart.
  private static func words(_ line: String) -> String {
    line.split(separator: " ").joined(separator: " ")
  }

  /// The overlay's lines as it draws them, one a line, without the box.
  private static func text(of help: HelpOverlay) -> String {
    help.lines.map { line in
      switch line {
      case .heading(let text), .text(let text), .note(let text): text
      case .blank: ""
      case .binding(let keys, let summary) where summary.isEmpty: keys
      case .binding(let keys, let summary):
        keys + String(repeating: " ", count: help.keysWidth - DisplayWidth.of(keys) + 2) + summary
      }
    }.map { $0 + "\n" }.joined()
  }

  /// The bindings `help` draws, each as a reader would take them: a line whose keys start at
  /// the left edge begins one; its keys, then its words, are the parts of its lines joined.
  private static func blocks(of help: HelpOverlay) -> [String] {
    var blocks: [(keys: [String], summary: [String])] = []
    for line in help.lines {
      guard case .binding(let keys, let summary) = line else { continue }
      if let first = keys.first, first != " " {
        blocks.append(([keys], []))
      } else if blocks.isEmpty {
        Issue.record("a binding's line before any binding: \(keys) \(summary)")
        continue
      } else if !keys.isEmpty {
        blocks[blocks.count - 1].keys.append(String(keys.drop { $0 == " " }))
      }
      if !summary.isEmpty { blocks[blocks.count - 1].summary.append(summary) }
    }
    return blocks.map { $0.keys.joined(separator: " ") + " | " + $0.summary.joined(separator: " ") }
  }

  @Test("Every key a screen or sheet acts on is in its help", arguments: cases)
  func everyActingKeyIsInHelp(helpCase: HelpCase) async throws {
    #expect(try await Self.keysMissingFromHelp(helpCase.setUp) == [])
  }

  @Test("The check finds a key a screen acts on that its help does not list")
  func checkFindsUnlistedKey() async throws {
    let missing = try await Self.keysMissingFromHelp {
      let harness = ScreenHarness()
      harness.show(UnlistedKeyScreen(), on: .home)
      return harness
    }
    #expect(missing == [.char("d")])
  }

  @Test(
    "Help lists no binding that does nothing: in every state the hint-line tests set up, a key of each binding of the screen's or sheet's active sections changes the frame, shows a toast or navigates",
    arguments: PurityCase.everyScreen + PurityCase.moreHintLines)
  func everyListedBindingActs(helpCase: PurityCase) async throws {
    let inert = try await Self.inertBindings(helpCase.setUp)
    #expect(Set(inert) == Self.edges[helpCase.name, default: []], "\(inert)")
  }

  /// Bindings that do nothing in one state only because of where it stands, by state: the edge
  /// of a key that acts elsewhere, as ↑ on a first row is (which the check already forgives,
  /// one key of a binding acting being enough). Listed, so a new dead binding is still caught.
  static let edges: [String: Set<String>] = [
    // The first load is in flight: a refresh, the retry the hints offer, joins it.
    "Home, loading": ["r refresh"],
    // One row left: nowhere to move to.
    "Favorites, a removal to undo": [
      "↑ ↓ k j move", "PgUp PgDn a page up / down", "Home End to the start / the end",
    ],
    // The refusal is on the form already; saving again refuses again.
    "The item form, a refused field": ["Enter save the item", "Ctrl-S save the item"],
    // The refusal is under the field already; signing in with the name again refuses again.
    "Sign in, a refused name": ["Enter sign in; on the field: create the profile"],
  ]

  @Test("The check finds a binding help lists that does nothing")
  func checkFindsInertBinding() async throws {
    let inert = try await Self.inertBindings {
      let harness = ScreenHarness()
      harness.show(InertKeyScreen(), on: .home)
      return harness
    }
    #expect(inert == ["d delete the item (asks first)"])
  }

  /// The bindings help lists for the screen or sheet of `setUp` in an active section of its own
  /// none of whose keys, pressed in a fresh set-up, changes the frame at 80x24, shows a toast or
  /// asks the coordinator to go somewhere (which the harness's mock only records); each as
  /// `keys summary`. One key acting is enough: ↑ on the first row is an edge of a binding that
  /// moves, not a dead key. Left out: what acts everywhere and the `:` line (the root's, whose
  /// commands the app supplies), and a field's editing keys, which act on whatever is typed and
  /// in an empty field have nothing yet to act on.
  static func inertBindings(_ setUp: @MainActor () async throws -> ScreenHarness) async throws -> [String] {
    let size = TerminalSize.standard
    let body = RootView.body(of: size)
    var harness = try await setUp()
    try await harness.settle()
    guard !harness.rootView.commandLineEditor.isOpen else { return [] }
    let bindings = harness.rootView.helpSections(in: body)
      .filter { $0.isActive && $0.title != L10n.Help.sectionEverywhere && $0.title != L10n.Help.sectionEditing }
      .flatMap(\.bindings)
    var inert: [String] = []
    for binding in bindings {
      var acts = false
      for key in binding.keys where !acts {
        harness = try await setUp()
        try await harness.settle()
        let before = harness.frame(size)
        let toasts = harness.toasts.shownToasts.count
        let asked = Self.navigationAsked(of: harness.coordinator)
        harness.press(key)
        try await harness.settle()
        acts =
          harness.frame(size) != before || harness.toasts.shownToasts.count != toasts
          || Self.navigationAsked(of: harness.coordinator) != asked
      }
      if !acts {
        inert.append(
          KeyName.label(of: binding.keys, strings: harness.strings) + " " + harness.strings(binding.summary))
      }
    }
    return inert
  }

  /// How many times each kind of navigation was asked of `coordinator`.
  private static func navigationAsked(of coordinator: MockCoordinator) -> [Int] {
    [
      coordinator.shownDetails.count, coordinator.showProfileCount, coordinator.editProfileCount,
      coordinator.confirmSignOutCount, coordinator.confirmResetCount, coordinator.dismissSheetCount,
      coordinator.shownForms.count, coordinator.deleteQuestions.count, coordinator.signedInProfiles.count,
      coordinator.continueAsGuestCount, coordinator.deleteProfileQuestions.count,
    ]
  }

  @Test(
    "At a tab's root help lists no way back, which would do nothing; over a pushed screen it lists Esc and Backspace")
  func backOnlyWhereThereIsAWayBack() async throws {
    let harness = ScreenHarness()
    harness.show(SettingsScreen(viewModel: harness.settingsViewModel(), strings: harness.strings), on: .settings)
    func backKeys() -> [Key] {
      harness.rootView.helpSections(in: RootView.body(of: .standard)).flatMap(\.bindings)
        .filter { $0.summary == L10n.Help.back }.flatMap(\.keys)
    }

    harness.navigator.depth = 0
    #expect(backKeys().isEmpty)
    harness.press(.escape)
    #expect(harness.navigator.goBackCount == 0, "nothing asked of the navigator")
    harness.navigator.depth = 1
    #expect(backKeys() == [.escape, .backspace])
    harness.press(.backspace)
    #expect(harness.navigator.depth == 0)
  }

  @Test("The item form's help names what Enter does, as the reader does: it saves the item")
  func itemFormEnterSaves() async throws {
    let (harness, store) = try await Self.myItems()
    harness.present(harness.myItemFormSheet(store: store))
    let enter = harness.rootView.helpSections(in: RootView.body(of: .standard)).flatMap(\.bindings)
      .first { $0.keys == [.enter] }
    #expect(enter?.summary == L10n.Help.saveItem)
  }

  @Test("A guest's Profile lists no e in its help, as its hints offer none; a profile's lists it")
  func guestProfileHelpHasNoEdit() async throws {
    for (session, listsEdit) in [(Session.guest, false), (MockProfileDetailsService.adaSession, true)] {
      let harness = ScreenHarness(session: session)
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      let keys = harness.rootView.helpSections(in: RootView.body(of: .standard)).flatMap(\.bindings).flatMap(\.keys)
      #expect(keys.contains(.char("e")) == listsEdit, "\(session)")
    }
  }

  /// Every key (printable text in a focused field aside) that the screen or sheet of `setUp`
  /// acts on, but whose help lists no binding of. A fresh set-up follows every key that acted,
  /// since it may have changed what the keys do.
  static func keysMissingFromHelp(_ setUp: @MainActor () async throws -> ScreenHarness) async throws -> [Key] {
    var missing: [Key] = []
    var harness = try await setUp()
    for key in universe {
      let body = RootView.body(of: .standard)
      let listed = harness.rootView.helpSections(in: body).flatMap(\.bindings).contains { $0.keys.contains(key) }
      let isText: Bool
      let acted: Bool
      if let sheet = harness.navigator.sheet {
        isText = sheet.isEditingText
        acted = sheet.keyBindings(in: RootView.contentArea(of: sheet, size: .standard)).handle(key)
      } else if harness.rootView.commandLine != nil {
        isText = true
        acted = harness.rootView.commandLineBindings.handle(key)
      } else {
        let screen = harness.navigator.currentScreen
        isText = screen.isEditingText
        acted = screen.handle(key, in: body)
      }
      if case .char = key, isText {
        // Typing: what a field is for, not a binding.
      } else if acted, !listed {
        missing.append(key)
      }
      if acted {
        harness = try await setUp()
      }
    }
    return missing
  }

  /// Every key a person can press that the decoder reports.
  nonisolated static let universe: [Key] =
    (0x20...0x7E).map { Key.char(Character(Unicode.Scalar($0))) }
    + [
      .up, .down, .left, .right, .enter, .escape, .backspace, .tab, .backTab, .home, .end, .pageUp, .pageDown,
      .delete, .insert,
    ]
    + (1...12).map(Key.function) + "abdefghklnopqrstuvwxyz".map(Key.ctrl)
    + ["b", "f", "d", "q", Key.backspaceCharacter].map(Key.alt)

  // MARK: Showing it

  @Test("At 40x12 help scrolls with ↑↓, PgUp/PgDn and Home/End, showing where it is; any other key closes it")
  func scrolls() async throws {
    let harness = try await Self.cases[1].showingHelp(in: .en)
    let size = TerminalSize(columns: 40, rows: 12)
    var frame = harness.frame(size)
    #expect(frame.plainText.contains("lines 1–8/"))
    harness.press(.down)
    frame = harness.frame(size)
    #expect(frame.plainText.contains("lines 2–9/"))
    harness.press(.end)
    let total = try #require(frame.plainText.split(separator: "/").last.flatMap { Int($0.prefix { $0.isNumber }) })
    #expect(harness.frame(size).plainText.contains("–\(total)/\(total)"))
    harness.press(.pageUp, .home)
    #expect(harness.frame(size).plainText.contains("lines 1–8/"))
    harness.press(.char("x"))
    #expect(!harness.rootView.isShowingHelp)
    #expect(!harness.frame(size).plainText.contains("lines 1–8/"))
  }

  @Test("Help offers and binds its scroll keys only where it is longer than its room, as Detail does its text's")
  func scrollKeysOnlyWhenLong() async throws {
    let harness = try await Self.cases[5].showingHelp(in: .en)
    let small = TerminalSize(columns: 40, rows: 12)
    #expect(Self.words(harness.frame(small).line(small.rows - 1)) == "↑↓ scroll Esc closes")
    harness.press(.down)
    #expect(harness.rootView.isShowingHelp)
    #expect(harness.frame(small).plainText.contains("lines 2–"))
    // At 80x24 Favorites' help fits: nothing to scroll, so ↓ closes it as any other key does.
    let frame = harness.frame(.standard)
    #expect(!frame.plainText.contains("lines "))
    #expect(Self.words(frame.line(TerminalSize.standard.rows - 1)) == "Esc closes")
    harness.press(.down)
    #expect(!harness.rootView.isShowingHelp)
  }

  @Test("? and F1 open help; in a field ? types and F1 still opens it")
  func helpKeys() async throws {
    let harness = try await Self.cases[4].setUp()
    harness.press(.char("?"))
    #expect(!harness.rootView.isShowingHelp)
    harness.press(.function(1))
    #expect(harness.rootView.isShowingHelp)
    let frame = harness.frame(.standard)
    #expect(frame.plainText.contains("Help: Search"))
    #expect(frame.plainText.contains("In the search field"))
  }
}

/// A screen that acts on `d` outside its listed bindings, through a text field while it claims
/// no field has the focus: what the coverage check must catch.
@MainActor
private final class UnlistedKeyScreen: Screen {
  var title: String { "Unlisted" }
  func hints(in _: Rect) -> String { "" }
  func render(into _: inout Canvas, area _: Rect, theme _: Theme) {}

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings(
      [KeyBindings.Section(L10n.Help.sectionList, [KeyBinding([.char("x")], L10n.Help.remove) {}])],
      textField: { $0 == .char("d") })
  }
}

/// A screen whose help lists `d`, bound to nothing it does: what the inert-binding check must
/// catch.
@MainActor
private final class InertKeyScreen: Screen {
  var title: String { "Inert" }
  func hints(in _: Rect) -> String { "" }
  func render(into _: inout Canvas, area _: Rect, theme _: Theme) {}

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([KeyBindings.Section(L10n.Help.sectionList, [KeyBinding([.char("d")], L10n.Help.deleteItem) {}])])
  }
}
