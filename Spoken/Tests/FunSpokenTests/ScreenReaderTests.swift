import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunSpoken
@testable import FunViewModel

@Suite("ScreenReader")
@MainActor
struct ScreenReaderTests {
  @Test("Arriving says the welcome, then where the person is, then the focused row")
  func arriving() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()

    #expect(
      harness.reader.announcements(for: harness.scene(of: home)) == [
        "Fun, screen reader mode. Question mark reads the keys, period says where you are.",
        "Home, 8 items, item 1 of 8",
        "SwiftUI — Declarative user interfaces",
      ])
  }

  @Test("Nothing changed, nothing is said")
  func silence() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))

    #expect(harness.reader.announcements(for: harness.scene(of: home)).isEmpty)
  }

  @Test("Moving the selection reads the new row with its place")
  func movingReadsTheRow() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))

    home.list.send(.move(by: 2))

    #expect(
      harness.reader.announcements(for: harness.scene(of: home)) == ["3 of 8: SwiftData — Persistence with macros"])
  }

  @Test("A favorite's change is one line naming the item, and the row then says it is a favorite")
  func favoriting() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))

    home.list.send(.toggleFavoriteOfSelected)
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["Favorited SwiftUI"])
    home.list.send(.move(by: 1))
    home.list.send(.move(by: -1))
    _ = harness.reader.announcements(for: harness.scene(of: home))
    #expect(
      harness.reader.whereYouAre(in: harness.scene(of: home)) == [
        "Home, 8 items, item 1 of 8", "SwiftUI — Declarative user interfaces, favorite",
      ])
    home.list.send(.toggleFavoriteOfSelected)
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["Removed SwiftUI from favorites"])
  }

  @Test(
    "A removal and its undo are each said once, by their own toasts; a removal whose toast does not come with it is said as a change"
  )
  func removalToldByItsOwnToast() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    home.list.send(.toggleFavoriteOfSelected)
    _ = harness.reader.announcements(for: harness.scene(of: home))

    home.list.send(.toggleFavoriteOfSelected)
    let removed = ToastEvent.info(L10n.Favorites.removed("SwiftUI"))
    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: removed)) == [
        "Removed SwiftUI from favorites, u undoes"
      ])
    harness.favorites.undoRemoval()
    let restored = ToastEvent.info(L10n.Favorites.restored("SwiftUI"))
    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: restored)) == ["SwiftUI is a favorite again"],
      "not \"Favorited SwiftUI\" as well")

    // The removal's toast waits behind an error that arrives with it: the change is said.
    home.list.send(.toggleFavoriteOfSelected)
    let error = ToastEvent.error(AppError.itemNotFound(id: "nope").text)
    let said = harness.reader.announcements(for: harness.scene(of: home, toast: error))
    #expect(said.first == "Removed SwiftUI from favorites" && said.count == 2, "\(said)")
  }

  @Test("The favorites' first read is not said as a change: only a favorite set or removed afterwards is")
  func favoritesReadIsNotAChange() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    // A session that starts over a loaded catalog (signed out and in again): its favorites are
    // read after the list is first said.
    let favorites = FavoritesStore(
      service: MockFavoritesService(favorites: ["swiftui"]), catalog: harness.catalog, toasts: harness.toasts,
      tasks: harness.time.tasks,
      watchClock: nil)
    let home = HomeViewModel(
      catalog: harness.catalog, favorites: favorites, toggles: harness.toggles,
      toasts: harness.toasts,
      tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Home", screenModel: home, list: home.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    #expect(
      harness.reader.announcements(for: scene) == [
        "Home, 8 items, item 1 of 8", "SwiftUI — Declarative user interfaces",
      ])

    try await harness.time.settle()
    #expect(home.list.isFavorite("swiftui"))
    #expect(harness.reader.announcements(for: scene).isEmpty)
    #expect(harness.reader.whereYouAre(in: scene).last == "SwiftUI — Declarative user interfaces, favorite")
    home.list.send(.toggleFavoriteOfSelected)
    #expect(harness.reader.announcements(for: scene) == ["Removed SwiftUI from favorites"])
  }

  @Test("A new toast is said once; an error toast with its reason")
  func toasts() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))
    let error = ToastEvent.error(AppError.itemNotFound(id: "nope").text)

    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: error)) == [
        "Error: \(Localizer(language: .en)(AppError.itemNotFound(id: "nope").text))"
      ])
    #expect(harness.reader.announcements(for: harness.scene(of: home, toast: error)).isEmpty)
    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: .success(L10n.Refresh.done)))
        == ["Catalog refreshed"])
  }

  @Test("A toast equal to the one showing is said again when it comes again (a command failed as the one before it)")
  func sameToastAgain() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    let error = ToastEvent.error(AppError.itemNotFound(id: "nope").text)
    func scene(shown: Int) -> SpokenScene {
      SpokenScene(title: "Home", screenModel: home, list: home.list, toast: error, toastsShown: shown)
    }
    let said = "Error: \(Localizer(language: .en)(AppError.itemNotFound(id: "nope").text))"
    _ = harness.reader.announcements(for: harness.scene(of: home))

    #expect(harness.reader.announcements(for: scene(shown: 1)) == [said])
    #expect(harness.reader.announcements(for: scene(shown: 1)).isEmpty)
    #expect(harness.reader.announcements(for: scene(shown: 2)) == [said])
  }

  @Test("A sheet is announced with its question, its message and its choices; closing it says where you are")
  func sheets() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))
    let question = ConfirmationViewModel(
      title: L10n.Sheet.signOutTitle, message: L10n.Sheet.signOutGuest, confirmTitle: L10n.Sheet.signOutAction
    ) {}
    var scene = harness.scene(of: home)
    scene.sheetTitle = "Sign out?"
    scene.sheetModel = question
    scene.keys = [
      KeyHelpSection(
        title: "This dialog",
        lines: [
          .init(keys: "Enter", spokenKeys: ["Enter"], summary: "confirm"),
          .init(keys: "Esc", spokenKeys: ["Escape"], summary: "cancel"),
        ])
    ]
    let strings = Localizer(language: .en)

    #expect(
      harness.reader.announcements(for: scene) == [
        "Dialog: Sign out?", strings(L10n.Sheet.signOutGuest), "Enter: Sign out", "Escape: cancel",
      ])
    #expect(
      harness.reader.announcements(for: harness.scene(of: home)) == [
        "Home, 8 items, item 1 of 8", "SwiftUI — Declarative user interfaces",
      ])
  }

  @Test("A screen the reader does not know is read by its title and, in the list shape, its rows")
  func unknownScreens() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    let scene = SpokenScene(title: "My items", screenModel: nil, list: home.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    #expect(
      harness.reader.announcements(for: scene) == [
        "My items, 8 items, item 1 of 8", "SwiftUI — Declarative user interfaces",
      ])
    home.list.send(.move(by: 1))
    #expect(harness.reader.announcements(for: scene) == ["2 of 8: Combine — Values over time"])
  }

  @Test("A list screen the reader does not know says the catalog loading under it, a refresh, and a failed load")
  func unknownListScreenActivity() async throws {
    let harness = SpokenHarness()
    let strings = Localizer.base
    let network = MockNetworkService(clock: harness.time.clock, latency: .seconds(1))
    // Home's ViewModel owns the list; the scene names no ViewModel, as a tab added later.
    let tabCatalog = CatalogStore(network: network, toggles: harness.toggles, tasks: harness.time.tasks)
    let tab = HomeViewModel(
      catalog: tabCatalog,
      favorites: harness.favorites, toggles: harness.toggles, toasts: harness.toasts, tasks: harness.time.tasks)
    func scene() -> SpokenScene { SpokenScene(title: "Orders", list: tab.list, isBusy: tab.isBusy) }
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    harness.time.tasks.start("first load") { _ = try? await tabCatalog.load() }
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene()) == ["Orders, \(strings(L10n.Common.loadingCatalog))"])
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene()).first == "Catalog loaded")

    tab.send(.refresh)
    #expect(harness.reader.announcements(for: scene()) == ["Refreshing the catalog"])
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene()) == ["Catalog refreshed"])

    let failure = AppError.itemNotFound(id: "x")
    network.result = .failure(failure)
    let failingCatalog = CatalogStore(network: network, toggles: harness.toggles, tasks: harness.time.tasks)
    let failing = HomeViewModel(
      catalog: failingCatalog,
      favorites: harness.favorites, toggles: harness.toggles, toasts: harness.toasts, tasks: harness.time.tasks)
    let failed = SpokenScene(title: "Orders", list: failing.list, isBusy: failing.isBusy)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    _ = harness.reader.announcements(for: failed)
    harness.time.tasks.start("failing load") { _ = try? await failingCatalog.load() }
    try await harness.time.advance(by: .seconds(1))
    #expect(
      harness.reader.announcements(for: SpokenScene(title: "Orders", list: failing.list, isBusy: failing.isBusy))
        .contains("Error: \(failure.message)"))
  }

  @Test(
    "A saved favorite the catalog lacks is read as the screen draws it: its id, not in this catalog, a favorite",
    arguments: [
      (Language.en, "2 of 2: gone — not in this catalog, favorite"),
      (.de, "2 von 2: gone — nicht in diesem Katalog, Favorit"),
    ])
  func missingFavorite(language: Language, line: String) async throws {
    let harness = SpokenHarness(language: language)
    let store = FavoritesStore(
      service: MockFavoritesService(favorites: ["swiftui", "gone"]), catalog: harness.catalog, toasts: harness.toasts,
      tasks: harness.time.tasks, watchClock: nil
    )
    let favorites = FavoritesViewModel(
      catalog: harness.catalog, favorites: store, toasts: harness.toasts,
      tasks: harness.time.tasks)
    _ = try? await harness.catalog.load()
    try await harness.time.settle()
    let scene = SpokenScene(title: "Favorites", screenModel: favorites, list: favorites.list, isBusy: favorites.isBusy)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    _ = harness.reader.announcements(for: scene)
    favorites.list.send(.move(by: 1))
    #expect(harness.reader.announcements(for: scene) == [line])
  }

  @Test(
    "Favorites says its summary where the screen shows it, in place of a row count: the favorites and the saved ones the catalog lacks",
    arguments: [
      (Language.en, ["swiftui", "gone"], "Favorites, 1 favorite, 1 not in this catalog, item 1 of 2"),
      (.en, ["gone", "also-gone"], "Favorites, 2 favorites, none in this catalog, item 1 of 2"),
      (.en, ["swiftui", "macros"], "Favorites, 2 favorites, item 1 of 2"),
      (.de, ["swiftui", "gone"], "Favoriten, 1 Favorit, 1 nicht in diesem Katalog, Eintrag 1 von 2"),
      (.de, ["gone", "also-gone"], "Favoriten, 2 Favoriten, keiner in diesem Katalog, Eintrag 1 von 2"),
    ] as [(Language, Set<String>, String)])
  func favoritesSummary(language: Language, saved: Set<String>, heading: String) async throws {
    let harness = SpokenHarness(language: language)
    let strings = Localizer(language: language)
    let store = FavoritesStore(
      service: MockFavoritesService(favorites: saved), catalog: harness.catalog, toasts: harness.toasts,
      tasks: harness.time.tasks,
      watchClock: nil)
    let favorites = FavoritesViewModel(
      catalog: harness.catalog, favorites: store, toasts: harness.toasts,
      tasks: harness.time.tasks)
    _ = try? await harness.catalog.load()
    try await harness.time.settle()
    let scene = SpokenScene(
      title: strings(L10n.Tab.favorites), screenModel: favorites, list: favorites.list,
      isBusy: favorites.isBusy)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let summary = try #require(favorites.favoritesSummary)
    #expect(heading.contains(strings(summary).replacing(" · ", with: ", ")), "the ViewModel's words")
    #expect(harness.reader.announcements(for: scene).first == heading)
    #expect(harness.reader.whereYouAre(in: scene).first == heading)
  }

  @Test("Favorites before the catalog's first load says the wait, as Home does, not that it has no items")
  func favoritesBeforeTheFirstLoad() async throws {
    let harness = SpokenHarness()
    let favorites = FavoritesViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts,
      tasks: harness.time.tasks)
    #expect(favorites.list.status == .waiting)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let scene = SpokenScene(title: "Favorites", screenModel: favorites, list: favorites.list, isBusy: favorites.isBusy)
    let home = HomeViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toggles: harness.toggles,
      toasts: harness.toasts,
      tasks: harness.time.tasks)
    #expect(harness.reader.announcements(for: scene) == ["Favorites, \(Localizer.base(L10n.Common.loadingCatalog))"])
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    #expect(
      harness.reader.announcements(for: harness.scene(of: home)) == [
        "Home, \(Localizer.base(L10n.Common.loadingCatalog))"
      ])
  }

  @Test("Signing in and switching activity are said before the screen arrived at")
  func sessionAndActivity() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: SpokenScene(title: "Sign in"))
    var scene = harness.scene(of: home)
    scene.sessionName = "ada"
    scene.activity = .explore

    #expect(harness.reader.announcements(for: scene).first == "Signed in as ada")
    scene.activity = .studio
    scene.title = "Sources"
    scene.screenModel = nil
    scene.list = nil
    #expect(harness.reader.announcements(for: scene) == ["Activity: Studio", "Sources"])
  }

  @Test("`?` reads the keys of the screen: its title, each section's heading, each binding")
  func keys() {
    let reader = ScreenReader(strings: Localizer(language: .en))
    let scene = SpokenScene(
      title: "Home",
      keys: [
        KeyHelpSection(
          title: "The list",
          lines: [.init(keys: "↑ ↓ k j", spokenKeys: ["Up and Down arrows", "k", "j"], summary: "move")]),
        KeyHelpSection(
          title: "Everywhere",
          lines: [
            .init(keys: "q Ctrl-C", spokenKeys: ["q", "Control C"], summary: "quit"),
            .init(keys: "? F1", spokenKeys: ["?", "F1"], summary: "this help"),
          ]),
      ])

    // A synthesiser says nothing for a lone `?` and reads arrows and abbreviations badly: keys
    // are said as the key table names them for the ear, a lone `?` by name, a comma between.
    #expect(
      reader.keys(of: scene) == [
        "Help: Home", "The list", "Up and Down arrows, k, j: move", "Everywhere", "q, Control C: quit",
        "question mark, F1: this help",
      ])
  }

  @Test(
    "F1 on the `:` line reads its keys headed by the command line, as the full-screen help is; over a sheet, by the sheet"
  )
  func keysOfTheCommandLine() {
    let reader = ScreenReader(strings: Localizer(language: .en))
    var scene = SpokenScene(title: "Home", commandLine: "ta")

    #expect(reader.keys(of: scene).first == "Help: The command line")
    scene.sheetTitle = "New item"
    #expect(reader.keys(of: scene).first == "Help: New item")
  }

  @Test("Typing in a field is echoed as typed; another edit reads the field again")
  func typing() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    func scene() -> SpokenScene {
      SpokenScene(title: "Search", screenModel: search, list: search.list, isEditingText: true)
    }
    _ = harness.reader.announcements(for: scene())

    search.send(.edit(.insert("sw")))
    #expect(harness.reader.announcements(for: scene()) == ["Search field: sw"])
    search.send(.edit(.insert("i")))
    #expect(harness.reader.announcements(for: scene()) == ["i"])
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene()) == ["4 results"])
    search.send(.edit(.delete(.characterBackward)))
    #expect(harness.reader.announcements(for: scene()) == ["Search field: sw"])
    // A synthesiser says nothing for a space or a lone period: they are said by name.
    search.send(.edit(.insert(" ")))
    #expect(harness.reader.announcements(for: scene()) == ["space"])
    search.send(.edit(.insert(".")))
    #expect(harness.reader.announcements(for: scene()) == ["period"])
    search.send(.edit(.insert("  ")))
    #expect(harness.reader.announcements(for: scene()) == ["space space"])
    search.send(.edit(.insert(" ui")))
    #expect(harness.reader.announcements(for: scene()) == [" ui"])
  }

  @Test("In the search field, a move in the results and a favorite are said; the rows typing lists are not")
  func resultsBesideTheField() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    func scene() -> SpokenScene {
      SpokenScene(title: "Search", screenModel: search, list: search.list, isEditingText: true)
    }
    _ = harness.reader.announcements(for: scene())
    search.send(.edit(.insert("swi")))
    _ = harness.reader.announcements(for: scene())
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene()) == ["4 results"])

    search.list.send(.move(by: 1))
    let second = try #require(search.list.selectedItem)
    #expect(harness.reader.announcements(for: scene()) == ["2 of 4: \(second.title) — \(second.subtitle)"])
    search.list.send(.toggleFavoriteOfSelected)
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene()) == ["Favorited \(second.title)"])
    search.list.send(.toggleFavoriteOfSelected)
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene()) == ["Removed \(second.title) from favorites"])

    // What typing lists anew starts from its first row: that is no move of the selection, and
    // with as many results as before, nothing is said of it.
    search.send(.edit(.insert("f")))
    #expect(harness.reader.announcements(for: scene()) == ["f"])
    try await harness.time.advance(by: .seconds(1))
    #expect(search.list.rows.count == 4)
    #expect(harness.reader.announcements(for: scene()).isEmpty)
    search.list.send(.move(by: 1))
    let moved = try #require(search.list.selectedItem)
    #expect(harness.reader.announcements(for: scene()) == ["2 of 4: \(moved.title) — \(moved.subtitle)"])
  }

  @Test("The `:` line says it opened and how to leave it, echoes typing as a field does, says Esc closed it")
  func commandLine() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    func scene(_ line: String?, run: Int = 0) -> SpokenScene {
      SpokenScene(title: "Home", screenModel: home, list: home.list, commandLine: line, commandLinesRun: run)
    }
    _ = harness.reader.announcements(for: scene(nil))

    #expect(
      harness.reader.announcements(for: scene("")) == ["Command line, empty", "Enter runs the line, Escape closes it"])
    #expect(harness.reader.announcements(for: scene("t")) == ["Command line: t"])
    #expect(harness.reader.announcements(for: scene("ta")) == ["a"])
    #expect(harness.reader.announcements(for: scene("ta")).isEmpty)
    #expect(harness.reader.announcements(for: scene("ta ")) == ["space"])
    #expect(harness.reader.announcements(for: scene("ta")) == ["Command line: ta"])
    #expect(harness.reader.announcements(for: scene("t")) == ["Command line: t"])
    #expect(harness.reader.announcements(for: scene(nil)) == ["Command line closed"])
    // Enter ran the line: what the command did is said, not that the line closed.
    _ = harness.reader.announcements(for: scene(""))
    _ = harness.reader.announcements(for: scene("expect Swift"))
    #expect(harness.reader.announcements(for: scene(nil, run: 1)).isEmpty)
  }

  @Test("Search says the status line's words: the matches in All a category hides, and that results are updating")
  func searchStatusAsTheScreenSaysIt() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    func scene(isEditing: Bool = false) -> SpokenScene {
      SpokenScene(title: "Search", screenModel: search, list: search.list, isEditingText: isEditing)
    }
    await search.search(for: "Instruments")
    try await harness.time.settle()
    _ = harness.reader.announcements(for: scene())
    search.send(.selectNextCategory)
    try await harness.time.settle()
    let said = harness.reader.announcements(for: scene())
    #expect(said.first == "No results in Frameworks — 1 in All", "said: \(said)")
    #expect(
      harness.reader.whereYouAre(in: scene()).first
        == "Search, Category: Frameworks, No results in Frameworks — 1 in All")

    search.send(.selectPreviousCategory)
    try await harness.time.settle()
    _ = harness.reader.announcements(for: scene(isEditing: true))
    search.send(.edit(.insert("s")))
    // Leaving the field while the debounce waits: the count is the previous query's.
    let left = harness.reader.announcements(for: scene())
    #expect(left.first == "Search field left, 1 result, updating…", "said: \(left)")
  }

  @Test("Leaving the search field says so, with the results it leaves: then the selected row, if any")
  func leavingTheSearchField() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    var isEditing = true
    func scene() -> SpokenScene {
      SpokenScene(title: "Search", screenModel: search, list: search.list, isEditingText: isEditing)
    }
    _ = harness.reader.announcements(for: scene())
    search.send(.edit(.insert("swi")))
    #expect(harness.reader.announcements(for: scene()) == ["Search field: swi"])
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene()) == ["4 results"])

    isEditing = false
    let first = try #require(harness.reader.whereYouAre(in: scene()).dropFirst().first)
    #expect(harness.reader.announcements(for: scene()) == ["Search field left, 4 results", "1 of 4: \(first)"])
    isEditing = true
    _ = harness.reader.announcements(for: scene())
    search.send(.edit(.insert("zzz")))
    try await harness.time.advance(by: .seconds(1))
    _ = harness.reader.announcements(for: scene())
    isEditing = false
    #expect(harness.reader.announcements(for: scene()) == ["Search field left, No results"])
  }

  @Test("A field read whole says the spaces it ends in by name: a synthesiser drops them")
  func trailingSpace() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    func scene() -> SpokenScene {
      SpokenScene(title: "Search", screenModel: search, list: search.list, isEditingText: true)
    }
    _ = harness.reader.announcements(for: scene())

    search.send(.edit(.insert("ab ")))
    #expect(harness.reader.announcements(for: scene()) == ["Search field: ab, space"])
    #expect(harness.reader.whereYouAre(in: scene()).last == "Search field: ab, space")
    // The `:` line too, read whole as its first letters come.
    let home = try await harness.loadedHome()
    func line(_ text: String) -> SpokenScene {
      SpokenScene(title: "Home", screenModel: home, list: home.list, commandLine: text)
    }
    _ = harness.reader.announcements(for: line(""))
    #expect(harness.reader.announcements(for: line("tab ")) == ["Command line: tab, space"])
  }

  @Test("A lone `?`, `:` or space typed into an empty field is said by name; a completion ending in a space says it")
  func firstCharacterByName() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    func scene() -> SpokenScene {
      SpokenScene(title: "Search", screenModel: search, list: search.list, isEditingText: true)
    }
    _ = harness.reader.announcements(for: scene())

    search.send(.edit(.insert("?")))
    #expect(harness.reader.announcements(for: scene()) == ["Search field: question mark"])
    search.send(.edit(.delete(.characterBackward)))
    _ = harness.reader.announcements(for: scene())
    search.send(.edit(.insert(" ")))
    #expect(harness.reader.announcements(for: scene()) == ["Search field: space"])

    let home = try await harness.loadedHome()
    func line(_ text: String) -> SpokenScene {
      SpokenScene(title: "Home", screenModel: home, list: home.list, commandLine: text)
    }
    _ = harness.reader.announcements(for: line(""))
    #expect(harness.reader.announcements(for: line(":")) == ["Command line: colon"])
    _ = harness.reader.announcements(for: line("ta"))
    // Tab completed the name: the space after it is said, as typing it would be.
    #expect(harness.reader.announcements(for: line("tab ")) == ["b, space"])
  }

  @Test("With a field focused at start, the welcome names F1, the one key of help that works from it, not ? and .")
  func welcomeInAField() async throws {
    let harness = SpokenHarness()
    let signIn = SignInViewModel(profiles: MockProfilesService(profiles: []), tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Sign in", screenModel: signIn)

    let said = harness.reader.announcements(for: scene)
    #expect(said.first == "Fun, screen reader mode. F1 reads the keys; the field has them until you leave it.")
    #expect(said.dropFirst(2).first == "New profile name field, empty", "\(said)")
    signIn.send(.editName(.insert("?")))
    #expect(harness.reader.announcements(for: scene) == ["New profile name field: question mark"])
  }

  @Test("A change a toast is on its way to tell waits for it: change and toast are one line, however the calls fall")
  func changeWaitsForItsToast() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    home.list.send(.toggleFavoriteOfSelected)
    _ = harness.reader.announcements(for: harness.scene(of: home))

    // The removal is on screen before its toast: the toast service announces it through a stream.
    home.list.send(.toggleFavoriteOfSelected)
    let arriving = SpokenScene(title: "Home", screenModel: home, list: home.list, isToastArriving: true)
    #expect(harness.reader.announcements(for: arriving).isEmpty)
    let removed = ToastEvent.info(L10n.Favorites.removed("SwiftUI"))
    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: removed)) == [
        "Removed SwiftUI from favorites, u undoes"
      ])
  }

  @Test("Arriving at another place while the `:` line is open says the line after where you are")
  func arrivingWithTheCommandLineOpen() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))
    _ = harness.reader.announcements(
      for: SpokenScene(title: "Home", screenModel: home, list: home.list, commandLine: "ta "))

    #expect(
      harness.reader.announcements(for: SpokenScene(title: "Sources", commandLine: "ta ")) == [
        "Sources", "Command line: ta, space",
      ])
    // Closed over the new place: only that it closed.
    #expect(harness.reader.announcements(for: SpokenScene(title: "Sources")) == ["Command line closed"])
  }

  @Test("`:help` reads the commands: a heading, a name per line, how to complete and recall them")
  func commands() {
    let reader = ScreenReader(strings: Localizer(language: .en))

    #expect(
      reader.commands(named: ["tab", "help"]) == [
        "Commands of the command line:", "tab", "help",
        "Tab completes a command name; Up and Down arrows recall earlier lines.",
      ])
    #expect(
      ScreenReader(strings: Localizer(language: .de)).commands(named: ["tab"]).first == "Befehle der Befehlszeile:")
  }

  @Test("The `:` line speaks German too")
  func commandLineInGerman() async throws {
    let harness = SpokenHarness(language: .de)
    let home = try await harness.loadedHome()
    func scene(_ line: String?) -> SpokenScene {
      SpokenScene(title: "Start", screenModel: home, list: home.list, commandLine: line)
    }
    _ = harness.reader.announcements(for: scene(nil))

    #expect(
      harness.reader.announcements(for: scene(""))
        == ["Befehlszeile, leer", "Enter führt die Zeile aus, Escape schließt sie"])
    #expect(harness.reader.announcements(for: scene("tab")) == ["Befehlszeile: tab"])
    #expect(harness.reader.announcements(for: scene("tab ")) == ["Leerzeichen"])
    #expect(harness.reader.announcements(for: scene(nil)) == ["Befehlszeile geschlossen"])
  }

  @Test("German names the search field one way, in its typing and in leaving it")
  func germanSearchField() async throws {
    let harness = SpokenHarness(language: .de)
    let search = try await harness.loadedSearch()
    var isEditing = true
    func scene() -> SpokenScene {
      SpokenScene(title: "Suche", screenModel: search, list: search.list, isEditingText: isEditing)
    }
    _ = harness.reader.announcements(for: scene())
    search.send(.edit(.insert("swi")))
    #expect(harness.reader.announcements(for: scene()) == ["Suchfeld: swi"])
    try await harness.time.advance(by: .seconds(1))
    _ = harness.reader.announcements(for: scene())

    isEditing = false
    let left = harness.reader.announcements(for: scene())
    #expect(left.first?.hasPrefix("Suchfeld verlassen, ") == true, "\(left)")
  }

  @Test("Every line comes from the string tables: German speaks German")
  func german() async throws {
    let harness = SpokenHarness(language: .de)
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))

    home.list.send(.move(by: 1))
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["2 von 8: Combine — Values over time"])
    home.list.send(.toggleFavoriteOfSelected)
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["Combine ist jetzt ein Favorit"])
  }
}
