import FunCoordinator
import FunCore
import FunFrontend
import FunModel
import FunViewModel
import Observation
import Synchronization

/// The running app, independent of how it is driven: the coordinators and screens built from a
/// locator, the interpreter of script commands, and the frame.
///
/// Script mode and the interactive `:` command line both go through ``execute(_:)``; keys go
/// through the root view, exactly as a person's would.
@MainActor
public final class FunApplication {
  /// Navigation and every screen.
  public let coordinator: AppCoordinator
  private let dependencies: AppDependencies

  /// Builds the app from the services in `locator`.
  public init(locator: ServiceLocator, styleSupport: StyleSupport) {
    let dependencies = ServiceLocator.$current.withValue(locator) { AppDependencies() }
    self.dependencies = dependencies
    coordinator = AppCoordinator(dependencies: dependencies, styleSupport: styleSupport)
  }

  /// The frame and key routing.
  public var rootView: RootView {
    coordinator.rootView
  }

  /// Whether `q`, Ctrl-C or `quit` asked the app to stop.
  public var isQuitRequested: Bool {
    rootView.isQuitRequested
  }

  /// Starts loading, and routes `openURL` once the catalog is there.
  public func start(openURL: String? = nil) {
    coordinator.start()
    if let openURL {
      Task { await coordinator.open(openURL) }
    }
  }

  /// Draws the frame for a terminal of `size`.
  public func frame(size: TerminalSize) -> Canvas {
    rootView.render(size: size)
  }

  /// How many yields in a row must pass with nothing on screen changing before ``settle(size:)``
  /// ends. The longest run of hops with nothing visible changing that the flows need is 3 (a
  /// deep link: its task starts, starts the routing task, which routes). The main actor does
  /// not hand out turns strictly in order (a task yielding in a loop sometimes runs twice
  /// before another gets its turn), so this leaves a wide margin: more than five times that.
  public static let quietYields = 16

  /// The most yields one ``settle(size:)`` spends watching the frame, so that work that
  /// keeps changing it without end cannot hang a script. Waiting for real requests does not
  /// count: each ends by itself, at the latest at its timeout.
  public static let maximumSettleYields = 4096

  /// Lets the work that is due finish: woken tasks run, streams deliver, and real I/O (an
  /// http catalog) completes. Virtual-time work that is not yet due stays asleep.
  ///
  /// It watches the frame for a terminal of `size` with Observation and yields until
  /// ``quietYields`` yields in a row change nothing it shows; then it wakes virtual-time work
  /// that is due and waits for real requests to end, and watches again if there was any. It
  /// gives up watching after ``maximumSettleYields`` yields. A fixed number of yields would
  /// have to allow for the longest chain of work anywhere; on Linux a main-actor yield costs
  /// microseconds, so waiting only while things change keeps a script command (and start-up)
  /// in the sub-millisecond range.
  public func settle(size: TerminalSize) async {
    var yields = 0
    while yields < Self.maximumSettleYields {
      let changed = ChangeFlag()
      withObservationTracking {
        _ = frame(size: size)
      } onChange: {
        changed.set()
      }
      var quiet = 0
      // At least one yield a round, so a change reported from another thread at once cannot
      // spin this loop without letting anything run.
      repeat {
        await Task.yieldToQueuedWork()
        quiet += 1
        yields += 1
      } while quiet < Self.quietYields && !changed.isSet
      if changed.isSet { continue }
      if let clock = dependencies.clock as? ManualClock, await clock.run() { continue }
      if dependencies.network.requestsInFlight > 0 {
        while dependencies.network.requestsInFlight > 0 {
          try? await ContinuousClock().sleep(for: .milliseconds(2))
        }
        continue
      }
      return
    }
  }

  /// Parses and runs one line of the script language, as the `:` command line does; blank
  /// lines and comments do nothing.
  public func run(commandLine line: String, frameText: () -> String) async throws(ScriptFailure) {
    let command: ScriptCommand?
    do throws(ScriptCommand.ParseError) {
      command = try ScriptCommand.parse(line)
    } catch {
      throw ScriptFailure(error.message)
    }
    if let command {
      try await execute(command, frameText: frameText)
    }
  }

  /// Shows an error toast.
  public func showError(_ message: String) {
    dependencies.toasts.show(.error(message))
  }

  /// Runs one script command. `frameText` gives the current frame as plain text, for `expect`.
  public func execute(
    _ command: ScriptCommand,
    frameText: () -> String
  ) async throws(ScriptFailure) {
    let screen = coordinator.currentScreen
    switch command {
    case .tab(let tab):
      coordinator.tabBar.select(tab)
    case .type(let text):
      if !screen.isEditingText, !screen.focusTextField() {
        throw ScriptFailure("no text field on \(screen.title)")
      }
      for character in text {
        rootView.handle(.char(character))
      }
    case .key(let name):
      rootView.handle(Self.key(for: name))
    case .select(let reference):
      try select(reference, on: screen)
    case .open(let reference):
      if let reference {
        try select(reference, on: screen)
      }
      guard let list = screen.itemList, list.selectedItem != nil else {
        throw ScriptFailure("nothing to open on \(screen.title)")
      }
      list.openSelected()
    case .back:
      if screen.isEditingText {
        rootView.handle(.escape)
      } else if !coordinator.goBack() {
        throw ScriptFailure("nothing to go back from on \(screen.title)")
      }
    case .favorite(let id):
      try toggleFavorite(id: id, on: screen)
    case .refresh:
      screen.refresh()
    case .toggle(let key):
      dependencies.featureToggles.toggle(key)
    case .deepLink(let url):
      // Not awaited: a link that arrives before the catalog has loaded waits for the load, and
      // in virtual time the load finishes only when a later `wait` advances the clock. The
      // settle after each command lets a link that can route now finish before the frame.
      Task { await coordinator.open(url) }
    case .wait(let duration):
      if let clock = dependencies.clock as? ManualClock {
        await clock.advance(by: duration)
      } else {
        try? await dependencies.clock.sleep(for: duration)
      }
    case .show:
      break
    case .expect(let text):
      guard frameText().contains(text) else { throw ScriptFailure("expected the frame to contain \"\(text)\"") }
    case .expectNot(let text):
      guard !frameText().contains(text) else { throw ScriptFailure("expected the frame not to contain \"\(text)\"") }
    case .quit:
      rootView.requestQuit()
    }
  }

  private func select(_ reference: ScriptCommand.RowReference, on screen: any Screen) throws(ScriptFailure) {
    guard let list = screen.itemList else {
      throw ScriptFailure("nothing to select on \(screen.title)")
    }
    switch reference {
    case .row(let number):
      guard list.listItems.indices.contains(number - 1) else {
        throw ScriptFailure("row \(number) does not exist: \(screen.title) shows \(list.listItems.count) rows")
      }
      list.select(at: number - 1)
    case .id(let id):
      guard list.select(id: id) else {
        throw ScriptFailure("\(screen.title) does not show \"\(id)\"")
      }
    }
  }

  private func toggleFavorite(id: String?, on screen: any Screen) throws(ScriptFailure) {
    let target: String
    if let id {
      guard coordinator.catalog.hasLoaded else {
        throw ScriptFailure("the catalog has not loaded yet, so \"\(id)\" cannot be checked: `wait` for it first")
      }
      guard coordinator.catalog.item(withID: id) != nil else {
        throw ScriptFailure(AppError.itemNotFound(id: id).message)
      }
      target = id
    } else {
      guard let current = screen.currentItemID else {
        throw ScriptFailure("no item selected on \(screen.title)")
      }
      target = current
    }
    dependencies.favorites.toggle(target)
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
    case .tab: .tab
    case .space: .char(" ")
    case .character(let character): .char(character)
    }
  }
}

/// Set once, from whichever thread an Observation change arrives on.
private final class ChangeFlag: Sendable {
  private let value = Atomic(false)

  var isSet: Bool {
    value.load(ordering: .acquiring)
  }

  func set() {
    value.store(true, ordering: .releasing)
  }
}
