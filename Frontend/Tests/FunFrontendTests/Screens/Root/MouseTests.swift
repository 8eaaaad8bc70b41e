import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Clicks and the wheel, routed by the root view against the frame it draws: every position
/// here is found in the frame's text, never written down as a number.
@Suite("RootView mouse")
@MainActor
struct MouseTests {
  private func homeHarness(size: TerminalSize = .standard) async throws -> (ScreenHarness, HomeViewModel) {
    let harness = ScreenHarness()
    let home = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: home, strings: harness.strings), on: .home)
    harness.rootView.terminalSize = size
    try await harness.loadCatalog()
    return (harness, home)
  }

  /// Where `text` starts on the frame (``ScreenHarness/cell(of:size:)``); not there fails the
  /// test and shows the frame.
  private func cell(of text: String, in harness: ScreenHarness, size: TerminalSize) throws -> Point {
    try #require(
      harness.cell(of: text, size: size), "\"\(text)\" is not on the frame:\n\(harness.frame(size).plainText)")
  }

  @Test("A click on a tab's name selects that tab, at 80 and at 40 columns", arguments: TerminalSize.snapshotSizes)
  func clickTab(size: TerminalSize) async throws {
    let (harness, _) = try await homeHarness(size: size)
    for tab in [Tab.settings, .search, .favorites, .profile, .home] {
      let (column, name) = try tabLabel(of: tab, in: harness.frame(size).line(0), harness: harness)
      // The last cell of the name counts as much as the first.
      harness.click(at: Point(column: column + name.count - 1, row: 0))
      #expect(harness.tabBar.selectedTab == tab)
    }
  }

  /// Where `tab`'s name starts on the tab bar's `line`, and the name as drawn. At 40 columns,
  /// after the activity's name, the other tabs' names are cut to fit (`Fav…`), and two cut
  /// names may read alike (`Se…`), so the names are found left to right in the activity's order.
  private func tabLabel(of tab: Tab, in line: String, harness: ScreenHarness) throws -> (Int, String) {
    var start = line.startIndex
    for shown in harness.tabBar.tabs {
      let full = harness.strings(shown.label)
      let names = (1...full.count).reversed().map { String(full.prefix($0)) + ($0 == full.count ? "" : "…") }
      let found = try #require(
        names.lazy.compactMap { name in line.range(of: name, range: start..<line.endIndex).map { (name, $0) } }.first,
        "\(full) is not on the tab bar: \(line)")
      if shown == tab {
        return (DisplayWidth.of(String(line[..<found.1.lowerBound])), found.0)
      }
      start = found.1.upperBound
    }
    Issue.record("\(tab) is not a tab of the activity that shows")
    throw CancellationError()
  }

  @Test("A click on the current tab asks for it as its number does, which takes it back to its root")
  func clickCurrentTab() async throws {
    let (harness, _) = try await homeHarness()
    harness.click(at: try cell(of: "[Home]", in: harness, size: .standard))
    harness.press(.char("1"))
    #expect(harness.navigator.tabSwitches == [.select(.home), .select(.home)])
    #expect(harness.tabBar.selectedTab == .home)
  }

  @Test("A click on a row selects it; a click on the selected row opens it")
  func clickRow() async throws {
    let (harness, home) = try await homeHarness()
    let second = home.list.rows[1]
    let row = try cell(of: "  " + second.title, in: harness, size: .standard)
    harness.click(at: Point(column: row.column + 20, row: row.row))
    #expect(home.list.selectedIndex == 1)
    #expect(harness.coordinator.shownDetails.isEmpty)
    harness.click(at: row)
    #expect(harness.coordinator.shownDetails == [second])
  }

  @Test(
    "In a list longer than its room, a clicked row stays under the pointer, so a second click opens it",
    arguments: TerminalSize.snapshotSizes)
  func clickedRowStays(size: TerminalSize) async throws {
    let harness = ScreenHarness(items: CatalogFixtures.generated(count: 41))
    let home = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: home, strings: harness.strings), on: .home)
    harness.rootView.terminalSize = size
    try await harness.loadCatalog()
    // Every row of the first page, the last (where a centred list would scroll most) first;
    // then, past the page, a row of the next one. (A featured item's title is on a carousel
    // card too: those rows are left out.)
    let rows = home.list.rows.filter { !$0.isFeatured }
    let shown = rows.filter { harness.cell(of: $0.title + " ", size: size) != nil }
    let next = try #require(shown.last.flatMap { last in rows.drop { $0 != last }.dropFirst(2).first })
    #expect(shown.count >= 3 && harness.cell(of: next.title + " ", size: size) == nil, "the list scrolls")
    /// Clicks `item`'s row twice: the first selects it where it is, the second opens it.
    func clickTwice(_ item: FeaturedItem) throws {
      let row = try cell(of: item.title + " ", in: harness, size: size)
      harness.click(at: row)
      #expect(home.list.selectedItem == item)
      #expect(harness.cell(of: item.title + " ", size: size) == row, "the row moved after the first click")
      harness.click(at: row)
      #expect(harness.coordinator.shownDetails.last == item)
    }
    for item in shown.reversed() + [next] {
      if harness.cell(of: item.title + " ", size: size) == nil {
        harness.press(.pageDown)
      }
      try clickTwice(item)
    }
    // On the last page (41 rows fill no page exactly), its top row: were the last page full,
    // that row would be the page before's too, and selecting it would turn back to that page.
    harness.press(.end)
    try clickTwice(try #require(rows.first { harness.cell(of: $0.title + " ", size: size) != nil }))
  }

  @Test("The wheel moves the list's selection as ↓ and ↑ do")
  func wheelScrollsList() async throws {
    let (harness, home) = try await homeHarness()
    let anywhere = Point(column: 10, row: 12)
    harness.press(.mouse(MouseEvent(.wheelDown, at: anywhere)), .mouse(MouseEvent(.wheelDown, at: anywhere)))
    #expect(home.list.selectedIndex == 2)
    harness.press(.mouse(MouseEvent(.wheelUp, at: anywhere)))
    #expect(home.list.selectedIndex == 1)
  }

  @Test("The wheel over the carousel turns its pages and leaves the list where it is")
  func wheelOverCarousel() async throws {
    let (harness, home) = try await homeHarness()
    let frame = harness.frame(.standard)
    let title = home.currentCarouselPage[0].title
    let row = try #require((0..<frame.rows).first { frame.line($0).contains("▌" + title) })
    let line = frame.line(row)
    let column = line.distance(from: line.startIndex, to: try #require(line.range(of: "▌" + title)).lowerBound)
    let card = Point(column: column + 1, row: row)
    harness.press(.mouse(MouseEvent(.wheelDown, at: card)))
    #expect(home.carouselPageIndex == 1)
    #expect(home.list.selectedIndex == 0)
    harness.press(.mouse(MouseEvent(.wheelUp, at: card)))
    #expect(home.carouselPageIndex == 0)
    #expect(home.list.selectedIndex == 0)
  }

  @Test("A click on nothing, or in the too-small notice, changes nothing")
  func clickOnNothing() async throws {
    let (harness, home) = try await homeHarness()
    let before = harness.frame(.standard)
    harness.click(at: Point(column: 70, row: 2))
    #expect(harness.frame(.standard) == before)

    let row = try cell(of: "  " + home.list.rows[2].title, in: harness, size: .standard)
    harness.rootView.terminalSize = TerminalSize(columns: 30, rows: 10)
    harness.click(at: row)
    harness.press(.mouse(MouseEvent(.wheelDown, at: row)))
    #expect(home.list.selectedIndex == 0)
  }

  @Test("Over the help box a click only closes the help: the row under the box is not selected")
  func helpIsOpaqueToClicks() async throws {
    let (harness, home) = try await homeHarness()
    let title = try cell(of: "  " + home.list.rows[2].title, in: harness, size: .standard)
    // The middle of the row, which the centred box covers.
    let row = Point(column: 40, row: title.row)
    #expect(harness.frame(.standard).target(at: row) == .row(2))
    harness.press(.char("?"))
    #expect(harness.frame(.standard).target(at: row) == nil, "the help box hides the row's region")
    harness.click(at: row)
    #expect(!harness.rootView.isShowingHelp)
    #expect(home.list.selectedIndex == 0)
  }

  @Test(
    "A click outside a sheet does nothing: the tab bar, the activity's name and the list behind it do not act, and the sheet stays",
    arguments: TerminalSize.snapshotSizes)
  func clickOutsideSheet(size: TerminalSize) async throws {
    let (harness, home) = try await homeHarness(size: size)
    let frame = harness.frame(size)
    // The list's second row is the switcher's second row too (Studio): behind the sheet, its
    // first cell must not be taken for the switcher's.
    let outside = [
      Point(column: try tabLabel(of: .search, in: frame.line(0), harness: harness).0, row: 0),
      try cell(of: "Explore", in: harness, size: size),
      try cell(of: "  " + home.list.rows[1].title, in: harness, size: size),
      Point(column: 0, row: frame.rows - 1),
    ]
    harness.press(.char("a"))
    for point in outside {
      harness.click(at: point)
    }
    #expect(harness.navigator.sheet is ActivitySwitcherSheet)
    harness.press(.enter)
    #expect(harness.tabBar.activity == .explore, "the switcher's selection did not move")

    var confirmed = 0
    harness.present(
      harness.confirmationSheet(title: "Sure?", message: "Really.", confirmTitle: "Yes", action: { confirmed += 1 }))
    for point in outside {
      harness.click(at: point)
    }
    #expect(harness.navigator.sheet is ConfirmationSheet)
    #expect(confirmed == 0)
    #expect(harness.tabBar.selectedTab == .home)
    #expect(home.list.selectedIndex == 0)
  }

  @Test("A dialog's [⏎ …] button does what Enter does, at 80 and at 40 columns", arguments: TerminalSize.snapshotSizes)
  func clickConfirmButton(size: TerminalSize) async throws {
    let (harness, _) = try await homeHarness(size: size)
    var confirmed = 0
    harness.present(
      harness.confirmationSheet(
        title: L10n.Sheet.signOutTitle, message: L10n.Sheet.signOutGuest, confirmTitle: L10n.Sheet.signOutAction,
        action: { confirmed += 1 }))
    let button = try cell(of: "[⏎ Sign out]", in: harness, size: size)
    // Its last cell, the `]`, is as much the button as its first.
    harness.click(at: Point(column: button.column + DisplayWidth.of("[⏎ Sign out]") - 1, row: button.row))
    #expect(confirmed == 1)
    #expect(harness.navigator.sheet == nil)
  }

  @Test(
    "A dialog's [Esc Cancel] button does what Esc does; the gap between the buttons and the message are not buttons")
  func clickCancelButton() async throws {
    let (harness, _) = try await homeHarness()
    var confirmed = 0
    harness.present(
      harness.confirmationSheet(title: "Sure?", message: "Really.", confirmTitle: "Yes", action: { confirmed += 1 }))
    let cancel = try cell(of: "[Esc Cancel]", in: harness, size: .standard)
    for nothing in [
      Point(column: cancel.column - 1, row: cancel.row), try cell(of: "Really.", in: harness, size: .standard),
    ] {
      harness.click(at: nothing)
      #expect(harness.navigator.sheet != nil, "\(nothing) is no button")
    }
    harness.click(at: cancel)
    #expect(harness.navigator.sheet == nil)
    #expect(confirmed == 0)
  }

  @Test(
    "The activity switcher that a click on the activity's name opens takes clicks: the first selects a row, the second chooses it",
    arguments: TerminalSize.snapshotSizes)
  func clickSwitcherRow(size: TerminalSize) async throws {
    let (harness, _) = try await homeHarness(size: size)
    harness.click(at: try cell(of: "Explore", in: harness, size: size))
    #expect(harness.navigator.sheet is ActivitySwitcherSheet)
    let studio = try cell(of: "2 Studio", in: harness, size: size)
    harness.click(at: studio)
    #expect(harness.navigator.sheet != nil, "the first click only selects")
    #expect(harness.tabBar.activity == .explore)
    #expect(harness.frame(size).cell(at: studio)?.style == harness.theme.selection)
    harness.click(at: studio)
    #expect(harness.navigator.sheet == nil)
    #expect(harness.tabBar.activity == .studio)
  }

  @Test("A row of the switcher a click selected is the one Enter chooses; a click on its current row chooses that")
  func clickSwitcherThenEnter() async throws {
    let (harness, _) = try await homeHarness()
    harness.press(.char("a"))
    harness.click(at: try cell(of: "2 Studio", in: harness, size: .standard))
    harness.press(.enter)
    #expect(harness.tabBar.activity == .studio)
    harness.press(.char("a"))
    harness.click(at: try cell(of: "2 Studio", in: harness, size: .standard))
    #expect(harness.navigator.sheet == nil, "the current activity's row starts selected")
    #expect(harness.tabBar.activity == .studio)
  }

  @Test("The wheel over a sheet does nothing: the list behind it stays")
  func wheelOverSheet() async throws {
    let (harness, home) = try await homeHarness()
    harness.press(.char("a"))
    let studio = try cell(of: "2 Studio", in: harness, size: .standard)
    harness.press(
      .mouse(MouseEvent(.wheelDown, at: studio)), .mouse(MouseEvent(.wheelDown, at: Point(column: 2, row: 12))))
    #expect(home.list.selectedIndex == 0)
    harness.press(.enter)
    #expect(harness.tabBar.activity == .explore, "the switcher's selection did not move")
  }

  @Test(
    "A click on a field of the item form focuses it, the cursor before the character clicked, or at the end past it",
    arguments: TerminalSize.snapshotSizes)
  func clickFormField(size: TerminalSize) async throws {
    let (harness, _) = try await homeHarness(size: size)
    let notes = FeaturedItem(
      id: "notes", title: "Field notes", subtitle: "Seen", category: "Journal",
      description: "First paragraph.\n\nSecond paragraph.", isFeatured: false)
    let store = try await harness.myItemsStore(items: [notes])
    let sheet = harness.myItemFormSheet(store: store, editing: "notes")
    harness.present(sheet)
    let form = try #require(sheet.boundViewModel as? MyItemFormViewModel)
    let title = try cell(of: "Field notes", in: harness, size: size)
    harness.click(at: Point(column: title.column + 2, row: title.row))
    #expect(form.focusedField == .title)
    #expect(form.editor(for: .title).cursor == 2)
    let category = try cell(of: "Journal", in: harness, size: size)
    harness.click(at: Point(column: category.column + 20, row: category.row))
    #expect(form.focusedField == .category)
    #expect(form.editor(for: .category).cursor == "Journal".count, "past the text: its end")
    // The description as it shows: its second paragraph, in full at 80 columns, joined to the
    // first where the form shows one line a field.
    let second = try cell(of: "Second", in: harness, size: size)
    harness.click(at: Point(column: second.column + 3, row: second.row))
    #expect(form.focusedField == .description)
    #expect(form.focusedParagraph == 1)
    #expect(form.editor(for: .description).cursor == 3)
    #expect(harness.navigator.sheet != nil)
    #expect(form.paragraphs.map(\.text) == ["First paragraph.", "Second paragraph."], "a click types nothing")
  }

  @Test("A click on a field of the profile editor focuses it, the cursor where it fell; a label is no field")
  func clickProfileField() async throws {
    let (harness, _) = try await homeHarness()
    let sheet = harness.profileEditorSheet()
    harness.present(sheet)
    let editor = try #require(sheet.boundViewModel as? ProfileEditorViewModel)
    let bio = try cell(of: "Wrote the first", in: harness, size: .standard)
    harness.click(at: Point(column: bio.column + 5, row: bio.row))
    #expect(editor.focusedField == .bio)
    #expect(editor.editor(for: .bio).cursor == 5)
    harness.click(at: try cell(of: "Display name", in: harness, size: .standard))
    #expect(editor.focusedField == .bio)
    let name = try cell(of: "Ada Lovelace", in: harness, size: .standard)
    harness.click(at: Point(column: name.column, row: name.row))
    #expect(editor.focusedField == .displayName)
    #expect(editor.editor(for: .displayName).cursor == 0)
  }

  @Test("After Esc asked about unsaved changes, a click on a field keeps editing: the next Esc asks again")
  func clickEndsDiscardQuestion() async throws {
    let (harness, _) = try await homeHarness()
    harness.present(harness.profileEditorSheet())
    harness.type("!")
    harness.press(.escape)
    harness.click(at: try cell(of: "Wrote the first", in: harness, size: .standard))
    harness.press(.escape)
    #expect(harness.navigator.sheet != nil)
  }

  @Test("Settings: a click selects a setting, a click on the selected one changes it")
  func clickSetting() async throws {
    let harness = ScreenHarness()
    let settings = harness.settingsViewModel()
    harness.show(SettingsScreen(viewModel: settings, strings: harness.strings), on: .settings)
    try await harness.settle()
    let appearance = try cell(of: "Appearance", in: harness, size: .standard)
    harness.click(at: appearance)
    #expect(settings.selectedIndex == 1)
    harness.click(at: appearance)
    try await harness.settle()
    #expect(harness.featureToggles.toggles.appearance != .system)
  }
}
