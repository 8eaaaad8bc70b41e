import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("HomeScreen")
@MainActor
struct HomeScreenTests {
  private func showHome(_ harness: ScreenHarness) -> HomeViewModel {
    let model = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: model, strings: harness.strings), on: .home)
    return model
  }

  @Test("The list shows where the selection is and a scroll bar; PgDn, PgUp, End and Home page and go to the ends")
  func listPositionAndPaging() async throws {
    let harness = ScreenHarness(items: CatalogFixtures.generated(count: 37))
    _ = showHome(harness)
    try await harness.loadCatalog()
    let size = TerminalSize.standard
    // Below the carousel the list has rows 9 to 22 (14 rows); its header is row 8.
    func state() -> (header: String, bar: String) {
      let frame = harness.frame(size)
      let bar = (8..<22).map { frame.cell(at: Point(column: 78, row: $0))?.grapheme ?? " " }
      return (frame.line(7), String(bar))
    }
    #expect(state().header.hasPrefix(" All items (37)"))
    #expect(state().header.hasSuffix("  1/37"))
    #expect(state().bar == "█████│││││││││")
    harness.press(.pageDown)
    #expect(state().header.hasSuffix("15/37"))
    harness.press(.end)
    #expect(state().header.hasSuffix("37/37"))
    #expect(state().bar == "│││││││││█████")
    harness.press(.pageUp)
    #expect(state().header.hasSuffix("23/37"))
    harness.press(.home)
    #expect(state().header.hasSuffix("1/37"))
    #expect(state().bar.hasPrefix("█"))
  }

  @Test(
    "A long list's position groups its digits as its heading's count does, in each language",
    arguments: [(Language.en, "1/1,200", "(1,200)"), (.de, "1/1.200", "(1.200)")])
  func positionGroupsDigits(language: Language, position: String, count: String) async throws {
    let harness = ScreenHarness(items: CatalogFixtures.generated(count: 1_200), strings: Localizer(language: language))
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    let header = harness.frame(.standard).line(7)
    #expect(header.contains(count), "\(header)")
    #expect(header.hasSuffix("  " + position), "\(header)")
  }

  @Test(
    "Every visible subtitle starts at the same column, after the longest visible title",
    arguments: TerminalSize.snapshotSizes)
  func listColumnsAlign(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let model = showHome(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    let lines = frame.plainText.components(separatedBy: "\n")
    let starts = model.list.rows.compactMap { item -> Int? in
      guard let line = lines.first(where: { $0.contains(" " + item.title + " ") }),
        let range = line.range(of: String(item.subtitle.prefix(6)))
      else { return nil }
      return DisplayWidth.of(line[..<range.lowerBound])
    }
    #expect(starts.count >= 2)
    #expect(Set(starts).count == 1, "subtitles start at columns \(starts)")
  }

  @Test("At 40x12 the carousel compacts to its titles so the list keeps at least 4 rows; at 80x24 it is whole")
  func carouselCompactsAtMinimumSize() async throws {
    let harness = ScreenHarness()
    let model = showHome(harness)
    try await harness.loadCatalog()
    let small = harness.frame(TerminalSize(columns: 40, rows: 12)).plainText
    #expect(small.contains("Featured"))
    #expect(small.contains("▌SwiftUI"))
    #expect(!small.contains("▌Declarati"))
    let listed = model.list.rows.prefix(4).filter { item in
      small.components(separatedBy: "\n").contains { $0.contains("  " + item.title + " ") }
    }
    #expect(listed.count == 4)
    #expect(harness.frame(.standard).plainText.contains("▌Declarative"))
  }

  @Test("The title column is as wide as the longest visible title, capped so subtitles keep room")
  func titleColumnWidth() {
    #expect(ItemListView.titleColumnWidth(of: ["Macros", "SwiftUI"], rowWidth: 76) == 7)
    #expect(ItemListView.titleColumnWidth(of: [String(repeating: "x", count: 60)], rowWidth: 76) == 72 * 3 / 5)
  }

  @Test(
    "When the catalog's server cannot be reached, Home's list header says its items are the copy saved on a day",
    arguments: [
      (Language.base, "All items (8)  offline — copy from 2025-01-02"),
      (.de, "Alle Einträge (8)  offline – Kopie vom 2. Jan. 2025"),
      (.pseudo, "⟦"),
    ])
  func offlineCopyNote(language: Language, header: String) async throws {
    let strings = Localizer(language: language)
    let savedAt = Date(timeIntervalSince1970: 1_735_776_000)
    let harness = ScreenHarness(strings: strings)
    harness.network.offlineCopy = savedAt
    let model = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: model, strings: strings), on: .home)
    try await harness.loadCatalog()
    let text = harness.frame(.standard).plainText
    #expect(text.contains(header))
    #expect(text.contains(strings(L10n.Home.offlineCopy(savedAt))))
    let narrow = harness.frame(TerminalSize(columns: 40, rows: 12)).plainText
    #expect(!narrow.contains(strings(L10n.Home.offlineCopy(savedAt))), "a day cut short would name another day")
    #expect(narrow.contains(strings(L10n.Home.offline)))
    harness.network.offlineCopy = nil
    model.send(.refresh)
    try await harness.settle()
    #expect(!harness.frame(.standard).plainText.contains("2025"))
  }

  // MARK: Snapshots

  @Test("While the first load is in flight, Home shows Loading", arguments: TerminalSize.snapshotSizes)
  func loading(size: TerminalSize) async throws {
    let harness = ScreenHarness(latency: .milliseconds(500))
    let model = showHome(harness)
    harness.time.tasks.start("home load") { _ = try? await harness.catalog.load() }
    try await harness.settle()
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Loading"))
    expectSnapshot(of: harness, size: frame.size, named: "Home/loading")
    try await harness.advance(by: .milliseconds(500))
    #expect(model.list.status == .loaded)
    #expect(!harness.frame(size).plainText.contains("Loading"))
  }

  @Test(
    "While Home loads, a spinner after the title moves one frame per beat of the clock, and goes when it has loaded")
  func spinner() async throws {
    let harness = ScreenHarness(latency: .milliseconds(500))
    _ = showHome(harness)
    harness.time.tasks.start("home load") { _ = try? await harness.catalog.load() }
    try await harness.settle()
    var seen: [String] = []
    for _ in 0..<4 {
      seen.append(harness.frame(.standard).line(1).trimmingCharacters(in: .whitespaces))
      try await harness.advance(by: ActivitySpinner.interval)
    }
    let frames = RootView.spinnerFrames.prefix(4).map { "Home \($0)" }
    #expect(seen.map { String($0.prefix(6)) } == frames)
    #expect(harness.frame(.standard).cell(at: Point(column: 6, row: 1))?.style == harness.theme.accent)
    try await harness.advance(by: .milliseconds(500))
    #expect(harness.frame(.standard).line(1).trimmingCharacters(in: .whitespaces).hasPrefix("Home  ") == false)
    #expect(!RootView.spinnerFrames.contains { harness.frame(.standard).line(1).contains($0) })
  }

  @Test("Loaded, Home shows the Featured carousel above every item", arguments: TerminalSize.snapshotSizes)
  func loadedWithCarousel(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Home]"))
    #expect(frame.plainText.contains("Featured"))
    #expect(frame.plainText.contains(">   SwiftUI "))
    #expect(frame.line(size.rows - 1).hasSuffix("? help"))
    expectSnapshot(of: harness, size: frame.size, named: "Home/loaded")
  }

  @Test("With the carousel toggle off, Home shows only the list", arguments: TerminalSize.snapshotSizes)
  func carouselOff(size: TerminalSize) async throws {
    var toggles = FeatureToggles.defaults
    toggles.showsFeaturedCarousel = false
    let harness = ScreenHarness(toggles: toggles)
    _ = showHome(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    #expect(!frame.plainText.contains("Featured"))
    expectSnapshot(of: harness, size: frame.size, named: "Home/carousel-off")
  }

  @Test("Turning the carousel off while Home shows hides it at once")
  func carouselFollowsToggle() async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    #expect(harness.frame(.standard).plainText.contains("Featured"))
    harness.featureToggles.toggle(.featuredCarousel)
    try await harness.settle()
    #expect(!harness.frame(.standard).plainText.contains("Featured"))
  }

  @Test("A favorite shows ★ beside its title in the carousel and the list", arguments: TerminalSize.snapshotSizes)
  func favoriteMarked(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["combine", "macros"])
    let model = showHome(harness)
    try await harness.loadCatalog()
    model.list.send(.select(at: 1))
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("> ★ Combine"))
    expectSnapshot(of: harness, size: frame.size, named: "Home/favorite-marked")
  }

  @Test(
    "A failed first load shows the error, how to retry, and, under it, the session's error toast",
    arguments: TerminalSize.snapshotSizes)
  func loadError(size: TerminalSize) async throws {
    let failure = AppError.network(url: "https://fun.example/catalog.json", reason: .verbatim("connection refused"))
    let harness = ScreenHarness(failure: failure)
    _ = showHome(harness)
    _ = try? await harness.catalog.load()
    // The session's start toasts the failure (AppCoordinator; its tests check that it does, once).
    harness.toasts.show(.error(failure.text))
    try await harness.settle()
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Press r to try again."))
    // The toast may take the line above the bottom one too.
    #expect(
      frame.line(size.rows - 1).hasPrefix(" ✗ Could not load the catalog")
        || frame.line(size.rows - 2).hasPrefix(" ✗ Could not load the catalog"))
    expectSnapshot(of: harness, size: frame.size, named: "Home/load-error")
  }

  @Test(
    "The carousel's page and the list's position write their numbers as the language does",
    arguments: [(Language.en, "‹ 1/1,000 ›", "1/21,000"), (.de, "‹ 1/1.000 ›", "1/21.000")])
  func positionsFollowTheLanguage(language: Language, page: String, position: String) async throws {
    // Every seventh generated item is featured: 3,000 featured items, 1,000 pages of three.
    let harness = ScreenHarness(items: CatalogFixtures.generated(count: 21_000), strings: Localizer(language: language))
    _ = showHome(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(.standard)
    #expect(frame.line(3).contains(page), "\(frame.plainText)")
    #expect(frame.plainText.contains(position), "\(frame.plainText)")
  }

  @Test("A failed first load shows the error even beside your own items: until the catalog loads they are not the list")
  func loadErrorWithYourItems() async throws {
    let harness = ScreenHarness(failure: .simulatedNetworkFailure)
    _ = try await harness.myItemsStore(items: [
      FeaturedItem(
        id: "notes", title: "Notes", subtitle: "Mine", category: "Journal", description: "", isFeatured: false)
    ])
    let model = showHome(harness)
    _ = try? await harness.catalog.load()
    try await harness.settle()
    #expect(model.list.status == .failed(.simulatedNetworkFailure))
    let text = harness.frame(.standard).plainText
    #expect(text.contains(harness.strings(L10n.Common.tryAgain)), "\(text)")
    #expect(!text.contains("Notes"), "\(text)")
  }

  @Test(
    "A refresh keeps Home still: the body does not move, only the title line's spinner shows it",
    arguments: TerminalSize.snapshotSizes)
  func refreshing(size: TerminalSize) async throws {
    let harness = ScreenHarness(latency: .milliseconds(300))
    let model = showHome(harness)
    harness.time.tasks.start("home load") { _ = try? await harness.catalog.load() }
    try await harness.advance(by: .milliseconds(300))
    #expect(harness.catalog.hasLoaded)
    // The body: every line between the title line and the hints.
    func body() -> [String] {
      let frame = harness.frame(size)
      return (2..<size.rows - 1).map { frame.line($0) }
    }
    let before = body()
    let titleBefore = harness.frame(size).line(1)
    harness.press(.char("r"))
    try await harness.settle()
    #expect(model.isBusy)
    #expect(body() == before)
    #expect(harness.frame(size).line(1) != titleBefore)
    #expect(!harness.frame(size).plainText.contains("Refreshing"))
    try await harness.advance(by: .milliseconds(300))
    #expect(!model.isBusy)
    #expect(harness.toasts.shownToasts == [.success(L10n.Refresh.done)])
  }

  @Test(
    "An empty catalog says what is empty and what to do, and offers no list keys", arguments: TerminalSize.snapshotSizes
  )
  func emptyCatalog(size: TerminalSize) async throws {
    let harness = ScreenHarness(items: [])
    _ = showHome(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    let text = frame.plainText.replacingOccurrences(of: "\n ", with: " ")
    #expect(text.contains("The catalog has no items."))
    #expect(text.contains("Press r to load it again, or start fun with --catalog PATH|URL to use another."))
    #expect(!frame.line(size.rows - 1).contains("move"))
    #expect(frame.line(size.rows - 1).contains("r refresh"))
  }

  @Test("A cut subtitle's … keeps a blank column before the scroll bar", arguments: TerminalSize.snapshotSizes)
  func ellipsisClearOfScrollBar(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    let bar = size.columns - 2
    var cut = 0
    for row in 0..<size.rows where "│█".contains(frame.cell(at: Point(column: bar, row: row))?.grapheme ?? " ") {
      let before = frame.cell(at: Point(column: bar - 1, row: row))?.grapheme
      #expect(before == " ", "row \(row): \(frame.line(row))")
      if frame.line(row).contains("…") { cut += 1 }
    }
    #expect(cut > 0 || size == .standard)
  }

  // MARK: Keys

  @Test("→ and ← (and l and h) page the carousel, clamped at both ends")
  func pagesCarousel() async throws {
    let harness = ScreenHarness()
    let model = showHome(harness)
    try await harness.loadCatalog()
    #expect(harness.frame(.standard).plainText.contains("‹ 1/2 ›"))
    harness.press(.right)
    #expect(model.carouselPageIndex == 1)
    #expect(harness.frame(.standard).plainText.contains("‹ 2/2 ›"))
    #expect(harness.frame(.standard).plainText.contains("▌Swift Package Manager"))
    harness.press(.char("l"))
    #expect(model.carouselPageIndex == 1)
    harness.press(.left)
    #expect(model.carouselPageIndex == 0)
    harness.press(.char("l"), .char("h"))
    #expect(model.carouselPageIndex == 0)
  }

  @Test("u on Home brings back the favorite f removed there, offered in the hints and help only while it can")
  func undoKey() async throws {
    let harness = ScreenHarness(favorites: ["swiftui"])
    let model = showHome(harness)
    try await harness.loadCatalog()
    #expect(harness.hint(for: "u") == nil)
    harness.press(.char("u"))
    #expect(harness.toasts.shownToasts.isEmpty, "with nothing to undo, u is no key")

    harness.press(.char("f"))
    try await harness.settle()
    #expect(!model.list.isFavorite("swiftui"))
    #expect(harness.frame(.standard).line(23) == " ℹ Removed SwiftUI from favorites · u undoes")
    harness.toasts.dismiss()
    try await harness.advance(by: ToastEvent.displayDuration)
    #expect(harness.hint(for: "u") == "u undo")
    #expect(
      harness.rootView.keyHelp.contains {
        $0.lines.contains { $0.keys == "u" && $0.summary == "undo the last favorite removal" }
      })

    harness.press(.char("u"))
    try await harness.settle()
    #expect(model.list.isFavorite("swiftui"))
    #expect(harness.favorites.favoriteIDs == ["swiftui"])
    #expect(harness.frame(.standard).line(23) == " ℹ SwiftUI is a favorite again")
    harness.toasts.dismiss()
    try await harness.advance(by: ToastEvent.displayDuration)
    #expect(harness.hint(for: "u") == nil)
  }

  @Test("f toggles the favorite of the selected row")
  func favoriteKey() async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    harness.press(.char("f"), .down, .char("j"), .char("f"))
    try await harness.settle()  // the save runs off the main actor
    #expect(harness.favorites.toggledIDs == ["swiftui", "swiftdata"])
    try await harness.settle()
    #expect(harness.frame(.standard).plainText.contains("> ★ SwiftData"))
  }

  @Test(
    "The hints name f for what it does to the selected row, or the focused card: unfavorite on a favorite, favorite otherwise",
    arguments: [(Language.en, "f favorite", "f unfavorite"), (.de, "f Favorit", "f Favorit aus")])
  func favoriteHintSaysWhatFDoes(language: Language, favorite: String, unfavorite: String) async throws {
    let harness = ScreenHarness(favorites: ["combine"], strings: Localizer(language: language))
    let model = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: model, strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.down)
    #expect(model.list.selectedItem?.id == "combine")
    #expect(harness.hint(for: "f") == unfavorite)
    harness.press(.char("f"))
    // The removal's toast takes the bottom line until it goes.
    harness.toasts.dismiss()
    try await harness.advance(by: ToastEvent.displayDuration)
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.hint(for: "f") == unfavorite)
    // The carousel's cards: the focused card's item, whatever row the list has selected (↑ from
    // the first row focuses the first card).
    harness.press(.up, .up)
    #expect(harness.frame(.standard).plainText.contains(">SwiftUI"))
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.right)
    #expect(harness.frame(.standard).plainText.contains(">★ Combine"))
    #expect(harness.hint(for: "f") == unfavorite)
    // At 40 columns the line keeps whole groups from the front, and help: English keeps the
    // longer word; German's gives way to ⏎ open, never cut.
    let small = TerminalSize(columns: 40, rows: 12)
    #expect(harness.hint(for: "f", size: small) == (language == .en ? unfavorite : nil))
    #expect(harness.hint(for: "⏎", size: small) != nil)
    #expect(!harness.frame(small).line(11).contains("…"))
    // Without the carousel's pages, the shorter line says the same.
    harness.press(.down)
    harness.featureToggles.toggle(.featuredCarousel)
    try await harness.settle()
    #expect(!harness.frame(.standard).plainText.contains("‹ 1/2 ›"))
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.down)
    #expect(harness.hint(for: "f") == unfavorite)
  }

  @Test("Enter opens the selected row through the coordinator")
  func enterOpens() async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    harness.press(.enter, .down, .down, .up, .enter)
    #expect(harness.coordinator.shownDetails.map(\.id) == ["swiftui", "combine"])
  }

  @Test("p asks the coordinator for the profile")
  func profileKey() async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    harness.press(.char("p"))
    #expect(harness.coordinator.showProfileCount == 1)
  }

  // MARK: Carousel focus

  @Test(
    "↑ on the first row focuses the first card, shown in the selection's colours and with >; the list's selection waits",
    arguments: TerminalSize.snapshotSizes)
  func carouselFocus(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let model = showHome(harness)
    try await harness.loadCatalog()
    harness.press(.up)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains(">SwiftUI"))
    #expect(!frame.plainText.contains(">   SwiftUI"), "the list shows no selection while a card has the focus")
    #expect(frame.line(size.rows - 1).contains("←→ card"))
    let column = try #require(frame.line(4).firstIndex(of: ">")).utf16Offset(in: frame.line(4))
    #expect(frame.cell(at: Point(column: column + 1, row: 4))?.style == harness.theme.selection)
    #expect(model.list.selectedIndex == 0)
    expectSnapshot(of: harness, size: frame.size, named: "Home/carousel-focused")
  }

  @Test("With a card focused, ←/→ go from card to card and across pages, Enter opens it, f favorites it, ↓ goes back")
  func carouselKeys() async throws {
    let harness = ScreenHarness()
    let model = showHome(harness)
    try await harness.loadCatalog()
    harness.press(.down)
    harness.press(.up)
    #expect(!harness.frame(.standard).plainText.contains(">SwiftUI"), "↑ from the second row only moves up")
    harness.press(.up)
    harness.press(.left)
    #expect(harness.frame(.standard).plainText.contains(">SwiftUI"), "← on the first card of the first page stays")
    harness.press(.right, .right)
    #expect(harness.frame(.standard).plainText.contains(">Swift Concurrency"))
    harness.press(.right)
    #expect(model.carouselPageIndex == 1)
    #expect(harness.frame(.standard).plainText.contains(">Swift Package Manager"))
    harness.press(.right, .up)
    #expect(harness.frame(.standard).plainText.contains(">Swift Package Manager"), "→ on the last card and ↑ stay")
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.favorites.toggledIDs == ["swiftpm"])
    harness.press(.left)
    #expect(model.carouselPageIndex == 0)
    #expect(harness.frame(.standard).plainText.contains(">Swift Concurrency"))
    harness.press(.enter)
    #expect(harness.coordinator.shownDetails.map(\.id) == ["concurrency"])
    harness.press(.down)
    #expect(harness.frame(.standard).plainText.contains(">   SwiftUI"))
    harness.press(.enter)
    #expect(harness.coordinator.shownDetails.map(\.id) == ["concurrency", "swiftui"])
  }

  @Test("A click on a card focuses it, a second click opens it; a click on a row gives the focus back to the list")
  func carouselClicks() async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    let line = harness.frame(.standard).line(4)
    let combine = try #require(line.range(of: "Combine")).lowerBound.utf16Offset(in: line)
    let card = MouseEvent(.click, at: Point(column: combine, row: 4))
    harness.press(.mouse(card))
    #expect(harness.frame(.standard).plainText.contains(">Combine"))
    harness.press(.mouse(card))
    #expect(harness.coordinator.shownDetails.map(\.id) == ["combine"])
    harness.press(.mouse(MouseEvent(.click, at: Point(column: 5, row: 9))))
    #expect(!harness.frame(.standard).plainText.contains(">Combine"))
  }

  @Test("Turning the carousel off while a card has the focus gives it back to the list")
  func carouselFocusFollowsToggle() async throws {
    let harness = ScreenHarness()
    _ = showHome(harness)
    try await harness.loadCatalog()
    harness.press(.up)
    harness.featureToggles.toggle(.featuredCarousel)
    try await harness.settle()
    #expect(harness.frame(.standard).plainText.contains(">   SwiftUI"))
    harness.press(.down)
    #expect(harness.frame(.standard).plainText.contains(">   Combine"))
  }
}
