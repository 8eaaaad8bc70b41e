import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Sheets over screens: what they look like, and how they take the keys while they are up.
@Suite("Sheets")
@MainActor
struct SheetTests {
  /// Home, loaded, under a "Sign out?" sheet whose confirmations are counted.
  private func signOutSheet(_ harness: ScreenHarness) async throws -> Counter {
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    let confirmations = Counter()
    harness.present(
      harness.confirmationSheet(
        title: "Sign out?", message: "ada's favorites, items and profile stay saved for the next sign-in.",
        confirmTitle: "Sign out"
      ) { confirmations.value += 1 })
    return confirmations
  }

  @Test(
    "The sign-out sheet covers the middle of the screen; its keys are on the bottom line",
    arguments: TerminalSize.snapshotSizes)
  func signOutSnapshot(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await signOutSheet(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("┌ Sign out? "))
    #expect(frame.plainText.contains("[⏎ Sign out]  [Esc Cancel]"))
    #expect(frame.line(size.rows - 1) == " ⏎ sign out  Esc cancel")
    expectSnapshot(of: harness, size: size, named: "Sheets/sign-out")
  }

  @Test("Esc cancels and Enter confirms, once; the sheet closes either way")
  func escapeAndEnter() async throws {
    let harness = ScreenHarness()
    let confirmations = try await signOutSheet(harness)

    harness.press(.escape)
    #expect(harness.navigator.sheet == nil)
    #expect(confirmations.value == 0)

    let second = try await signOutSheet(harness)
    harness.press(.enter)
    #expect(harness.navigator.sheet == nil)
    #expect(second.value == 1)
    #expect(confirmations.value == 0)
  }

  @Test(
    "While a sheet is up it takes every key: tabs, q, help, the command line and the screen get none; Ctrl-C still quits"
  )
  func takesTheKeys() async throws {
    let harness = ScreenHarness()
    _ = try await signOutSheet(harness)
    let before = harness.frame(.standard)

    harness.press(.char("2"), .tab, .char("q"), .char("?"), .char(":"), .down, .char("f"), .backspace)

    #expect(harness.frame(.standard) == before)
    #expect(harness.tabBar.selectedTab == .home)
    #expect(!harness.rootView.isQuitRequested)
    #expect(harness.favorites.toggledIDs.isEmpty)
    harness.press(.ctrlC)
    #expect(harness.rootView.isQuitRequested)
  }

  @Test("A sheet is opaque: the cells under its box are its own, styles included")
  func opaque() async throws {
    let harness = ScreenHarness()
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    let under = harness.frame(.standard)
    harness.present(
      harness.confirmationSheet(title: "Reset?", message: "x", confirmTitle: "Reset") {})
    let over = harness.frame(.standard)
    // A row through the middle of the box: the list's text under the box is gone from it.
    let row = 12
    #expect(under.line(row).contains("writes code"))
    #expect(over.line(row).contains("│"))
    #expect(!over.line(row).contains("writes code"))
  }

  @Test(
    "Behind a sheet the screen recedes: no selection bar, and a blank cell keeps the box off the text",
    arguments: TerminalSize.snapshotSizes)
  func backdrop(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = try await signOutSheet(harness)
    let theme = harness.theme
    let frame = harness.frame(size)
    let rows = (0..<frame.rows).map { frame.line($0) }
    let top = try #require(rows.firstIndex { $0.contains("┌") })
    let bottom = try #require(rows.lastIndex { $0.contains("└") })
    let left = try #require(rows[top].firstIndex(of: "┌")).utf16Offset(in: rows[top])
    // Nothing outside the box shows the selection's style.
    for row in 2..<(size.rows - 1) {
      for column in 0..<size.columns where !(top...bottom).contains(row) || column < left {
        #expect(frame.cell(at: Point(column: column, row: row))?.style != theme.selection, "\(column),\(row)")
      }
    }
    // The cells around the box are blank.
    let right = left + DisplayWidth.of(rows[top].drop { $0 == " " }) - 1
    let ring =
      (max(left - 1, 0)...min(right + 1, size.columns - 1)).flatMap {
        [Point(column: $0, row: top - 1), Point(column: $0, row: bottom + 1)]
      }
      + (top...bottom).flatMap { [Point(column: left - 1, row: $0), Point(column: right + 1, row: $0)] }
    for point in ring
    where point.column >= 0 && point.column < size.columns && point.row >= 2 && point.row < size.rows - 1 {
      #expect(frame.cell(at: point)?.grapheme == " ", "\(point)")
    }
  }

  @Test("Settings' reset sheet", arguments: TerminalSize.snapshotSizes)
  func resetSnapshot(size: TerminalSize) {
    let harness = ScreenHarness()
    harness.show(SettingsScreen(viewModel: harness.settingsViewModel(), strings: harness.strings), on: .settings)
    harness.present(
      harness.confirmationSheet(
        title: "Reset all settings?", message: "Every setting goes back to its default.", confirmTitle: "Reset"
      ) {})
    expectSnapshot(of: harness, size: size, named: "Sheets/reset-settings")
  }

  @Test("The sign-in screen's delete sheet", arguments: TerminalSize.snapshotSizes)
  func deleteSnapshot(size: TerminalSize) {
    let harness = ScreenHarness(profiles: ["ada", "bob"])
    harness.showSignedOut(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings))
    harness.present(
      harness.confirmationSheet(
        title: "Delete profile ada?", message: "Its favorites, items and details are removed. This cannot be undone.",
        confirmTitle: "Delete"
      ) {})
    let frame = harness.frame(size)
    #expect(frame.line(size.rows - 1) == " ⏎ delete  Esc cancel")
    expectSnapshot(of: harness, size: size, named: "Sheets/delete-profile")
  }

  @Test(
    "The profile editor: two fields, Tab between them; Enter saves and closes", arguments: TerminalSize.snapshotSizes)
  func editor(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    harness.present(harness.profileEditorSheet())
    expectSnapshot(of: harness, size: size, named: "Sheets/edit-profile")

    harness.press(.ctrl("u"))
    harness.type("Ada")
    harness.press(.tab, .ctrl("u"))
    harness.type("Engines, mostly.")
    harness.press(.enter)
    try await harness.settle()

    #expect(harness.navigator.sheet == nil)
    #expect(harness.profileDetails.profile.displayName == "Ada")
    #expect(harness.frame(size).plainText.contains("Engines, mostly."))
  }

  @Test(
    "While links wait for a sheet to close, its box says so under its fields, whole, in English and German",
    arguments: TerminalSize.snapshotSizes, [Language.en, .de])
  func linksWaitingNotice(size: TerminalSize, language: Language) {
    let strings = Localizer(language: language)
    let harness = ScreenHarness(strings: strings)
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    harness.present(harness.profileEditorSheet())
    let without = harness.frame(size).plainText

    harness.navigator.sheetNotice = L10n.Sheet.linksWaiting(2)
    let frame = harness.frame(size)
    // Wrapped inside the box, the notice reads whole, word by word, in order.
    let notice = strings(L10n.Sheet.linksWaiting(2))
    let inside = frame.plainText.split(separator: "\n").compactMap { line -> Substring? in
      let parts = line.split(separator: "│", omittingEmptySubsequences: false)
      return parts.count >= 3 ? parts[1] : nil
    }
    let shown = inside.flatMap { $0.split(separator: " ") }.joined(separator: " ")
    #expect(shown.contains(notice), "\(frame.plainText)")
    // The fields still show: the notice adds rows, it takes none of theirs.
    let field = strings(L10n.Sheet.displayName)
    #expect(without.contains(field) && frame.plainText.contains(field))
    expectSnapshot(of: harness, size: size, named: "Sheets/\(language.rawValue)/links-waiting")

    harness.navigator.sheetNotice = nil
    #expect(harness.frame(size).plainText == without)
  }

  /// The sheets a notice of waiting links can show under, each over the screen it comes from.
  enum NoticeSheet: CaseIterable {
    case profileEditor, confirmation, activitySwitcher
  }

  /// The rows inside a sheet's box in `text`, without their border or padding.
  private func insideBox(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line -> String? in
      let parts = line.split(separator: "│", omittingEmptySubsequences: false)
      return parts.count >= 3 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
    }
  }

  @Test(
    "At 40x12 a notice takes no row the sheet asks for: its content shows as without one, then the notice's first line",
    arguments: NoticeSheet.allCases, [Language.en, .de])
  func noticeLeavesContent(sheet: NoticeSheet, language: Language) async throws {
    let size = TerminalSize(columns: 40, rows: 12)
    let strings = Localizer(language: language)
    let harness = ScreenHarness(strings: strings)
    switch sheet {
    case .profileEditor:
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      harness.present(harness.profileEditorSheet())
      // A refusal: its reason is what the last rows are for.
      harness.press(.ctrl("u"), .enter)
    case .confirmation:
      _ = try await signOutSheet(harness)
    case .activitySwitcher:
      harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
      harness.press(.char("a"))
    }
    let shown = try #require(harness.navigator.sheet)
    let without = insideBox(harness.frame(size).plainText).filter { !$0.isEmpty }

    harness.navigator.sheetNotice = L10n.Sheet.linksWaiting(3)
    let with = insideBox(harness.frame(size).plainText).filter { !$0.isEmpty }
    #expect(Array(with.prefix(without.count)) == without, "\(with)")
    // Wrapped as wide as the box (the switcher's is narrow).
    let width = min(shown.preferredWidth, size.columns - 4)
    let firstLine = try #require(TextWrap.lines(strings(L10n.Sheet.linksWaiting(3)), width: width).first)
    #expect(with.contains { $0.hasPrefix(firstLine) }, "\(with)")
  }

  @Test("The profile editor refuses bad input with its reason in the sheet", arguments: TerminalSize.snapshotSizes)
  func editorRefuses(size: TerminalSize) {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    harness.present(harness.profileEditorSheet())

    harness.press(.ctrl("u"), .enter)

    let frame = harness.frame(size)
    #expect(harness.navigator.sheet != nil)
    #expect(frame.plainText.contains("The display name cannot be empty"))
    #expect(harness.profileDetails.profile.displayName == "Ada Lovelace")
    expectSnapshot(of: harness, size: size, named: "Sheets/edit-profile-refused")
  }

  @Test(
    "Esc on a changed profile editor only asks, in the sheet; a second Esc discards the change",
    arguments: TerminalSize.snapshotSizes)
  func editorEscapeAsks(size: TerminalSize) {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    harness.present(harness.profileEditorSheet())
    harness.press(.escape)
    #expect(harness.navigator.sheet == nil, "unchanged, it closes at once")

    harness.present(harness.profileEditorSheet())
    harness.type(" Byron")
    harness.press(.escape)

    #expect(harness.navigator.sheet != nil)
    #expect(harness.frame(size).plainText.contains("Unsaved changes"))
    #expect(harness.frame(.standard).line(23).contains("Esc discard"), "the footer agrees with the question")
    #expect(!harness.frame(.standard).plainText.contains("Esc cancel"))
    expectSnapshot(of: harness, size: size, named: "Sheets/edit-profile-discard")
    harness.press(.escape)
    #expect(harness.navigator.sheet == nil)
    #expect(harness.profileDetails.profile.displayName == "Ada Lovelace")
  }

  @Test(
    "After the profile editor asked, any other key, one that means nothing too, keeps editing: the next Esc asks again")
  func editorKeyEndsQuestion() {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    harness.present(harness.profileEditorSheet())
    harness.type(" Byron")
    for key in [Key.pageUp, .function(7), .insert, .ctrl("o")] {
      harness.press(.escape)
      #expect(harness.frame(.standard).plainText.contains("Unsaved changes"))
      harness.press(key)
      #expect(!harness.frame(.standard).plainText.contains("Unsaved changes"), "\(key) ends the question")
    }
    harness.press(.escape)
    #expect(harness.navigator.sheet != nil, "this Esc only asks")
    harness.press(.escape)
    #expect(harness.navigator.sheet == nil)
    #expect(harness.profileDetails.profile.displayName == "Ada Lovelace")
  }
}

/// Counts on the main actor.
@MainActor
final class Counter {
  var value = 0
}
