import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("SearchScreen")
@MainActor
struct SearchScreenTests {
  private struct Shown {
    let model: SearchViewModel
    let screen: SearchScreen
  }

  /// Shows Search after its first, show-all search, as the coordinator starts it.
  private func showSearch(_ harness: ScreenHarness) async throws -> Shown {
    let model = harness.searchViewModel()
    let screen = SearchScreen(viewModel: model)
    harness.show(screen, on: .search)
    await model.searchNow()
    try await harness.settle()
    return Shown(model: model, screen: screen)
  }

  // MARK: Snapshots

  @Test("Initially Search lists every item under an empty query", arguments: TerminalSize.snapshotSizes)
  func initial(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Search]"))
    #expect(frame.line(3) == " Search:")
    #expect(frame.plainText.contains("8 results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/initial")
  }

  @Test("A failed search shows the error and that r tries again; r does, and the results come back")
  func failureSaysRRetries() async throws {
    let harness = ScreenHarness(failure: .simulatedNetworkFailure)
    let shown = try await showSearch(harness)
    let frame = harness.frame(.standard)
    #expect(frame.plainText.contains(AppError.simulatedNetworkFailure.message))
    #expect(frame.plainText.contains("Press r to try again."))

    harness.network.result = .success(CatalogFixtures.items)
    harness.press(.char("r"))
    try await harness.settle()
    #expect(shown.model.error == nil)
    #expect(!harness.frame(.standard).plainText.contains("Press r to try again."))
    #expect(harness.frame(.standard).plainText.contains("8 results"))
  }

  @Test(
    "A typed query shows Search: <query> and, after the debounce, its results", arguments: TerminalSize.snapshotSizes)
  func queryWithResults(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("swift")
    harness.press(.escape)
    try await harness.advance(by: SearchViewModel.debounceInterval)
    #expect(shown.model.results.map(\.id) == ["swiftui", "swiftdata", "concurrency", "swiftpm"])
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Search: swift"))
    #expect(frame.plainText.contains("4 results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/results")
  }

  @Test("While a search is in flight, Search shows Searching", arguments: TerminalSize.snapshotSizes)
  func searching(size: TerminalSize) async throws {
    let harness = ScreenHarness(latency: .milliseconds(800))
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model), on: .search)
    harness.time.tasks.start("first search") { await model.searchNow() }
    try await harness.settle()
    #expect(model.isSearching)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Searching"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/searching")
    try await harness.advance(by: .milliseconds(800))
    #expect(!model.isSearching)
    #expect(model.results.count == 8)
    #expect(!harness.frame(size).plainText.contains("Searching"))
  }

  @Test("A one-character query asks for more and keeps the old results", arguments: TerminalSize.snapshotSizes)
  func queryTooShort(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("s")
    harness.press(.escape)
    try await harness.advance(by: SearchViewModel.debounceInterval)
    #expect(shown.model.results.count == 8)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Type at least 2 characters"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/too-short")
  }

  @Test("A query that matches nothing shows No results", arguments: TerminalSize.snapshotSizes)
  func noResults(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("zzz")
    harness.press(.escape)
    try await harness.advance(by: SearchViewModel.debounceInterval)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Search: zzz"))
    #expect(frame.plainText.contains("No results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/no-results")
  }

  @Test("A selected category shows as active and filters the results", arguments: TerminalSize.snapshotSizes)
  func categorySelected(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.right, .char("l"))
    try await harness.settle()
    #expect(shown.model.selectedCategory == "Language")
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("‹ Language ›  3/4"))
    #expect(frame.plainText.contains("3 results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/category")
  }

  @Test("With the field focused, Search shows a cursor and the field's hints", arguments: TerminalSize.snapshotSizes)
  func fieldFocused(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("Swift")
    #expect(shown.screen.isEditingText)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Search: Swift▏"))
    #expect(frame.line(size.rows - 1).hasPrefix("type to search"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/field-focused")
  }

  @Test("Focusing and leaving the field change observable state, so the app redraws the cursor and hints")
  func focusRedraws() async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    for (key, cursorShows) in [(Key.char("/"), true), (.escape, false)] {
      let (_, changes) = ChangeFlag.tracking { harness.frame(.standard) }
      harness.press(key)
      #expect(changes.isSet)
      let frame = harness.frame(.standard)
      #expect(frame.line(3).hasSuffix("▏") == cursorShows)
      #expect(frame.line(23).hasPrefix("type to search") == cursorShows)
    }
  }

  @Test("A query wider than its field shows its end and the cursor", arguments: ["x", "漢"])
  func longQuery(character: String) async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type(String(repeating: character, count: 40) + "END")
    let size = TerminalSize(columns: 40, rows: 12)
    let field = harness.frame(size).line(3)
    #expect(field.hasPrefix(" Search: "))
    #expect(field.hasSuffix("END▏"))
    #expect(DisplayWidth.of(field) <= size.columns)
  }

  // MARK: Keys

  @Test("← and → step through the categories, wrapping around")
  func categoryKeys() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.left)
    try await harness.settle()
    #expect(shown.model.selectedCategory == "Tools")
    harness.press(.right, .right)
    try await harness.settle()
    #expect(shown.model.selectedCategory == "Frameworks")
    #expect(shown.model.results.map(\.id) == ["swiftui", "combine", "swiftdata"])
  }

  @Test("In the field, ⌫ deletes, Ctrl-U clears and Enter leaves it")
  func fieldEditing() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("macro")
    harness.press(.backspace, .backspace)
    #expect(shown.model.query == "mac")
    harness.press(.ctrl("u"))
    #expect(shown.model.query == "")
    harness.press(.enter)
    #expect(!shown.screen.isEditingText)
    #expect(harness.navigator.goBackCount == 0)
  }

  @Test("Enter opens and f favorites the selected result")
  func openAndFavorite() async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    harness.press(.down, .enter, .char("f"))
    #expect(harness.coordinator.shownDetails.map(\.id) == ["combine"])
    #expect(harness.favorites.toggledIDs == ["combine"])
  }
}
