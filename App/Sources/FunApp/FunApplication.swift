import FunCoordinator
import FunCore
import FunFrontend
import FunModel
import FunViewModel

/// The running app, independent of how it is driven: the coordinators and screens built over the
/// app's services, the interpreter of script commands, and the frame.
///
/// Script mode and the interactive `:` command line both go through `execute(_:frameText:)`; keys go
/// through the root view, exactly as a person's would.
@MainActor
public final class FunApplication {
  /// Navigation: the sign-in screen or the signed-in session's tabs.
  let root: RootCoordinator
  /// How time runs, and how the app knows it is idle.
  let time: AppTime
  private let toasts: any ToastService
  /// Whether the mouse is on (not `--no-mouse`): a script's `click` and `wheel` stand for the
  /// terminal's mouse reports, which a terminal sends only then.
  let usesMouse: Bool
  /// How many lines the `:` command line has handed over to run: the screen reader says the
  /// line closed only when Enter or Esc closed it without running one.
  private(set) var commandLinesRun = 0
  /// Reads the `:` line's commands aloud instead of showing them: set, `help` and `:help` call
  /// it rather than open the list, which nobody would see and whose closing would take the
  /// next key. Screen-reader mode sets it, as it sets the root view's `helpReader` for `?`.
  var commandHelpReader: (@MainActor () -> Void)?

  /// Builds the app over the app's `services`, whose clock and tracker are `time`'s; `usesMouse`
  /// is false under `--no-mouse`. With `watchesOutsideChanges` the app shows within a second
  /// of `time`'s clock the favorites and toggles another Fun saves to its state folder (the
  /// flag is handed to `RootCoordinator`, which watches).
  public init(
    services: RootDependencies, time: AppTime, styleSupport: StyleSupport, usesMouse: Bool = true,
    watchesOutsideChanges: Bool = false
  ) {
    toasts = services.toasts
    self.usesMouse = usesMouse
    self.time = time
    root = RootCoordinator(
      services: services, styleSupport: styleSupport, watchesOutsideChanges: watchesOutsideChanges)
    root.rootView.commandUsages = ScriptCommand.usages
  }

  /// The frame and key routing.
  public var rootView: RootView {
    root.rootView
  }

  /// Whether `q`, Ctrl-C or `quit` asked the app to stop.
  var isQuitRequested: Bool {
    rootView.isQuitRequested
  }

  /// Starts loading, opens `session` (else the remembered profile, else the sign-in screen),
  /// and routes `openURL` once someone is signed in and the catalog is there.
  public func start(session: Session? = nil, openURL: String? = nil) {
    root.start(session: session)
    if let openURL {
      open(openURL)
    }
  }

  /// Draws the frame for a terminal of `size`.
  public func frame(size: TerminalSize) -> Canvas {
    rootView.render(size: size)
  }

  /// Returns once the app is idle: every task it started waits on the clock or on input.
  /// - Throws: ``/FunCore/StillBusy`` naming the tasks that did not go idle within the
  ///   watchdog (`--settle-timeout`).
  func settle() async throws(StillBusy) {
    try await time.settle()
  }

  /// Routes `url` in a task of its own, as a notification tap would: a link that arrives
  /// before the catalog has loaded waits for the load (in virtual time, until a later `wait`
  /// lets it finish), and one that arrives while signed out waits for a sign-in. `--open`,
  /// `deeplink` and links handed over by another `fun` (`LinkListener`) all come here.
  func open(_ url: String) {
    let root = root
    time.tasks.start("open link") { await root.open(url) }
  }

  /// Runs the lines typed on the `:` command line (``runCommandLine(_:)``), each in a task of
  /// its own; `finished` runs after each (interactive mode ends the session after a `:quit`).
  func acceptCommandLines(then finished: @escaping @MainActor () -> Void = {}) {
    let tasks = time.tasks
    root.commandHandler = { [weak self] line in
      self?.commandLinesRun += 1
      tasks.start("command line") { [weak self] in
        await self?.runCommandLine(line)
        finished()
      }
    }
  }

  /// Parses and runs one line of the script language, as typed on the `:` command line, so that
  /// every command either works or says why: a failure shows as an error toast, and a command
  /// whose success the screen does not show (`expect`, `wait`, `show`) says so in a toast too.
  func runCommandLine(_ line: String) async {
    do throws(ScriptFailure) {
      let command: ScriptCommand?
      do throws(ScriptCommand.ParseError) {
        command = try ScriptCommand.parse(line)
      } catch {
        throw ScriptFailure(error.text)
      }
      guard let command else { return }
      if case .wait(let duration) = command {
        // Here a wait is time passing for the app, as for any of its tasks: it waits on the
        // clock (in script mode, until the script's own `wait` moves it), never moves it.
        do {
          try await time.clock.sleep(for: duration)
        } catch {
          return
        }
      } else {
        try await execute(command) { frame(size: rootView.terminalSize).plainText }
      }
      if let confirmation = Self.confirmation(of: command) {
        toasts.answer(.success(confirmation))
      }
    } catch {
      // The reason is written to follow script mode's `error: line N:`; alone on the bottom
      // line it starts a sentence.
      toasts.answer(.error(error.text.sentence))
    }
  }

  /// What a toast says after `command` succeeded on the `:` line, when nothing else would.
  private static func confirmation(of command: ScriptCommand) -> LocalizedText? {
    switch command {
    case .expect(let text): L10n.CommandLine.shows(text)
    case .expectNot(let text): L10n.CommandLine.doesNotShow(text)
    case .wait(let duration):
      duration.components.attoseconds == 0
        ? L10n.CommandLine.waitedSeconds(Int(duration.components.seconds))
        : L10n.CommandLine.waited(Int(duration / .milliseconds(1)))
    case .show: L10n.CommandLine.shown
    default: nil
    }
  }

  /// Runs one script command. `frameText` gives the current frame as plain text, for `expect`.
  func execute(
    _ command: ScriptCommand,
    frameText: () -> String
  ) async throws(ScriptFailure) {
    let screen = root.currentScreen
    if let sheet = root.sheet, !command.answersSheets {
      // `type` and `paste` are offered only where they would work.
      throw ScriptFailure(
        sheet.isEditingText
          ? L10n.CommandLine.sheetOpenWithTextField(sheet.title) : L10n.CommandLine.sheetOpen(sheet.title))
    }
    switch command {
    case .tab(let name):
      let tabBar = try session(for: L10n.CommandLine.signInToSwitchTabs).tabBar
      guard let tab = Tab(rawValue: name) ?? tabBar.activity.tab(named: name) else {
        // Numbered as the keys number them: the choices of this activity, not the largest one's.
        let tabs = tabBar.activity.tabs.enumerated().map { "\($0.offset + 1) \($0.element.rawValue)" }
        throw ScriptFailure(
          L10n.CommandLine.noSuchTab(activity: tabBar.activity.name, tab: name, tabs: tabs.joined(separator: ", ")))
      }
      root.switchTabs(.select(tab))
    case .activity(let activity):
      _ = try session(for: L10n.CommandLine.signInToSwitchActivities)
      root.switchTabs(.switchTo(activity))
    case .type(let text):
      try focusTextField(on: screen)
      for character in text {
        rootView.handle(.char(character))
      }
    case .paste(let text):
      try focusTextField(on: screen)
      // As a terminal delivers a bracketed paste: text for a field or the `:` line, never
      // key bindings.
      rootView.handle(.paste(text))
    case .key(let name):
      rootView.handle(Self.key(for: name))
    case .click(let column, let row):
      try mouse(.click, column: column, row: row)
    case .wheel(let up, let column, let row):
      try mouse(up ? .wheelUp : .wheelDown, column: column, row: row)
    case .select(let reference):
      try select(reference, on: screen)
    case .open(let reference):
      if let reference {
        try select(reference, on: screen)
      }
      guard let list = screen.itemList, list.selectedItem != nil else {
        throw ScriptFailure(L10n.CommandLine.nothingToOpen(screen.title))
      }
      list.send(.openSelected)
    case .back:
      if screen.isEditingText {
        rootView.handle(.escape)
      } else if !root.goBack() {
        throw ScriptFailure(L10n.CommandLine.nothingToGoBackFrom(screen.title))
      }
    case .favorite(let id):
      try toggleFavorite(id: id, on: screen, in: try session(for: L10n.CommandLine.signInToKeepFavorites))
    case .refresh:
      // What `r` calls: a screen without it has nothing to refresh, and a silent no-op would
      // read as a refresh that worked.
      guard screen.refresh() else {
        throw ScriptFailure(L10n.CommandLine.nothingToRefresh(screen.title))
      }
    case .toggle(let key):
      // Through the store, as Settings does, so every screen shows it at once.
      root.toggles.toggle(key)
    case .deepLink(let url):
      // A link Fun cannot parse fails here, as any other bad command does; what depends on the
      // session (an item the catalog lacks, a guest's refusal) is known only as it routes, and
      // says so in a toast, as the app does.
      do throws(AppError) {
        _ = try DeepLink(parsing: url)
      } catch {
        throw ScriptFailure(error.text)
      }
      // Not awaited: the settle after each command lets a link that can route now finish
      // before the frame, and one that waits for the catalog goes on waiting.
      open(url)
    case .wait(let duration):
      do throws(StillBusy) {
        try await time.wait(duration)
      } catch {
        throw ScriptFailure(error.description)
      }
    case .show:
      break
    case .expect(let text):
      guard frameText().contains(text) else { throw ScriptFailure(L10n.CommandLine.expectedToContain(text)) }
    case .expectNot(let text):
      guard !frameText().contains(text) else { throw ScriptFailure(L10n.CommandLine.expectedNotToContain(text)) }
    case .says:
      // The script runner checks it against what the reader said; anywhere else nothing was said.
      throw ScriptFailure(L10n.CommandLine.saysNeedsScreenReader)
    case .signIn(let name):
      if let current = root.sessionName {
        throw ScriptFailure(L10n.CommandLine.alreadySignedIn(current))
      }
      guard let name else {
        root.continueAsGuest()
        return
      }
      do throws(AppError) {
        try root.signIn(profileNamed: name)
      } catch {
        throw ScriptFailure(error.text)
      }
    case .signOut:
      guard root.signedIn != nil else { throw ScriptFailure(L10n.CommandLine.nobodySignedIn) }
      // As the Profile tab does: the sheet asks first; `key enter` answers it.
      root.confirmSignOut()
    case .help:
      if let commandHelpReader {
        commandHelpReader()
      } else {
        rootView.showCommandHelp()
      }
    case .quit:
      rootView.requestQuit()
    }
  }

  /// Finds where `type` or `paste` text goes, focusing the screen's field when it has one, or
  /// fails: text with nowhere to go would vanish and the command would seem to have worked.
  private func focusTextField(on screen: any Screen) throws(ScriptFailure) {
    if rootView.commandLine != nil {
      // The `:` line is open: the text goes there, as a person's typing would.
    } else if let sheet = root.sheet {
      guard sheet.isEditingText else { throw ScriptFailure(L10n.CommandLine.sheetHasNoTextField(sheet.title)) }
    } else if !screen.isEditingText, !screen.focusTextField() {
      throw ScriptFailure(L10n.CommandLine.noTextField(screen.title))
    }
  }

  /// A mouse event at a 1-based cell, as the terminal reports one; a cell outside the frame,
  /// or any cell under `--no-mouse`, is an error (a terminal never reports one).
  private func mouse(_ action: MouseEvent.Action, column: Int, row: Int) throws(ScriptFailure) {
    guard usesMouse else { throw ScriptFailure(L10n.CommandLine.mouseOff) }
    let size = rootView.terminalSize
    guard column <= size.columns, row <= size.rows else {
      throw ScriptFailure(L10n.CommandLine.cellOutside(cell: "\(column) \(row)", size: "\(size.columns)x\(size.rows)"))
    }
    rootView.handle(.mouse(MouseEvent(action, at: Point(column: column - 1, row: row - 1))))
  }

  /// The open session, for a command that needs one; `signInFirst` says why it needs it.
  private func session(for signInFirst: LocalizedText) throws(ScriptFailure) -> AppCoordinator {
    guard let flow = root.signedIn else {
      throw ScriptFailure(signInFirst)
    }
    return flow
  }

  private func select(_ reference: ScriptCommand.RowReference, on screen: any Screen) throws(ScriptFailure) {
    guard let list = screen.itemList else {
      throw ScriptFailure(L10n.CommandLine.nothingToSelect(screen.title))
    }
    switch reference {
    case .row(let number):
      guard list.rows.indices.contains(number - 1) else {
        throw ScriptFailure(
          L10n.CommandLine.noSuchRow(row: String(number), screen: screen.title, count: list.rows.count))
      }
      list.send(.select(at: number - 1))
    case .id(let id):
      guard list.select(id: id) else {
        throw ScriptFailure(L10n.CommandLine.notShown(screen: screen.title, id: id))
      }
    }
  }

  private func toggleFavorite(id: String?, on screen: any Screen, in flow: AppCoordinator) throws(ScriptFailure) {
    let target: String
    if let id {
      guard flow.catalog.hasLoaded else {
        throw ScriptFailure(L10n.CommandLine.catalogNotLoaded(id))
      }
      target = id
    } else {
      guard let current = screen.currentItemID else {
        throw ScriptFailure(L10n.CommandLine.noItemSelected(screen.title))
      }
      target = current
    }
    // A saved favorite the catalog lacks is a row on Favorites, which `f` removes there; an id
    // neither has (a Detail page stays open on your item deleted meanwhile) is no item to favorite.
    guard flow.favoritesStore.canToggle(target) else {
      throw ScriptFailure(AppError.itemNotFound(id: target).text)
    }
    flow.favoritesStore.toggle(target)
  }

  private static func key(for name: ScriptCommand.KeyName) -> Key {
    switch name {
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    case .enter: .enter
    case .escape: .escape
    case .backspace: .backspace
    case .delete: .delete
    case .tab: .tab
    case .shiftTab: .backTab
    case .space: .char(" ")
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home: .home
    case .end: .end
    case .character(let character): .char(character)
    case .alt(let character): .alt(character)
    case .function(let number): .function(number)
    case .control(let letter):
      // The letters a terminal sends as keys of their own arrive as those keys.
      switch letter {
      case "c": .ctrlC
      case "h": .backspace
      case "i": .tab
      case "j", "m": .enter
      default: .ctrl(letter)
      }
    }
  }
}
