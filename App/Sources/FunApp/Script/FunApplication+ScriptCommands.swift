import FunCoordinator
import FunCore
import FunFrontend
import FunModel

/// What each script command does: `execute(_:frameText:)` hands every command to a function of
/// its own. What a command is written as (its name, usage and argument) is its row of
/// `ScriptCommand.definitions`.
extension FunApplication {
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
    case .tab(let name): try switchTab(named: name)
    case .activity(let activity): try switchActivity(to: activity)
    case .type(let text): try type(text, on: screen)
    case .paste(let text): try paste(text, on: screen)
    case .key(let name): rootView.handle(Self.key(for: name))
    case .click(let column, let row): try mouse(.click, column: column, row: row)
    case .wheel(let up, let column, let row): try mouse(up ? .wheelUp : .wheelDown, column: column, row: row)
    case .select(let reference): try select(reference, on: screen)
    case .open(let reference): try open(reference, on: screen)
    case .back: try goBack(from: screen)
    case .favorite(let id):
      try toggleFavorite(id: id, on: screen, in: try session(for: L10n.CommandLine.signInToKeepFavorites))
    case .refresh: try refresh(screen)
    // Through the store, as Settings does, so every screen shows it at once.
    case .toggle(let key): root.toggles.toggle(key)
    case .deepLink(let url): try openDeepLink(url)
    case .wait(let duration): try await wait(duration)
    case .show: break
    case .expect(let text): try expect(frameText(), contains: text)
    case .expectNot(let text): try expect(frameText(), lacks: text)
    // The script runner checks it against what the reader said; anywhere else nothing was said.
    case .says: throw ScriptFailure(L10n.CommandLine.saysNeedsScreenReader)
    case .signIn(let name): try signIn(profileNamed: name)
    case .signOut: try signOut()
    case .help: showCommandHelp()
    case .quit: rootView.requestQuit()
    }
  }

  private func switchTab(named name: String) throws(ScriptFailure) {
    let tabBar = try session(for: L10n.CommandLine.signInToSwitchTabs).tabBar
    guard let tab = Tab(rawValue: name) ?? tabBar.activity.tab(named: name) else {
      // Numbered as the keys number them: the choices of this activity, not the largest one's.
      let tabs = tabBar.activity.tabs.enumerated().map { "\($0.offset + 1) \($0.element.rawValue)" }
      throw ScriptFailure(
        L10n.CommandLine.noSuchTab(activity: tabBar.activity.name, tab: name, tabs: tabs.joined(separator: ", ")))
    }
    root.switchTabs(.select(tab))
  }

  private func switchActivity(to activity: Activity) throws(ScriptFailure) {
    _ = try session(for: L10n.CommandLine.signInToSwitchActivities)
    root.switchTabs(.switchTo(activity))
  }

  private func type(_ text: String, on screen: any Screen) throws(ScriptFailure) {
    try focusTextField(on: screen)
    for character in text {
      rootView.handle(.char(character))
    }
  }

  private func paste(_ text: String, on screen: any Screen) throws(ScriptFailure) {
    try focusTextField(on: screen)
    // As a terminal delivers a bracketed paste: text for a field or the `:` line, never
    // key bindings.
    rootView.handle(.paste(text))
  }

  private func open(_ reference: ScriptCommand.RowReference?, on screen: any Screen) throws(ScriptFailure) {
    if let reference {
      try select(reference, on: screen)
    }
    guard let list = screen.itemList, list.selectedItem != nil else {
      throw ScriptFailure(L10n.CommandLine.nothingToOpen(screen.title))
    }
    list.send(.openSelected)
  }

  private func goBack(from screen: any Screen) throws(ScriptFailure) {
    if screen.isEditingText {
      rootView.handle(.escape)
    } else if !root.goBack() {
      throw ScriptFailure(L10n.CommandLine.nothingToGoBackFrom(screen.title))
    }
  }

  private func refresh(_ screen: any Screen) throws(ScriptFailure) {
    // What `r` calls: a screen without it has nothing to refresh, and a silent no-op would
    // read as a refresh that worked.
    guard screen.refresh() else {
      throw ScriptFailure(L10n.CommandLine.nothingToRefresh(screen.title))
    }
  }

  private func openDeepLink(_ url: String) throws(ScriptFailure) {
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
  }

  private func wait(_ duration: Duration) async throws(ScriptFailure) {
    do throws(StillBusy) {
      try await time.wait(duration)
    } catch {
      throw ScriptFailure(error.description)
    }
  }

  private func expect(_ frame: String, contains text: String) throws(ScriptFailure) {
    guard frame.contains(text) else { throw ScriptFailure(L10n.CommandLine.expectedToContain(text)) }
  }

  private func expect(_ frame: String, lacks text: String) throws(ScriptFailure) {
    guard !frame.contains(text) else { throw ScriptFailure(L10n.CommandLine.expectedNotToContain(text)) }
  }

  /// Signs in to the profile `name`, or as a guest when it is `nil`.
  private func signIn(profileNamed name: String?) throws(ScriptFailure) {
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
  }

  private func signOut() throws(ScriptFailure) {
    guard root.signedIn != nil else { throw ScriptFailure(L10n.CommandLine.nobodySignedIn) }
    // As the Profile tab does: the sheet asks first; `key enter` answers it.
    root.confirmSignOut()
  }

  private func showCommandHelp() {
    if let commandHelpReader {
      commandHelpReader()
    } else {
      rootView.showCommandHelp()
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
