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
}
