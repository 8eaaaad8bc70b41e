import Foundation
import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// The activity switcher and Studio's Sources tab, in English, German and the pseudo-locale at
/// 80x24 and 40x12; and the promise that an activity is one declaration: its tab bar and its
/// switcher row follow from it with no other edit.
@Suite("Activities on screen", .serialized)
@MainActor
struct ActivitiesScreenTests {
  nonisolated static let languages: [Language] = [.base, .de, .pseudo]

  /// Explore on Search, with the switcher over it.
  private static func switcherShowing() -> ScreenHarness {
    let harness = ScreenHarness(strings: Localizer(language: ScreenHarness.language))
    harness.show(SearchScreen(viewModel: harness.searchViewModel(), strings: harness.strings), on: .search)
    harness.press(.char("a"))
    return harness
  }

  /// Studio's Sources after the catalog loaded.
  private static func sourcesShowing() async throws -> ScreenHarness {
    let harness = ScreenHarness(strings: Localizer(language: ScreenHarness.language))
    try await harness.loadCatalog()
    let model = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    harness.show(SourcesScreen(viewModel: model, strings: harness.strings), on: .sources)
    return harness
  }

  @Test(
    "The switcher lists every activity, the current one marked ✓, the selected one > (seen without colour too)",
    arguments: languages, TerminalSize.snapshotSizes)
  func switcherSnapshot(language: Language, size: TerminalSize) {
    let harness = ScreenHarness.$language.withValue(language) { Self.switcherShowing() }
    #expect(harness.navigator.sheet != nil)
    #expect(harness.frame(size).plainText.contains("> ✓ 1 "))
    #expect(harness.frame(size).plainText.contains("    2 "))
    expectSnapshot(of: harness, size: size, named: "Activities/\(language)/switcher")
  }

  @Test(
    "Sources: the catalog's items, its last error, and r to refresh", arguments: languages, TerminalSize.snapshotSizes)
  func sourcesSnapshot(language: Language, size: TerminalSize) async throws {
    let harness = try await ScreenHarness.$language.withValue(language) { try await Self.sourcesShowing() }
    expectSnapshot(of: harness, size: size, named: "Activities/\(language)/sources")
  }

  @Test("Sources says a failed load's reason, and r refreshes it")
  func sourcesShowsErrorAndRefreshes() async throws {
    let harness = ScreenHarness(failure: .simulatedNetworkFailure)
    try await harness.loadCatalog()
    let model = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    harness.show(SourcesScreen(viewModel: model, strings: harness.strings), on: .sources)
    let text = harness.frame(.standard).plainText
    #expect(text.contains("Not loaded: the last load failed"))
    #expect(text.contains("Last error: \(AppError.simulatedNetworkFailure.text.description)"))
    let fetches = harness.network.fetchCount
    harness.press(.char("r"))
    try await harness.settle()
    #expect(harness.network.fetchCount == fetches + 1)
  }

  @Test(
    "r on Sources is every list tab's refresh, by the same name: its help entry and hint, in English and German",
    arguments: [Language.base, .de])
  func sourcesRefreshIsNamedAsEverywhere(language: Language) async throws {
    let harness = ScreenHarness(strings: Localizer(language: language))
    try await harness.loadCatalog()
    let sources = SourcesScreen(
      viewModel: SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks),
      strings: harness.strings)
    let home = HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings)
    let area = Rect(column: 0, row: 0, width: 80, height: 20)

    let summary = try #require(sources.keyBindings(in: area).binding(for: .char("r"))?.summary)
    #expect(summary == home.keyBindings(in: area).binding(for: .char("r"))?.summary)
    let word = "r " + harness.strings(summary)
    #expect(home.hints(in: RootView.body(of: .standard)).contains(word))
    #expect(sources.hints(in: RootView.body(of: .standard)).contains(word))
  }

  @Test("Sources says where the catalog comes from, when it loaded, and the saved copy standing in offline")
  func sourcesShowsSourceAndOfflineCopy() async throws {
    let harness = ScreenHarness(sourceKind: .http(url: "http://example.com/catalog.json"))
    harness.network.offlineCopy = Date(timeIntervalSince1970: 1_764_000_000)
    try await harness.loadCatalog()
    let model = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    harness.show(SourcesScreen(viewModel: model, strings: harness.strings), on: .sources)
    let text = harness.frame(.standard).plainText
    #expect(text.contains("From a web server (--catalog): http://example.com/catalog.json"))
    #expect(!text.contains("Saved on disk for offline use"), "offline, the offline line says it")
    // Offline, the items shown are the saved copy's, so they were loaded when it was saved.
    #expect(text.contains("\(CatalogFixtures.items.count) items, loaded 2025-11-24 16:00"))
    #expect(text.contains("Offline: showing the copy saved 2025-11-24 16:00"))
    #expect(!text.contains("From the catalog built into the app"))
  }

  @Test("In the switcher ↓ then Enter, or a number, shows that activity; Esc keeps the current one")
  func switcherKeys() {
    let harness = Self.switcherShowing()
    harness.press(.down, .enter)
    #expect(harness.navigator.sheet == nil)
    #expect(harness.tabBar.activity == .studio)
    harness.press(.char("a"), .char("1"))
    #expect(harness.tabBar.activity == .explore)
    #expect(harness.tabBar.selectedTab == .search)
    harness.press(.char("a"), .escape)
    #expect(harness.tabBar.activity == .explore)
    #expect(harness.navigator.sheet == nil)
  }

  @Test("The switcher's keys, as help lists them and the screen reader reads them, say what Enter and the numbers do")
  func switcherKeyHelp() {
    let harness = Self.switcherShowing()
    let lines = harness.rootView.keyHelp.prefix(2).flatMap(\.lines).map {
      "\($0.spokenKeys.joined(separator: ", ")): \($0.summary)"
    }
    #expect(
      lines == [
        "Escape: cancel", "Enter: open the selected activity", "Up and Down arrows, k, j: move",
        "1, 2: choose that activity",
      ])
    #expect(harness.rootView.keyHelp.first { $0.id == .activitySwitcher } != nil, "the reader finds its keys")
  }

  @Test("A click on the activity's name opens the switcher")
  func clickOnActivityName() {
    let harness = ScreenHarness()
    harness.show(SearchScreen(viewModel: harness.searchViewModel(), strings: harness.strings), on: .search)
    _ = harness.frame(.standard)
    harness.press(.mouse(MouseEvent(.click, at: Point(column: 2, row: 0))))
    #expect(harness.navigator.sheet != nil)
  }

  @Test("Adding an activity is one declaration: its tab bar, its number keys, its switcher row and hint follow")
  func oneDeclarationIsEnough() {
    // A test activity of two tabs Explore has too: the declaration alone decides what it shows.
    let reading = Activity(id: "reading", name: .verbatim("Reading"), tabs: [.favorites, .settings])
    let harness = ScreenHarness()
    let tabBar = TabBarViewModel(activities: Activity.all + [reading])
    harness.navigator.tabBar = tabBar
    harness.show(SearchScreen(viewModel: harness.searchViewModel(), strings: harness.strings), on: .search)

    harness.press(.char("a"))
    #expect(harness.frame(.standard).plainText.contains("  3 Reading — Favorites"))
    #expect(harness.frame(.standard).plainText.contains("1–3 choose"))
    harness.press(.char("3"))
    #expect(tabBar.activity == reading)
    #expect(harness.frame(.standard).line(0).hasPrefix(" Reading · [Favorites]  Settings"))
    harness.press(.char("2"))
    #expect(tabBar.selectedTab == .settings)
  }
}
