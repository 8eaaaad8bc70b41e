import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("RootView")
@MainActor
struct RootViewTests {
  /// A harness showing Home, loaded.
  private func homeHarness() async throws -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    return harness
  }

  @Test("While saved state is being written the title line's spinner turns; after, it is gone")
  func spinnerWhileSaving() async throws {
    let harness = try await homeHarness()
    #expect(!harness.frame(.standard).line(1).contains("⠋"))

    harness.navigator.isSaving = true
    try await harness.settle()
    #expect(harness.frame(.standard).line(1).contains("Home ⠋"))
    try await harness.time.advance(by: ActivitySpinner.interval)
    #expect(harness.frame(.standard).line(1).contains("Home ⠙"))

    harness.navigator.isSaving = false
    try await harness.settle()
    #expect(!harness.frame(.standard).line(1).contains("Home ⠙"))
  }

  @Test("While the window has lost the focus the spinner stands still; regaining it, it turns and redraws")
  func focusPausesSpinner() async throws {
    let harness = try await homeHarness()
    harness.navigator.isSaving = true
    try await harness.settle()
    #expect(harness.frame(.standard).line(1).contains("Home ⠋"))
    harness.press(.focus(gained: false))
    try await harness.settle()
    let unfocused = harness.frame(.standard)
    try await harness.time.advance(by: ActivitySpinner.interval * 5)
    #expect(harness.frame(.standard) == unfocused, "a spinner nobody watches draws no frame")
    harness.press(.focus(gained: true))
    try await harness.settle()
    try await harness.time.advance(by: ActivitySpinner.interval)
    #expect(harness.frame(.standard).line(1).contains("Home ⠙"))
  }

  @Test("At 20x6 the too-small notice keeps both sizes whole: what it needs and what it has")
  func tooSmallKeepsNumbers() async throws {
    let harness = try await homeHarness()
    let text = harness.frame(TerminalSize(columns: 20, rows: 6)).plainText
    #expect(text.contains("need 40x12"))
    #expect(text.contains("have 20x6"))
  }

  @Test("In German the too-small notice says what it has as vorhanden, the number still whole at 20 columns")
  func tooSmallGerman() async throws {
    let harness = try await ScreenHarness.$language.withValue(.de) { try await homeHarness() }
    let text = harness.frame(TerminalSize(columns: 20, rows: 8)).plainText
    #expect(text.contains("vorhanden 20x8"), "\(text)")
  }

  @Test("At 20x6 the notice over an open edit breaks between its two parts, never inside one")
  func tooSmallEditNoticeBreaksBetweenParts() async throws {
    let harness = try await homeHarness()
    harness.present(harness.profileEditorSheet())
    let frame = harness.frame(TerminalSize(columns: 20, rows: 6))
    let lines = (0..<6).map { frame.line($0).trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("an edit is open") && lines.contains("q twice quits"), "\(lines)")
  }

  @Test("Behind the notice, q with the profile editor open asks first; the second q quits, a resize starts over")
  func quitBehindNoticeAsks() async throws {
    let harness = try await homeHarness()
    harness.present(harness.profileEditorSheet())
    let small = TerminalSize(columns: 30, rows: 10)
    #expect(harness.frame(small).plainText.contains("an edit is open"))
    #expect(harness.frame(small).plainText.contains("q twice quits"))
    harness.press(.char("q"))
    #expect(!harness.rootView.isQuitRequested)
    #expect(harness.frame(small).plainText.contains("q again quits and discards it"))
    harness.rootView.terminalSize = TerminalSize(columns: 31, rows: 10)
    harness.press(.char("q"))
    #expect(!harness.rootView.isQuitRequested, "a resize asks again")
    harness.press(.char("q"))
    #expect(harness.rootView.isQuitRequested)
  }

  @Test(
    "Ctrl-C over a form with unsaved changes asks first, on the bottom line; a second quits, any other key keeps editing",
    arguments: TerminalSize.snapshotSizes)
  func ctrlCAsksOverUnsavedChanges(size: TerminalSize) async throws {
    let harness = try await homeHarness()
    harness.rootView.terminalSize = size
    harness.present(harness.profileEditorSheet())
    harness.press(.char("x"))
    harness.press(.ctrlC)
    #expect(!harness.rootView.isQuitRequested)
    let asked = harness.frame(size).plainText.replacingOccurrences(of: "\n ", with: " ")
    #expect(asked.contains("Unsaved changes: Ctrl-C again quits and discards them"), "\(asked)")
    harness.press(.char("y"))
    #expect(!harness.frame(size).plainText.contains("Ctrl-C again"), "a key keeps editing")
    harness.press(.ctrlC)
    #expect(!harness.rootView.isQuitRequested, "it asks again")
    harness.press(.ctrlC)
    #expect(harness.rootView.isQuitRequested)
  }

  @Test("Ctrl-C over a form with nothing changed quits at once")
  func ctrlCQuitsAnUnchangedForm() async throws {
    let harness = try await homeHarness()
    harness.present(harness.profileEditorSheet())
    harness.press(.ctrlC)
    #expect(harness.rootView.isQuitRequested)
  }

  // MARK: Snapshots

  @Test("? shows the help overlay over the screen", arguments: TerminalSize.snapshotSizes)
  func helpOverlay(size: TerminalSize) async throws {
    let harness = try await homeHarness()
    harness.press(.char("?"))
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("┌ Help: Home"))
    // The screen's own keys come first; the rest scroll into view.
    #expect(frame.plainText.contains("The list"))
    #expect(frame.plainText.contains("↑ ↓ k j"))
    expectSnapshot(of: harness, size: frame.size, named: "Root/help")
  }

  @Test(
    "A toast takes the bottom line, with its kind's symbol",
    arguments: [ToastEvent.success("Catalog refreshed"), .info("Shared SwiftUI"), .error("No item with id \"nope\"")],
    TerminalSize.snapshotSizes
  )
  func toast(toast: ToastEvent, size: TerminalSize) async throws {
    let harness = try await homeHarness()
    harness.toasts.show(toast)
    try await harness.settle()
    let frame = harness.frame(size)
    let symbol =
      switch toast.style {
      case .success: "✓"
      case .info: "ℹ"
      case .error: "✗"
      }
    #expect(frame.line(size.rows - 1) == " \(symbol) \(toast.message)", "from the body's margin")
    expectSnapshot(of: harness, size: frame.size, named: "Root/toast-\(toast.style)")
  }

  @Test("A toast too long for the bottom line wraps to two whole-word lines, opaque over the line above")
  func longToastWraps() async throws {
    let harness = try await homeHarness()
    let message = "Could not load the catalog from https://fun.example/catalog.json"
    harness.toasts.show(.error(message))
    try await harness.settle()
    let size = TerminalSize(columns: 40, rows: 12)
    let frame = harness.frame(size)
    let lines = [frame.line(10), frame.line(11)].map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.joined(separator: " ") == "✗ " + message)
    #expect(frame.line(11).hasPrefix(" https://"))
    let style = frame.cell(at: Point(column: 39, row: 10))?.style
    #expect(style == harness.theme.toast(.error).painted(over: harness.theme.text))
    // At 80 columns it fits on the bottom line alone.
    #expect(harness.frame(.standard).line(23) == " ✗ " + message)
    #expect(harness.frame(.standard).line(22).isEmpty)
  }

  @Test(
    "At 40x12 a catalog error toast drops only the URL between what failed and why, in English and German",
    arguments: [Language.en, .de])
  func catalogErrorToastKeepsItsMeaning(language: Language) async throws {
    let harness = ScreenHarness(strings: Localizer(language: language))
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    let url = "http://127.0.0.1:9/catalog.json"
    let message = harness.strings(AppError.network(url: url, reason: L10n.Reason.refused).text)
    harness.toasts.show(.error(AppError.network(url: url, reason: L10n.Reason.refused).text))
    try await harness.settle()
    let frame = harness.frame(TerminalSize(columns: 40, rows: 12))
    let lines = [frame.line(10), frame.line(11)].map { $0.trimmingCharacters(in: .whitespaces) }
    // The German sentence used to end its verb after the URL, so dropping the URL dropped it too.
    #expect(lines[1] == "… " + harness.strings(L10n.Reason.refused), "the reason shows whole")
    #expect("✗ " + message == lines[0] + " " + url + ": " + lines[1].dropFirst(2), "\(frame.plainText)")
  }

  @Test(
    "With the item form up at 40x12 a long toast keeps to the bottom line (its start, …, its end), so the form's frame stays whole; at 80x24 it shows whole"
  )
  func toastOverSheetKeepsItsFrame() async throws {
    let harness = try await homeHarness()
    let store = try await harness.myItemsStore(items: [])
    harness.present(harness.myItemFormSheet(store: store))
    let small = TerminalSize(columns: 40, rows: 12)
    let before = harness.frame(small).line(10)
    #expect(before.hasPrefix("└") && before.hasSuffix("┘"), "the form reaches down to the line above the bottom one")
    let message = "Could not load the catalog from https://fun.example/catalog.json: connection refused"
    harness.toasts.show(.error(message))
    try await harness.settle()
    let frame = harness.frame(small)
    #expect(frame.line(10) == before, "\(frame.plainText)")
    let bottom = frame.line(11)
    #expect(bottom == " ✗ Could not load … connection refused", "\(frame.plainText)")
    #expect(DisplayWidth.of(bottom) <= 39)
    // At 80x24 the form leaves the line above the bottom one free: the toast wraps onto it,
    // whole (where it breaks depends on the host's name, which a renamed fork changes).
    let standard = harness.frame(.standard)
    let wrapped = [standard.line(22), standard.line(23)].map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(wrapped[0].hasPrefix("✗ Could not load the catalog from "), "\(standard.plainText)")
    #expect(wrapped.joined(separator: " ") == "✗ " + message, "\(standard.plainText)")
  }

  @Test("A toast goes when its time is up and the hints come back")
  func toastExpires() async throws {
    let harness = try await homeHarness()
    harness.toasts.show(.info("Shared SwiftUI"))
    try await harness.settle()
    #expect(harness.frame(.standard).line(23) == " ℹ Shared SwiftUI")
    harness.toasts.dismiss()
    try await harness.advance(by: ToastEvent.displayDuration)
    #expect(harness.frame(.standard).line(23).hasPrefix(" ↑↓ move"))
  }

  @Test(": opens the command line on the bottom line", arguments: TerminalSize.snapshotSizes)
  func commandLine(size: TerminalSize) async throws {
    let harness = try await homeHarness()
    harness.press(.char(":"))
    harness.type("deeplink funapp://tab/search")
    let frame = harness.frame(size)
    #expect(frame.line(size.rows - 1).hasPrefix(" :"))
    #expect(frame.line(size.rows - 1).hasSuffix("search▏"))
    expectSnapshot(of: harness, size: frame.size, named: "Root/command-line")
  }

  @Test(
    "Below 40x12 only a \"too small\" notice shows",
    arguments: [
      TerminalSize(columns: 39, rows: 12), TerminalSize(columns: 40, rows: 11), TerminalSize(columns: 20, rows: 5),
    ]
  )
  func tooSmall(size: TerminalSize) async throws {
    let harness = try await homeHarness()
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("too small"))
    #expect(!frame.plainText.contains("[Home]"))
    expectSnapshot(of: harness, size: frame.size, named: "Root/too-small")
  }

  @Test("A command line wider than the terminal shows its end and the cursor", arguments: ["x", "漢"])
  func longCommandLine(character: String) async throws {
    let harness = try await homeHarness()
    harness.press(.char(":"))
    harness.type(String(repeating: character, count: 60) + "END")
    let size = TerminalSize(columns: 40, rows: 12)
    let bottom = harness.frame(size).line(size.rows - 1)
    #expect(bottom.hasSuffix("END▏"))
    #expect(DisplayWidth.of(bottom) <= size.columns)
  }

  // MARK: Keys

  @Test("A paste is text, never key bindings: pasting \"2q?:\" on a list changes nothing")
  func pasteIsNeverKeyBindings() async throws {
    let harness = try await homeHarness()
    let before = harness.frame(.standard)
    harness.press(.paste("2q?:/x"))
    #expect(!harness.rootView.isQuitRequested)
    #expect(harness.tabBar.selectedTab == .home)
    #expect(harness.rootView.commandLine == nil)
    #expect(harness.frame(.standard) == before)
  }

  @Test("A paste goes whole into the focused search field and into the command line, line breaks as spaces")
  func pasteIntoFields() async throws {
    let harness = ScreenHarness()
    let search = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: search, strings: harness.strings), on: .search)
    try await harness.loadCatalog()
    harness.press(.char("/"))
    harness.press(.paste("swift\nui"))
    #expect(search.field.text == "swift ui")

    harness.press(.escape)
    harness.press(.char(":"))
    harness.press(.paste("tab\t2"))
    #expect(harness.rootView.commandLine == "tab 2")
  }

  @Test("Tab keys ask the navigator's one way to switch tabs: numbers select, the current one too, and Tab steps")
  func tabKeysAskTheNavigator() async throws {
    let harness = try await homeHarness()
    harness.press(.char("2"), .char("1"), .char("1"), .tab, .backTab)
    #expect(
      harness.navigator.tabSwitches == [.select(.search), .select(.home), .select(.home), .selectNext, .selectPrevious])
    #expect(harness.navigator.goBackCount == 0, "going back to the root is the navigator's, not the keys'")
  }

  @Test("Behind the \"too small\" notice only q and Ctrl-C act: tabs, help, the command line and screen keys wait")
  func tooSmallTakesOnlyQuit() async throws {
    let harness = try await homeHarness()
    harness.rootView.terminalSize = TerminalSize(columns: 30, rows: 10)
    for key: Key in [.char("2"), .char("?"), .char(":"), .char("x"), .down, .enter, .tab, .escape, .paste("q")] {
      harness.press(key)
    }
    #expect(harness.tabBar.selectedTab == .home)
    #expect(!harness.rootView.isShowingHelp)
    #expect(harness.rootView.commandLine == nil)
    #expect(harness.navigator.goBackCount == 0)
    #expect(!harness.rootView.isQuitRequested)
    harness.press(.char("q"))
    #expect(harness.rootView.isQuitRequested)
  }

  @Test("1 to 5 select the tab of that number", arguments: zip(Tab.allCases, "12345"))
  func numberKeys(tab: Tab, number: Character) async throws {
    let harness = try await homeHarness()
    harness.press(.char(number))
    #expect(harness.tabBar.selectedTab == tab)
    #expect(harness.frame(.standard).line(0).contains("[\(harness.strings(tab.label))]"))
  }

  @Test("Tab and Shift-Tab step through the tabs, wrapping around")
  func tabKeys() async throws {
    let harness = try await homeHarness()
    harness.press(.tab)
    #expect(harness.tabBar.selectedTab == .search)
    harness.press(.backTab, .backTab)
    #expect(harness.tabBar.selectedTab == harness.tabBar.tabs.last)
    harness.press(.tab)
    #expect(harness.tabBar.selectedTab == .home)
  }

  @Test("? opens help, and the next key that does not scroll it only closes it")
  func helpClosesOnAnyKey() async throws {
    let harness = try await homeHarness()
    harness.press(.char("?"))
    #expect(harness.rootView.isShowingHelp)
    harness.press(.char("3"))
    #expect(!harness.rootView.isShowingHelp)
    #expect(harness.tabBar.selectedTab == .home)
    #expect(!harness.frame(.standard).plainText.contains("Help: Home"))
    harness.press(.char("?"), .escape)
    #expect(!harness.rootView.isShowingHelp)
    #expect(harness.navigator.goBackCount == 0)
  }

  @Test(": opens the command line; Enter runs the line through the closure and closes it")
  func commandLineRuns() async throws {
    let harness = try await homeHarness()
    harness.press(.char(":"))
    #expect(harness.rootView.commandLine == "")
    harness.type("tab 2x")
    harness.press(.backspace)
    #expect(harness.rootView.commandLine == "tab 2")
    #expect(harness.tabBar.selectedTab == .home)
    harness.press(.enter)
    #expect(harness.commands == ["tab 2"])
    #expect(harness.rootView.commandLine == nil)
    #expect(!harness.rootView.isQuitRequested)
  }

  @Test("While the : line covers the toast line new toasts are held; closed, or under help, they are not")
  func commandLineHoldsToasts() async throws {
    let harness = try await homeHarness()
    #expect(!harness.toasts.isHoldingNewToasts)
    harness.press(.char(":"))
    #expect(harness.toasts.isHoldingNewToasts)
    harness.type("tab 2")
    #expect(harness.toasts.isHoldingNewToasts)
    harness.press(.escape)
    #expect(!harness.toasts.isHoldingNewToasts, "Esc closed the line")
    harness.press(.char(":"))
    harness.press(.function(1))
    #expect(harness.rootView.isShowingHelp)
    #expect(!harness.toasts.isHoldingNewToasts, "help's bottom line shows toasts")
    harness.press(.escape)
    #expect(harness.toasts.isHoldingNewToasts)
    harness.press(.enter)
    #expect(!harness.toasts.isHoldingNewToasts, "Enter closed the line")
  }

  @Test("A root view that is not drawn (screen-reader mode) never holds toasts for its : line")
  func undrawnRootViewHoldsNoToasts() async throws {
    let harness = try await homeHarness()
    harness.rootView.isDrawn = false
    harness.press(.char(":"))
    #expect(harness.rootView.commandLine == "")
    #expect(!harness.toasts.isHoldingNewToasts)
  }

  /// The commands of the `:` line in these tests, as the app sets them from its script language.
  private static let usages = [
    "tab <name|1-5>", "type <text>", "key <name>", "select <n|id>", "open [n|id]", "back", "fav [id]", "refresh",
    "sign-in <name>|--guest", "sign-out", "help", "quit",
  ]

  @Test("At 40x12 the line above the : line gives up a long usage's last choices to …, never cutting one")
  func commandUsageFits() async throws {
    let harness = try await homeHarness()
    let toggle = "toggle <carousel|appearance|network-failure|screen-reader>"
    harness.rootView.commandUsages = Self.usages + [toggle]
    harness.press(.char(":"))
    harness.type("toggle ")
    let small = TerminalSize(columns: 40, rows: 12)
    #expect(harness.frame(small).line(10) == " toggle <carousel|appearance|…>")
    #expect(harness.frame(.standard).line(22) == " " + toggle)
  }

  @Test("↑/↓ on the command line walk the lines run before; the cursor keys edit it anywhere")
  func commandLineHistory() async throws {
    let harness = try await homeHarness()
    harness.press(.char(":"))
    harness.type("tab 2")
    harness.press(.enter, .char(":"))
    harness.type("tb 3")
    harness.press(.enter, .char(":"), .up)
    #expect(harness.rootView.commandLine == "tb 3")
    harness.press(.home, .right, .char("a"), .enter)
    harness.press(.char(":"), .up, .up, .up)
    #expect(harness.rootView.commandLine == "tab 2")
    harness.press(.escape)
    #expect(harness.commands == ["tab 2", "tb 3", "tab 3"])
  }

  @Test(
    "Tab on the command line completes a command name; several are listed above the line",
    arguments: TerminalSize.snapshotSizes)
  func commandLineCompletion(size: TerminalSize) async throws {
    let harness = try await homeHarness()
    harness.rootView.commandUsages = Self.usages
    harness.press(.char(":"), .char("s"), .char("i"), .tab)
    let frame = harness.frame(size)
    #expect(frame.line(size.rows - 1).hasPrefix(" :sign-▏"))
    #expect(frame.line(size.rows - 2).hasPrefix(" sign-in  sign-out"))
    expectSnapshot(of: harness, size: frame.size, named: "Root/command-completions")
    harness.press(.char("o"), .tab)
    #expect(harness.rootView.commandLine == "sign-out ")
    #expect(!harness.frame(size).line(size.rows - 2).contains("sign-in"))
  }

  @Test(
    "The command help lists every command; where they do not fit, their names; any key closes it",
    arguments: TerminalSize.snapshotSizes)
  func commandHelp(size: TerminalSize) async throws {
    let harness = try await homeHarness()
    harness.rootView.commandUsages = Self.usages
    harness.rootView.showCommandHelp()
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("┌ Commands ─"))
    for name in ["tab", "type", "select", "refresh", "sign-in", "sign-out", "help", "quit"] {
      #expect(frame.plainText.contains(name))
    }
    expectSnapshot(of: harness, size: frame.size, named: "Root/command-help")
    harness.press(.char("q"))
    #expect(!harness.rootView.isShowingCommandHelp)
    #expect(!harness.rootView.isQuitRequested)
  }

  /// As many commands as the app's script language has, with names as long as its own.
  private static let manyUsages = [
    "tab", "activity", "type", "paste", "key", "click", "wheel", "select", "open", "back", "fav", "refresh",
    "toggle", "deeplink", "wait", "show", "expect", "expect-not", "says", "sign-in", "sign-out", "help", "quit",
  ]

  @Test(
    "The command help scrolls as ? help does where it is taller than the terminal, its last line included; the hints say how to close it",
    arguments: [Language.en, .de], [TerminalSize.standard, TerminalSize(columns: 40, rows: 12)])
  func commandHelpScrolls(language: Language, size: TerminalSize) async throws {
    let strings = Localizer(language: language)
    let harness = ScreenHarness(strings: strings)
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    harness.rootView.terminalSize = size
    harness.rootView.commandUsages = Self.manyUsages
    harness.rootView.showCommandHelp()
    // 40x12 has room for only part of it, so it scrolls and its hints say so; 80x24 for all.
    let scrolls = size.rows == 12
    let hints = strings(scrolls ? L10n.Help.hintsScrolling : L10n.Help.hints)
    #expect(harness.frame(size).line(size.rows - 1) == " " + hints)
    // The note's last word: the end of the text shows, at once or after End.
    let lastWord = try #require(strings(L10n.CommandLine.helpHint).split(separator: " ").last.map(String.init))
    let first = harness.frame(size).plainText
    var last = first
    if scrolls {
      harness.press(.end)
      last = harness.frame(size).plainText
      #expect(harness.rootView.isShowingCommandHelp, "End scrolls, and does not close it")
      #expect(first != last)
      harness.press(.home)
      #expect(harness.frame(size).plainText == first)
    }
    #expect(last.contains(lastWord), "\(last)")
    for name in Self.manyUsages {
      #expect(first.contains(name) || last.contains(name), "\(name)")
    }
    expectSnapshot(of: harness, size: size, named: "Root/command-help-\(language.rawValue)")
    harness.press(.char("x"))
    #expect(!harness.rootView.isShowingCommandHelp)
    #expect(harness.frame(size).line(size.rows - 1) != " " + hints)
  }

  @Test("The command help shows over a sheet, and the key that closes it does not answer the sheet")
  func commandHelpOverASheet() async throws {
    let harness = try await homeHarness()
    harness.rootView.commandUsages = Self.usages
    var confirmations = 0
    harness.present(
      harness.confirmationSheet(title: "Sign out?", message: "Ends the session.", confirmTitle: "Sign out") {
        confirmations += 1
      })
    harness.rootView.showCommandHelp()
    #expect(harness.frame(.standard).plainText.contains("┌ Commands ─"))
    harness.press(.enter)
    #expect(!harness.rootView.isShowingCommandHelp)
    #expect(confirmations == 0)
    #expect(harness.navigator.sheet != nil)
    #expect(harness.frame(.standard).plainText.contains("Sign out?"))
  }

  @Test("Esc closes the command line without running it; ⌫ on an empty line closes it too")
  func commandLineCancels() async throws {
    let harness = try await homeHarness()
    harness.press(.char(":"))
    harness.type("quit")
    harness.press(.escape)
    #expect(harness.rootView.commandLine == nil)
    harness.press(.char(":"), .backspace)
    #expect(harness.rootView.commandLine == nil)
    #expect(harness.commands.isEmpty)
    #expect(harness.navigator.goBackCount == 0)
    #expect(!harness.rootView.isQuitRequested)
  }

  @Test("Esc or Backspace that the screen does not use goes back", arguments: [Key.escape, .backspace])
  func unhandledBackGoesBack(key: Key) async throws {
    let harness = try await homeHarness()
    harness.press(key)
    #expect(harness.navigator.goBackCount == 1)
  }

  @Test("/ switches to Search and focuses its field; printable keys then edit the query")
  func slashFocusesSearch() async throws {
    let harness = ScreenHarness()
    let model = harness.searchViewModel()
    let screen = SearchScreen(viewModel: model, strings: harness.strings)
    harness.show(screen, on: .home)
    harness.press(.char("/"))
    #expect(harness.tabBar.selectedTab == .search)
    #expect(screen.isEditingText)
    harness.type("q1?:/ x")
    #expect(model.field.text == "q1?:/ x")
    #expect(!harness.rootView.isQuitRequested)
    #expect(harness.tabBar.selectedTab == .search)
    #expect(!harness.rootView.isShowingHelp)
    #expect(harness.rootView.commandLine == nil)
  }

  @Test("/ from a detail opened on Search goes back to Search's first screen and focuses its field")
  func slashFromSearchDetail() async throws {
    let harness = ScreenHarness()
    let model = harness.searchViewModel()
    let screen = SearchScreen(viewModel: model, strings: harness.strings)
    let detail = DetailScreen(
      viewModel: harness.detailViewModel(CatalogFixtures.item("swiftui")), strings: harness.strings)
    harness.show(detail, on: .search)
    harness.navigator.rootScreen = screen
    harness.navigator.depth = 1
    harness.press(.char("/"))
    #expect(harness.navigator.depth == 0)
    #expect(screen.isEditingText)
    harness.type("x")
    #expect(model.field.text == "x")
  }

  @Test("Esc leaves the search field instead of going back")
  func escapeLeavesField() async throws {
    let harness = ScreenHarness()
    let screen = SearchScreen(viewModel: harness.searchViewModel(), strings: harness.strings)
    harness.show(screen, on: .search)
    harness.press(.char("/"))
    // A screen under it, so Esc has a way back to take once the field is left.
    harness.navigator.depth = 1
    harness.press(.escape)
    #expect(!screen.isEditingText)
    #expect(harness.navigator.goBackCount == 0)
    harness.press(.escape)
    #expect(harness.navigator.goBackCount == 1)
  }

  @Test("q and Ctrl-C ask the app to quit; Ctrl-C even from a field", arguments: [Key.char("q"), .ctrlC])
  func quitKeys(key: Key) async throws {
    let harness = try await homeHarness()
    #expect(!harness.rootView.isQuitRequested)
    harness.press(key)
    #expect(harness.rootView.isQuitRequested)
  }

  @Test(
    "Ctrl-Z asks to suspend the app wherever it is: a list, a field, the help, the command line, a sheet, the \"too small\" notice; nothing else changes"
  )
  func ctrlZSuspends() async throws {
    let harness = ScreenHarness()
    let search = harness.searchViewModel()
    let screen = SearchScreen(viewModel: search, strings: harness.strings)
    harness.show(screen, on: .search)
    var decoder = KeyDecoder()
    let ctrlZ = decoder.feed([0x1A])
    #expect(ctrlZ == [.ctrl("z")], "raw mode delivers Ctrl-Z as byte 0x1A")

    harness.press(ctrlZ[0])
    #expect(harness.suspensions == 1)
    harness.press(.char("/"), .char("a"), .ctrl("z"))
    #expect(harness.suspensions == 2)
    #expect(screen.isEditingText)
    #expect(search.field.text == "a")
    harness.press(.escape, .char("?"), .ctrl("z"))
    #expect(harness.suspensions == 3)
    #expect(harness.rootView.isShowingHelp)
    harness.press(.escape, .char(":"), .char("w"), .ctrl("z"))
    #expect(harness.suspensions == 4)
    #expect(harness.rootView.commandLine == "w")
    harness.press(.escape)
    var confirmed = false
    let sheet = harness.confirmationSheet(title: "Reset?", message: "x", confirmTitle: "Reset") { confirmed = true }
    harness.present(sheet)
    harness.press(.ctrl("z"))
    #expect(harness.suspensions == 5)
    #expect(harness.navigator.sheet != nil && !confirmed)
    harness.navigator.sheet = nil
    harness.rootView.terminalSize = TerminalSize(columns: 30, rows: 10)
    harness.press(.ctrl("z"))
    #expect(harness.suspensions == 6)
    #expect(!harness.rootView.isQuitRequested)
    #expect(harness.navigator.goBackCount == 0)
  }

  @Test("Alt-q, as a terminal sends it, neither quits nor goes back; it does nothing")
  func altKeysDoNothing() async throws {
    let harness = try await homeHarness()
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("\u{1B}q\u{1B}1".utf8))
    #expect(keys == [.alt("q"), .alt("1")])
    harness.press(keys[0], keys[1])
    #expect(!harness.rootView.isQuitRequested)
    #expect(harness.navigator.goBackCount == 0)
    #expect(harness.tabBar.selectedTab == .home)
  }

  @Test("Ctrl-C quits while the search field has the focus")
  func ctrlCFromField() async throws {
    let harness = ScreenHarness()
    let screen = SearchScreen(viewModel: harness.searchViewModel(), strings: harness.strings)
    harness.show(screen, on: .search)
    harness.press(.char("/"), .ctrlC)
    #expect(harness.rootView.isQuitRequested)
  }
}

@Suite("RootView title line")
@MainActor
struct RootViewTitleLineTests {
  @Test("Without colour only the name is underlined, never the ● and the gap before it")
  func sessionMarkNotUnderlined() async throws {
    let harness = ScreenHarness()
    harness.theme = .noColor
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    harness.navigator.sessionName = "ada"
    let size = TerminalSize.standard
    let frame = harness.frame(size)
    let line = frame.line(1)
    let mark = try #require(line.firstIndex(of: "●")).utf16Offset(in: line)
    #expect(frame.cell(at: Point(column: mark, row: 1))?.style.underline == false)
    #expect(frame.cell(at: Point(column: mark + 1, row: 1))?.style.underline == false)
    #expect(frame.cell(at: Point(column: mark + 2, row: 1))?.style.underline == true)
  }

  @Test("Who is signed in shows at the end of the title line, at 80 and at 40 columns")
  func sessionName() async throws {
    let harness = ScreenHarness()
    harness.show(
      HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home,
      trail: ["Home", "A very long item title that does not fit"])
    harness.navigator.sessionName = "ada"
    for size in TerminalSize.snapshotSizes {
      let line = harness.frame(size).line(1)
      #expect(line.hasSuffix("● ada"), "\(size): \(line)")
      #expect(line.hasPrefix(" Home › "), "\(size): \(line)")
    }
    #expect(harness.frame(TerminalSize(columns: 40, rows: 12)).line(1).contains("…"))
  }

  @Test("A name from outside is sanitised on the title line")
  func sanitised() {
    let harness = ScreenHarness()
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    harness.navigator.sessionName = "x\u{1B}[2Jy"
    #expect(!harness.frame(.standard).line(1).unicodeScalars.contains("\u{1B}"))
  }
}
