import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

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
    let screen = SearchScreen(viewModel: model, strings: harness.strings)
    harness.show(screen, on: .search)
    await model.searchNow()
    try await harness.settle()
    return Shown(model: model, screen: screen)
  }

  /// Types `query` into the focused field, leaves it and waits out the debounce.
  private func search(_ query: String, in harness: ScreenHarness) async throws {
    harness.press(.char("/"))
    harness.type(query)
    harness.press(.escape)
    try await harness.advance(by: SearchViewModel.debounceInterval)
  }

  @Test(
    "The hints name f for what it does to the selected result: unfavorite on a favorite, favorite otherwise",
    arguments: [(Language.en, "f favorite", "f unfavorite"), (.de, "f Favorit", "f Favorit aus")])
  func favoriteHintSaysWhatFDoes(language: Language, favorite: String, unfavorite: String) async throws {
    let harness = ScreenHarness(favorites: ["combine"], strings: Localizer(language: language))
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
    await model.searchNow()
    try await harness.settle()
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.down)
    #expect(model.list.selectedItem?.id == "combine")
    #expect(harness.hint(for: "f") == unfavorite)
    harness.press(.char("f"))
    // The removal's toast takes the bottom line until it goes; then `u` joins the hints, last
    // before help, so the screen's own keys keep their room (in German at 80 columns the undo's
    // hint is the one left out).
    harness.toasts.dismiss()
    try await harness.advance(by: ToastEvent.displayDuration)
    #expect(harness.hint(for: "u", size: TerminalSize(columns: 100, rows: 24)) != nil)
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.hint(for: "f") == unfavorite)
  }

  // MARK: Snapshots

  @Test("Initially Search lists every item under an empty query", arguments: TerminalSize.snapshotSizes)
  func initial(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Search]"))
    #expect(frame.line(3) == " Search: press / to type here")
    #expect(frame.plainText.contains("8 results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/initial")
  }

  @Test("A failed search shows the error and that r tries again; r does, and the results come back")
  func failureSaysRRetries() async throws {
    let harness = ScreenHarness(failure: .simulatedNetworkFailure)
    let shown = try await showSearch(harness)
    let frame = harness.frame(.standard)
    #expect(frame.plainText.contains(AppError.simulatedNetworkFailure.message))
    // As on every list tab: the reason, a blank line, how to retry.
    let reason = try #require((0..<frame.size.rows).first { frame.line($0).contains("Network failure") })
    #expect(frame.line(reason + 1).trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(frame.line(reason + 2) == " Press r to try again.")

    harness.network.result = .success(CatalogFixtures.items)
    harness.press(.char("r"))
    try await harness.settle()
    #expect(shown.model.error == nil)
    #expect(!harness.frame(.standard).plainText.contains("Press r to try again."))
    #expect(harness.frame(.standard).plainText.contains("8 results"))
  }

  @Test("While r's retry after a failed load is under way, Search says Searching… without the old Press r to try again")
  func retryHidesTryAgain() async throws {
    let harness = ScreenHarness(failure: .simulatedNetworkFailure, latency: .milliseconds(300))
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
    harness.time.tasks.start("first search") { await model.searchNow() }
    try await harness.advance(by: .milliseconds(300))
    #expect(harness.frame(.standard).plainText.contains("Press r to try again."))

    harness.network.result = .success(CatalogFixtures.items)
    harness.press(.char("r"))
    try await harness.settle()
    let text = harness.frame(.standard).plainText
    #expect(text.contains("Searching"), "\(text)")
    #expect(!text.contains("Press r to try again."), "\(text)")
    try await harness.advance(by: .milliseconds(300))
    #expect(harness.frame(.standard).plainText.contains("8 results"))
  }

  @Test(
    "A typed query shows Search: <query> and, after the debounce, its results", arguments: TerminalSize.snapshotSizes)
  func queryWithResults(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    try await search("swift", in: harness)
    #expect(shown.model.results.map(\.id) == ["swiftui", "swiftdata", "concurrency", "swiftpm"])
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Search: swift"))
    #expect(frame.plainText.contains("4 results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/results")
  }

  @Test("A paste with the field unfocused goes into the query and focuses the field, as / then typing would")
  func pasteOutsideTheField() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    #expect(!shown.screen.isEditingText)
    harness.press(.paste("swift"))
    #expect(shown.screen.isEditingText)
    #expect(shown.model.field.text == "swift")
    try await harness.advance(by: SearchViewModel.debounceInterval)
    #expect(shown.model.results.map(\.id) == ["swiftui", "swiftdata", "concurrency", "swiftpm"])
  }

  @Test("While the debounce waits, the old count is marked as updating; then the new count shows alone")
  func staleCountDuringDebounce() async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("swift")
    #expect(harness.frame(.standard).plainText.contains("8 results · updating…"))
    try await harness.advance(by: SearchViewModel.debounceInterval)
    let after = harness.frame(.standard).plainText
    #expect(after.contains("4 results"))
    #expect(!after.contains("updating"))
  }

  @Test("While a search is in flight, Search shows Searching", arguments: TerminalSize.snapshotSizes)
  func searching(size: TerminalSize) async throws {
    let harness = ScreenHarness(latency: .milliseconds(800))
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
    harness.time.tasks.start("first search") { await model.searchNow() }
    try await harness.settle()
    #expect(model.isSearching)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Searching"))
    #expect(frame.line(1).contains("Search \(RootView.spinnerFrames[0])"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/searching")
    try await harness.advance(by: ActivitySpinner.interval)
    #expect(harness.frame(size).line(1).contains("Search \(RootView.spinnerFrames[1])"))
    try await harness.advance(by: .milliseconds(700))
    #expect(!model.isSearching)
    #expect(model.results.count == 8)
    #expect(!harness.frame(size).plainText.contains("Searching"))
    #expect(!RootView.spinnerFrames.contains { harness.frame(size).line(1).contains($0) })
  }

  @Test("A one-character query asks for more and lists nothing", arguments: TerminalSize.snapshotSizes)
  func queryTooShort(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    try await search("s", in: harness)
    #expect(shown.model.results.isEmpty)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Type at least 2 characters"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/too-short")
  }

  @Test("Deleting a query back to one character never leaves its results under \"Type at least 2 characters\"")
  func shortenedQueryShowsNoStaleResults() async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    try await search("actor", in: harness)
    harness.press(.char("/"), .backspace, .backspace, .backspace, .backspace)
    let waiting = harness.frame(.standard).plainText
    #expect(!waiting.contains("Type at least"))
    #expect(waiting.contains("updating…"))
    try await harness.advance(by: SearchViewModel.debounceInterval)
    let frame = harness.frame(.standard).plainText
    #expect(frame.contains("Type at least 2 characters"))
    #expect(!frame.contains("Concurrency"))
    #expect(!frame.contains(">"))
  }

  @Test("A query that matches nothing shows No results", arguments: TerminalSize.snapshotSizes)
  func noResults(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    try await search("zzz", in: harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Search: zzz"))
    #expect(frame.plainText.contains("No results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/no-results")
  }

  @Test("No results in a category says how many All has; with none anywhere it is plain No results")
  func noResultsInCategoryCountsAll() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    try await search("swiftui", in: harness)
    let all = shown.model.results.count
    #expect(all > 0)
    let other = try #require(
      shown.model.categories.lazy.compactMap { $0 }.first { category in
        !CatalogFixtures.items.contains { $0.category == category && $0.title == "SwiftUI" }
      })
    shown.model.stepCategory(to: other)
    try await harness.advance(by: SearchViewModel.debounceInterval)
    #expect(harness.frame(.standard).plainText.contains("No results in \(other) — \(all) in All"))
    try await search("zzz", in: harness)
    let plain = harness.frame(.standard).plainText
    #expect(plain.contains("No results"))
    #expect(!plain.contains("in All"))
  }

  @Test("At 40 columns a No-results line too long for its row goes on over the empty list, whole")
  func longNoResultsWraps() async throws {
    let harness = ScreenHarness()
    let strings = Localizer(language: .pseudo)
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model, strings: strings), on: .search)
    await model.searchNow()
    try await harness.settle()
    try await search("swiftui", in: harness)
    let all = model.results.count
    let other = try #require(
      model.categories.lazy.compactMap { $0 }.first { category in
        !CatalogFixtures.items.contains { $0.category == category && $0.title == "SwiftUI" }
      })
    model.stepCategory(to: other)
    try await harness.advance(by: SearchViewModel.debounceInterval)
    let status = strings(
      L10n.Search.noResultsIn(category: .verbatim(other), count: all, all: L10n.Search.allCategories))
    #expect(DisplayWidth.of(status) > 38, "long enough to need two lines")
    let narrow = harness.frame(TerminalSize(columns: 40, rows: 12))
    let rows = (0..<narrow.rows).map { narrow.line($0).trimmingCharacters(in: .whitespaces) }
    let start = try #require(rows.firstIndex { status.hasPrefix($0) && !$0.isEmpty })
    let shown = rows[start...].prefix { !$0.isEmpty }.joined(separator: " ")
    #expect(shown == status, "\(narrow.plainText)")
  }

  @Test("Results highlight the matched text, found folded, in the original text; the rest stays plain")
  func highlightsMatches() async throws {
    let harness = ScreenHarness()
    _ = try await showSearch(harness)
    try await search("ecrire", in: harness)
    let frame = harness.frame(.standard)
    let theme = harness.theme
    let row = try #require((0..<frame.rows).first { frame.line($0).contains("Écrire") })
    let line = frame.line(row)
    let start = DisplayWidth.of(line[..<line.range(of: "Écrire")!.lowerBound])
    let styles = (start..<(start + 6)).map { frame.cell(at: Point(column: $0, row: row))?.style }
    // The only result is selected: its match is underlined on the selection.
    var match = theme.selection
    match.underline = true
    #expect(styles.allSatisfy { $0 == match.painted(over: theme.text) })
    #expect(frame.cell(at: Point(column: start + 6, row: row))?.style == theme.selection.painted(over: theme.text))
    #expect(frame.cell(at: Point(column: start - 1, row: row))?.style == theme.selection.painted(over: theme.text))
  }

  @Test("A match is found folded and marks the original characters, every occurrence, never spaces' neighbours")
  func matchedCharacters() {
    #expect(MatchHighlight.matchedCharacters(of: "ecr", in: "Écrire une fois") == [0, 1, 2])
    #expect(
      MatchHighlight.matchedCharacters(of: "SWIFT", in: "Swift and swift") == Set([0, 1, 2, 3, 4, 10, 11, 12, 13, 14]))
    #expect(MatchHighlight.matchedCharacters(of: "  ", in: "a b").isEmpty)
    #expect(MatchHighlight.matchedCharacters(of: "zz", in: "Swift").isEmpty)
  }

  @Test("Each word of the query marks its own occurrences")
  func matchedWords() {
    #expect(MatchHighlight.matchedCharacters(of: "data swift", in: "SwiftData") == Set(0..<9))
    #expect(MatchHighlight.matchedCharacters(of: "ui decl", in: "SwiftUI Declarative") == [5, 6, 8, 9, 10, 11])
  }

  @Test("A selected category shows as active and filters the results", arguments: TerminalSize.snapshotSizes)
  func categorySelected(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("]"), .char("]"))
    try await harness.settle()
    #expect(shown.model.selectedCategory == "Language")
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("‹ Language ›  3/4"))
    #expect(frame.plainText.contains("3 results"))
    expectSnapshot(of: harness, size: frame.size, named: "Search/category")
  }

  @Test("A catalog category named All shows as the catalog names it, after all categories in the app's language")
  func categoryNamedAll() async throws {
    let everything = FeaturedItem(
      id: "everything", title: "Everything", subtitle: "s", category: "All", description: "", isFeatured: false)
    let harness = ScreenHarness(
      items: CatalogFixtures.items.filter { $0.category == "Tools" } + [everything],
      strings: Localizer(language: .de))
    let shown = try await showSearch(harness)
    let all = harness.strings(L10n.Search.allCategories)
    #expect(all != "All")
    #expect(harness.frame(.standard).plainText.contains("‹ \(all) ›  1/3"))
    harness.press(.char("]"))
    try await harness.settle()
    #expect(shown.model.selectedCategory == "All")
    let frame = harness.frame(.standard).plainText
    #expect(frame.contains("‹ All ›  2/3"))
    #expect(frame.contains("Everything"))
    #expect(!frame.contains("Instruments"))
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
    #expect(frame.line(size.rows - 1).hasPrefix(" type to search"))
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
      #expect(frame.line(23).hasPrefix(" type to search") == cursorShows)
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

  @Test("[ and ] step through the categories, wrapping around; ←/→ leave the category alone")
  func categoryKeys() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("["))
    try await harness.settle()
    #expect(shown.model.selectedCategory == "Tools")
    harness.press(.char("]"), .char("]"))
    try await harness.settle()
    #expect(shown.model.selectedCategory == "Frameworks")
    #expect(shown.model.results.map(\.id) == ["swiftui", "combine", "swiftdata"])
    harness.press(.left, .right, .char("/"), .left, .right)
    #expect(shown.model.selectedCategory == "Frameworks")
  }

  @Test("In the field ←/→ move the cursor and typing inserts there; Home/End, Ctrl-W, Alt-B and Delete edit too")
  func fieldCursorKeys() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("swft")
    harness.press(.left, .left, .char("i"))
    #expect(shown.model.field.text == "swift")
    #expect(harness.frame(.standard).line(3).contains("Search: swi▏ft"))
    harness.press(.end)
    harness.type(" ui")
    harness.press(.ctrl("w"))
    #expect(shown.model.field.text == "swift ")
    harness.press(.alt("b"), .delete)
    #expect(shown.model.field.text == "wift ")
    harness.press(.home, .ctrl("k"))
    #expect(shown.model.field.text == "")
    #expect(shown.model.selectedCategory == nil)
  }

  @Test("In the field, ⌫ deletes, Ctrl-U clears and Enter leaves it")
  func fieldEditing() async throws {
    let harness = ScreenHarness()
    let shown = try await showSearch(harness)
    harness.press(.char("/"))
    harness.type("macro")
    harness.press(.backspace, .backspace)
    #expect(shown.model.field.text == "mac")
    harness.press(.ctrl("u"))
    #expect(shown.model.field.text == "")
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
    try await harness.settle()  // the save runs off the main actor
    #expect(harness.favorites.toggledIDs == ["combine"])
  }

  @Test("r refreshes as on every list tab: Searching while the catalog is fetched, the results stay, a toast confirms")
  func refresh() async throws {
    let harness = ScreenHarness(latency: .milliseconds(300))
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
    harness.time.tasks.start("first search") { await model.searchNow() }
    try await harness.advance(by: .milliseconds(300))
    #expect(model.results.count == 8)

    harness.press(.char("r"))
    try await harness.settle()
    #expect(model.status == .refreshing)
    let frame = harness.frame(.standard)
    #expect(frame.plainText.contains("Searching"))
    #expect(frame.plainText.contains("SwiftUI"))
    try await harness.advance(by: .milliseconds(300))
    #expect(model.status == .results(count: 8, isUpdating: false))
    #expect(!harness.frame(.standard).plainText.contains("Searching"))
    #expect(harness.toasts.shownToasts == [.success(L10n.Refresh.done)])
  }
}

extension SearchViewModel {
  /// Steps the category filter to `category` as `]` presses do, once around at most.
  fileprivate func stepCategory(to category: String?) {
    for _ in categories where selectedCategory != category {
      send(.selectNextCategory)
    }
  }
}
