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
    harness.show(HomeScreen(viewModel: home), on: .home)
    harness.rootView.terminalSize = size
    try await harness.loadCatalog()
    return (harness, home)
  }

  /// Where `text` starts on the frame: its column is the display width of what is before it.
  private func cell(of text: String, in harness: ScreenHarness, size: TerminalSize) throws -> Point {
    let frame = harness.frame(size)
    for row in 0..<frame.rows {
      let line = frame.line(row)
      if let range = line.range(of: text) {
        return Point(column: DisplayWidth.of(String(line[..<range.lowerBound])), row: row)
      }
    }
    Issue.record("\"\(text)\" is not on the frame:\n\(frame.plainText)")
    throw CancellationError()
  }

  private func click(_ harness: ScreenHarness, at point: Point) {
    harness.press(.mouse(MouseEvent(.click, at: point)))
  }

  @Test("A click on a tab's name selects that tab, at 80 and at 40 columns", arguments: TerminalSize.snapshotSizes)
  func clickTab(size: TerminalSize) async throws {
    let (harness, _) = try await homeHarness(size: size)
    for tab in [Tab.settings, .search, .favorites, .profile, .home] {
      let (column, name) = try tabLabel(of: tab, in: harness.frame(size).line(0), harness: harness)
      // The last cell of the name counts as much as the first.
      click(harness, at: Point(column: column + name.count - 1, row: 0))
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

  @Test("A click on the current tab takes it back to its root, as its number does")
  func clickCurrentTab() async throws {
    let (harness, _) = try await homeHarness()
    harness.navigator.depth = 2
    click(harness, at: try cell(of: "[Home]", in: harness, size: .standard))
    #expect(harness.navigator.depth == 0)
    #expect(harness.tabBar.selectedTab == .home)
  }

  @Test("A click on a row selects it; a click on the selected row opens it")
  func clickRow() async throws {
    let (harness, home) = try await homeHarness()
    let second = home.list.rows[1]
    let row = try cell(of: "  " + second.title, in: harness, size: .standard)
    click(harness, at: Point(column: row.column + 20, row: row.row))
    #expect(home.list.selectedIndex == 1)
    #expect(harness.coordinator.shownDetails.isEmpty)
    click(harness, at: row)
    #expect(harness.coordinator.shownDetails == [second])
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
    click(harness, at: Point(column: 70, row: 2))
    #expect(harness.frame(.standard) == before)

    let row = try cell(of: "  " + home.list.rows[2].title, in: harness, size: .standard)
    harness.rootView.terminalSize = TerminalSize(columns: 30, rows: 10)
    click(harness, at: row)
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
    click(harness, at: row)
    #expect(!harness.rootView.isShowingHelp)
    #expect(home.list.selectedIndex == 0)
  }

  @Test("A sheet takes no clicks: the tab bar under it does not switch")
  func sheetTakesNoClicks() async throws {
    let (harness, _) = try await homeHarness()
    let settings = try cell(of: "Settings", in: harness, size: .standard)
    harness.present(
      harness.confirmationSheet(title: "Sure?", message: "Really.", confirmTitle: "Yes", action: {}))
    click(harness, at: settings)
    #expect(harness.tabBar.selectedTab == .home)
  }

  @Test("Settings: a click selects a setting, a click on the selected one changes it")
  func clickSetting() async throws {
    let harness = ScreenHarness()
    let settings = harness.settingsViewModel()
    harness.show(SettingsScreen(viewModel: settings), on: .settings)
    try await harness.settle()
    let appearance = try cell(of: "Appearance", in: harness, size: .standard)
    click(harness, at: appearance)
    #expect(settings.selectedIndex == 1)
    click(harness, at: appearance)
    try await harness.settle()
    #expect(harness.featureToggles.toggles.appearance != .system)
  }
}
