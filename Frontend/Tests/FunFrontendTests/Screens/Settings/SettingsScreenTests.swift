import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("SettingsScreen")
@MainActor
struct SettingsScreenTests {
  @Test(
    "Settings says Appearance needs colours, so NO_COLOR's unchanged look is explained",
    arguments: TerminalSize.snapshotSizes)
  func appearanceNeedsColorNote(size: TerminalSize) {
    let harness = ScreenHarness()
    harness.theme = .noColor
    harness.show(SettingsScreen(viewModel: harness.settingsViewModel(), strings: harness.strings), on: .settings)
    let text = harness.frame(size).plainText.replacingOccurrences(of: "\n ", with: " ")
    #expect(text.contains("Appearance shows only in colour (not with NO_COLOR, --no-color, TERM=dumb)."))
  }

  private func showSettings(_ harness: ScreenHarness) -> SettingsViewModel {
    let model = harness.settingsViewModel()
    harness.show(SettingsScreen(viewModel: model, strings: harness.strings), on: .settings)
    return model
  }

  @Test("Settings shows each toggle with its default value", arguments: TerminalSize.snapshotSizes)
  func defaults(size: TerminalSize) {
    let harness = ScreenHarness()
    _ = showSettings(harness)
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Settings]"))
    // The values line up in one column, after the longest title.
    #expect(frame.plainText.contains("> Featured carousel         on"))
    #expect(frame.plainText.contains("  Appearance                system"))
    #expect(frame.plainText.contains("  Simulate network failure  off"))
    #expect(frame.plainText.contains("  Screen reader mode        off"))
    expectSnapshot(of: harness, size: frame.size, named: "Settings/defaults")
  }

  @Test("A guest's Settings says first that its settings are not saved", arguments: TerminalSize.snapshotSizes)
  func guestNote(size: TerminalSize) {
    let harness = ScreenHarness()
    harness.togglesStore.beginSession(savesChanges: false)
    _ = showSettings(harness)
    let frame = harness.frame(size)
    let text = frame.plainText.replacingOccurrences(of: "\n ", with: " ")
    #expect(text.contains("As a guest, your settings are not saved: they last until you sign out."))
    #expect(frame.plainText.contains("> Featured carousel         on"))
    #expect(frame.plainText.contains("  Screen reader mode        off"))
    expectSnapshot(of: harness, size: frame.size, named: "Settings/guest")
  }

  @Test("A profile's Settings has no guest's note")
  func noGuestNoteForAProfile() {
    let harness = ScreenHarness()
    _ = showSettings(harness)
    #expect(!harness.frame(.standard).plainText.contains("As a guest"))
  }

  @Test("Toggled settings show their new values", arguments: TerminalSize.snapshotSizes)
  func afterToggles(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = showSettings(harness)
    harness.press(.char(" "), .down, .char(" "), .char(" "), .char("j"), .enter)
    try await harness.settle()
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("  Featured carousel         off"))
    #expect(frame.plainText.contains("  Appearance                dark"))
    #expect(frame.plainText.contains("> Simulate network failure  on"))
    expectSnapshot(of: harness, size: frame.size, named: "Settings/toggled")
  }

  @Test(
    "Turning the screen reader on says under the rows that it takes effect from the next start; a guest's never does",
    arguments: [Language.en, .de])
  func screenReaderFromNextStart(language: Language) async throws {
    let note =
      [Language.en: "Screen reader mode takes effect from the next start."][language]
      ?? "Der Bildschirmleser-Modus gilt ab dem nächsten Start."
    for isGuest in [false, true] {
      let harness = ScreenHarness(strings: Localizer(language: language))
      if isGuest { harness.togglesStore.beginSession(savesChanges: false) }
      let model = showSettings(harness)
      #expect(!harness.frame(.standard).plainText.contains(note))
      let reader = try #require(model.rows.firstIndex { $0.key == .screenReader })
      model.send(.select(at: reader))
      harness.press(.char(" "))
      try await harness.settle()
      let text = harness.frame(.standard).plainText
      #expect(text.contains(note) == !isGuest, "\(text)")
      let rows = text.split(separator: "\n")
      if let noteRow = rows.firstIndex(where: { $0.contains(note) }) {
        #expect(rows[noteRow - 1].contains("> "), "the note is not under the rows")
      }
    }
  }

  @Test(
    "Where a title and its value do not both fit, the title is cut and every value still shows",
    arguments: TerminalSize.snapshotSizes)
  func valuesStayVisible(size: TerminalSize) {
    let harness = ScreenHarness(strings: Localizer(language: .pseudo))
    let model = showSettings(harness)
    let lines = harness.frame(size).plainText.split(separator: "\n").map(String.init)
    for row in model.rows {
      let value = harness.strings(row.valueLabel)
      #expect(lines.contains { $0.hasSuffix(value) }, "\(value) is not shown:\n\(lines.joined(separator: "\n"))")
    }
  }

  @Test("Space toggles the selected setting, ↑↓ and k j move, clamped")
  func spaceToggles() async throws {
    let harness = ScreenHarness()
    let model = showSettings(harness)
    harness.press(.up, .char(" "), .down, .down, .down, .down, .char(" "), .char("k"), .char(" "))
    try await harness.settle()  // the save runs off the main actor
    #expect(harness.featureToggles.toggledKeys == [.featuredCarousel, .screenReader, .networkFailure])
    #expect(model.rows[model.selectedIndex].key == .networkFailure)
  }

  @Test("← and h step the selected value back, → and l forward")
  func arrowsStepBothWays() {
    let harness = ScreenHarness()
    _ = showSettings(harness)
    harness.press(.down)
    harness.press(.left)
    #expect(harness.togglesStore.toggles.appearance == .dark)
    harness.press(.char("h"))
    #expect(harness.togglesStore.toggles.appearance == .light)
    harness.press(.right)
    #expect(harness.togglesStore.toggles.appearance == .dark)
    harness.press(.char("l"))
    #expect(harness.togglesStore.toggles.appearance == .system)
  }

  @Test("x asks before resetting: nothing changes until the sheet is confirmed")
  func resetKey() async throws {
    let harness = ScreenHarness()
    _ = showSettings(harness)
    harness.press(.char(" "), .char("x"))
    try await harness.settle()
    #expect(harness.coordinator.confirmResetCount == 1)
    #expect(harness.featureToggles.resetCount == 0)
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("PgUp/PgDn and Home/End go where docs/Keys.md says: the item and profile lists, never Settings or Profile")
  func pageAndEndKeysWhereDocumented() async throws {
    // A favorite, so Favorites has rows to page through: an empty list binds no row keys.
    let harness = ScreenHarness(favorites: ["swiftui"])
    try await harness.loadCatalog()
    let area = Rect(column: 0, row: 2, width: 80, height: 20)
    let pagingKeys: [Key] = [.pageUp, .pageDown, .home, .end]
    func binds(_ screen: some Screen) -> Bool {
      let table = screen.keyBindings(in: area)
      return pagingKeys.allSatisfy { table.binding(for: $0) != nil }
    }
    func bindsNone(_ screen: some Screen) -> Bool {
      let table = screen.keyBindings(in: area)
      return pagingKeys.allSatisfy { table.binding(for: $0) == nil }
    }
    #expect(binds(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings)))
    #expect(binds(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings)))
    #expect(binds(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings)))
    #expect(bindsNone(SettingsScreen(viewModel: harness.settingsViewModel(), strings: harness.strings)))
    #expect(bindsNone(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings)))
  }
}
