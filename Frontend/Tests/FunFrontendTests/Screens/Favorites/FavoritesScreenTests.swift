import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("FavoritesScreen")
@MainActor
struct FavoritesScreenTests {
  private func showFavorites(_ harness: ScreenHarness) async throws -> FavoritesViewModel {
    let model = harness.favoritesViewModel()
    harness.show(FavoritesScreen(viewModel: model, strings: harness.strings), on: .favorites)
    try await harness.loadCatalog()
    return model
  }

  @Test("Without favorites, Favorites says how to add one", arguments: TerminalSize.snapshotSizes)
  func empty(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await showFavorites(harness)
    let frame = harness.frame(size)
    // The tab shown selected is Favorites (whole where the bar has room: a fork's longer bar may
    // cut it at 40 columns).
    let open = try #require(Array(frame.line(0)).firstIndex(of: "["))
    #expect(frame.target(at: Point(column: open, row: 0)) == .tab(.favorites), "\(frame.line(0))")
    #expect(size.columns < 80 || frame.line(0).contains("[Favorites]"))
    #expect(frame.plainText.contains("No favorites yet"))
    expectSnapshot(of: harness, size: frame.size, named: "Favorites/empty")
  }

  @Test("Empty Favorites offers no list keys, which would do nothing, but where items are")
  func emptyHints() async throws {
    let harness = ScreenHarness()
    _ = try await showFavorites(harness)
    let hints = harness.frame(.standard).line(23)
    #expect(hints == " 1 home  2 search  ? help")
    #expect(!hints.contains("move") && !hints.contains("open") && !hints.contains("remove"))
  }

  @Test("The empty hints' number keys follow the activity's declaration: Home and Search where that activity puts them")
  func emptyHintsFollowTheActivity() {
    let reordered = Activity(id: "explore", name: L10n.Activity.explore, tabs: [.favorites, .search, .profile, .home])
    let other = Activity(id: "other", name: L10n.Activity.studio, tabs: [.home, .search])
    #expect(FavoritesScreen.numberKeys(of: .home, .search, besideFavoritesIn: [other, reordered]) == (4, 2))
    #expect(FavoritesScreen.numberKeys(of: .home, .search, besideFavoritesIn: Activity.all) == (1, 2))
  }

  @Test("The German empty state wraps at 40x12: every word of the hint shows, nothing is cut")
  func germanEmptyStateWraps() async throws {
    let harness = ScreenHarness(strings: Localizer(language: .de))
    let model = harness.favoritesViewModel()
    harness.show(FavoritesScreen(viewModel: model, strings: harness.strings), on: .favorites)
    try await harness.loadCatalog()
    let frame = harness.frame(TerminalSize(columns: 40, rows: 12))
    // The body: between the title line and the hints.
    let text = (3..<11).map { frame.line($0) }.joined(separator: "\n")
    let words = Localizer(language: .de)(L10n.Favorites.emptyHint).split(separator: " ")
    let shown = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    #expect(words.allSatisfy { shown.contains($0) }, "\(text)")
    #expect(!text.contains("…"))
  }

  @Test("Favorites lists the favorited items in catalog order, each with ★", arguments: TerminalSize.snapshotSizes)
  func withItems(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["instruments", "swiftui", "macros"])
    _ = try await showFavorites(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("3 favorites"))
    #expect(frame.plainText.contains("> ★ SwiftUI"))
    #expect(frame.plainText.contains("  ★ Instruments"))
    expectSnapshot(of: harness, size: frame.size, named: "Favorites/items")
  }

  @Test(
    "Saved favorites the catalog lacks are counted apart in the header and listed after the others, by id",
    arguments: TerminalSize.snapshotSizes)
  func withMissing(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["macros", "removed", "swiftui"])
    _ = try await showFavorites(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("2 favorites · 1 not in this catalog"))
    #expect(frame.plainText.contains("> ★ SwiftUI"))
    let lines = frame.plainText.split(separator: "\n")
    let removed = try #require(lines.firstIndex { $0.hasPrefix("   ★ removed") })
    #expect(lines[removed].contains("not in this catalog"))
    #expect(lines[removed - 1].hasPrefix("   ★ Macros"))
    expectSnapshot(of: harness, size: frame.size, named: "Favorites/missing")
  }

  @Test(
    "When every saved favorite is missing from the catalog, Favorites lists them instead of No favorites yet",
    arguments: TerminalSize.snapshotSizes
  )
  func onlyMissing(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["removed-1", "removed-2"])
    _ = try await showFavorites(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("2 favorites, none in this catalog"))
    #expect(frame.plainText.contains("> ★ removed-1  not in this"))
    #expect(frame.plainText.contains("  ★ removed-2  not in this"))
    #expect(!frame.plainText.contains("No favorites yet"))
    #expect(harness.favorites.favoriteIDs == ["removed-1", "removed-2"])
    // The list's keys act on these rows, so its hints are the list's.
    #expect(frame.line(size.rows - 1).contains("x remove"))
    expectSnapshot(of: harness, size: frame.size, named: "Favorites/only-missing")
  }

  @Test("The German row says nicht in diesem Katalog")
  func missingInGerman() async throws {
    let harness = ScreenHarness(favorites: ["removed"], strings: Localizer(language: .de))
    let model = harness.favoritesViewModel()
    harness.show(FavoritesScreen(viewModel: model, strings: harness.strings), on: .favorites)
    try await harness.loadCatalog()
    #expect(harness.frame(.standard).plainText.contains("> ★ removed  nicht in diesem Katalog"))
  }

  @Test(
    "f removes a missing favorite with the same toast and undo as any, and Enter explains instead of opening",
    arguments: [Key.char("f"), .char("x")])
  func removeMissing(_ key: Key) async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "removed"])
    _ = try await showFavorites(harness)
    harness.press(.down, .enter)
    try await harness.settle()
    #expect(harness.coordinator.shownDetails.isEmpty)
    #expect(harness.frame(.standard).line(23) == " ℹ removed is not in this catalog · f removes it")
    harness.press(key)
    try await harness.settle()
    #expect(harness.favorites.toggledIDs == ["removed"])
    #expect(harness.favorites.favoriteIDs == ["swiftui"])
    let text = harness.frame(.standard).plainText
    #expect(text.contains(" 1 favorite "))
    #expect(!text.contains("not in this catalog"))
    #expect(text.contains("ℹ Removed removed from favorites · u undoes"))
    harness.press(.char("u"))
    try await harness.settle()
    #expect(harness.frame(.standard).plainText.contains("> ★ removed  not in this catalog"))
  }

  @Test("A saved id with escape sequences shows, in its row and its toast, only as its visible text")
  func hostileMissingID() async throws {
    let harness = ScreenHarness(favorites: ["evil\u{1B}[2J\u{1B}]0;pwn\u{07}-id\u{9B}31m"])
    _ = try await showFavorites(harness)
    harness.press(.enter)
    try await harness.settle()
    let text = harness.frame(.standard).plainText
    #expect(text.contains("> ★ evil-id  not in this catalog"))
    #expect(text.contains("ℹ evil-id is not in this catalog"))
    let scalars = text.unicodeScalars.filter { $0 != "\n" }
    #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(!text.contains("pwn") && !text.contains("[2J") && !text.contains("31m"))
  }

  @Test("A click selects a missing row, and a second click explains it, as a row opens")
  func clickMissing() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "removed"])
    let model = try await showFavorites(harness)
    let row = try #require(harness.cell(of: "★ removed", size: .standard))
    harness.click(at: row)
    #expect(model.list.selectedItem?.id == "removed")
    harness.click(at: row)
    try await harness.settle()
    #expect(harness.coordinator.shownDetails.isEmpty)
    #expect(harness.frame(.standard).line(23).contains("removed is not in this catalog"))
  }

  @Test(
    "x, f and Delete remove the selected favorite with the same undo, and its row goes at once",
    arguments: [Key.char("x"), .char("f"), .delete])
  func removeKey(_ key: Key) async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    _ = try await showFavorites(harness)
    harness.press(.down, key)
    try await harness.settle()  // the save runs off the main actor
    #expect(harness.favorites.toggledIDs == ["macros"])
    try await harness.settle()
    let text = harness.frame(.standard).plainText
    #expect(text.split(separator: "\n").contains { $0.hasPrefix(" 1 favorite ") && $0.hasSuffix(" 1/1") })
    // Only the toast names it now: the row has gone.
    #expect(text.components(separatedBy: "Macros").count == 2)
    #expect(text.contains("ℹ Removed Macros from favorites · u undoes"))
  }

  @Test(
    "u undoes a removal: the row comes back, selected, and is saved again; its toast takes the place of the one offering the undo"
  )
  func undoKey() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    _ = try await showFavorites(harness)
    harness.press(.down, .char("x"))
    try await harness.settle()
    harness.press(.char("u"))
    try await harness.settle()  // a toast arrives through the toast service's stream
    #expect(harness.favorites.favoriteIDs == ["swiftui", "macros"])
    let frame = harness.frame(.standard)
    #expect(frame.plainText.contains("> ★ Macros"))
    #expect(frame.line(23) == " ℹ Macros is a favorite again")
    // Nothing is left to undo: `u` is no key here now, so it says nothing.
    harness.press(.char("u"))
    try await harness.settle()
    #expect(harness.frame(.standard).line(23) == " ℹ Macros is a favorite again")
  }

  @Test(
    "The u key, its hint and its help line are there exactly while a removal can be undone",
    arguments: [TerminalSize.standard, TerminalSize(columns: 40, rows: 12)])
  func undoOfferedOnlyWhenItActs(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    let model = try await showFavorites(harness)
    harness.rootView.terminalSize = size
    // The toast gives the bottom line back to the hints.
    func press(_ key: Key) async throws {
      harness.press(key)
      try await harness.settle()
      harness.toasts.dismiss()
      harness.toast.refresh()
    }
    func offersUndo() -> Bool {
      let listed = harness.rootView.keyHelp.flatMap(\.lines).contains { $0.keys == "u" }
      let hinted = harness.frame(size).line(size.rows - 1).contains("u undo  ")
      #expect(listed == hinted, "help and the hints agree")
      return listed
    }
    #expect(!offersUndo())
    try await press(.char("x"))
    #expect(model.canUndoRemoval)
    // First among the hints: at 40 columns they keep only their front groups.
    #expect(offersUndo())
    try await press(.char("u"))
    #expect(!offersUndo())
    // Removing the last one leaves the empty list, whose hints offer the undo too.
    try await press(.char("x"))
    try await press(.char("x"))
    #expect(harness.frame(size).line(size.rows - 1) == " u undo  1 home  2 search  ? help")
    #expect(offersUndo())
  }

  @Test(
    "Before the catalog's first load, Favorites shows the wait and its progress as Home does; a failure replaces your favorited items"
  )
  func firstLoadAsHomeShowsIt() async throws {
    let yours = FeaturedItem(
      id: "notes", title: "Notes", subtitle: "Mine", category: "Journal", description: "", isFeatured: false)
    let progress: [CatalogLoadProgress] = [.reading(bytesRead: 512, totalBytes: 1024)]
    let harness = ScreenHarness(latency: .milliseconds(300), progress: progress, favorites: ["notes"])
    _ = try await harness.myItemsStore(items: [yours])
    let model = harness.favoritesViewModel()
    harness.show(FavoritesScreen(viewModel: model, strings: harness.strings), on: .favorites)
    #expect(model.list.status == .waiting)
    var text = harness.frame(.standard).plainText
    #expect(text.contains(harness.strings(L10n.Common.loadingCatalog)), "\(text)")
    #expect(!text.contains("Notes"), "your item is not the list yet")
    let catalog = harness.catalog
    harness.time.tasks.start("first load") { _ = try? await catalog.load() }
    try await harness.advance(by: .milliseconds(200))
    text = harness.frame(.standard).plainText
    #expect(text.contains(LoadProgressView.text(progress[0], strings: harness.strings)), "\(text)")

    let failing = ScreenHarness(failure: .simulatedNetworkFailure, favorites: ["notes"])
    _ = try await failing.myItemsStore(items: [yours])
    failing.show(FavoritesScreen(viewModel: failing.favoritesViewModel(), strings: harness.strings), on: .favorites)
    try await failing.loadCatalog()
    text = failing.frame(.standard).plainText
    #expect(text.contains(failing.strings(L10n.Common.tryAgain)), "\(text)")
    #expect(!text.contains("Notes"))
    // Nothing to move through, open or remove: the hints offer the retry alone.
    #expect(failing.frame(.standard).line(23) == " r refresh  ? help")
  }

  @Test("Favorites' hints call r what its help and the other screens' hints call it")
  func refreshIsNamedAlike() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    _ = try await showFavorites(harness)
    let help = harness.rootView.keyHelp.flatMap(\.lines).first { $0.keys == "r" }
    #expect(help?.summary == "refresh")
    #expect(harness.frame(.standard).line(23).contains("  r refresh  "))
    // The pseudo-locale brackets each string whole, so a word of one is not found in another.
    for language in Language.allCases where language != .pseudo {
      let strings = Localizer(language: language)
      let word = "r " + strings(L10n.Help.refresh)
      for hints in [
        L10n.Favorites.hints, L10n.Favorites.hintsWaiting,
        L10n.Home.hints(L10n.Common.hintFavorite),
      ] {
        #expect(strings(hints).contains(word), "\(language): \(strings(hints)) lacks \(word)")
      }
    }
  }

  @Test("Enter opens the selected favorite")
  func enterOpens() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    _ = try await showFavorites(harness)
    harness.press(.char("j"), .enter)
    #expect(harness.coordinator.shownDetails.map(\.id) == ["macros"])
  }

  @Test(
    "r refreshes as on every list tab: the spinner turns while the catalog is fetched, the favorites stay, a toast confirms"
  )
  func refresh() async throws {
    let harness = ScreenHarness(latency: .milliseconds(300), favorites: ["swiftui"])
    let model = harness.favoritesViewModel()
    harness.show(FavoritesScreen(viewModel: model, strings: harness.strings), on: .favorites)
    let catalog = harness.catalog
    harness.time.tasks.start("first load") { _ = try? await catalog.load() }
    try await harness.advance(by: .milliseconds(300))

    harness.press(.char("r"))
    try await harness.settle()
    #expect(model.isBusy)
    let frame = harness.frame(.standard)
    #expect(frame.line(1).contains("Favorites \(RootView.spinnerFrames[0])"))
    #expect(frame.plainText.contains("> ★ SwiftUI"))
    try await harness.advance(by: .milliseconds(300))
    #expect(!model.isBusy)
    #expect(!RootView.spinnerFrames.contains { harness.frame(.standard).line(1).contains($0) })
    #expect(harness.toasts.shownToasts == [.success(L10n.Refresh.done)])
  }
}
