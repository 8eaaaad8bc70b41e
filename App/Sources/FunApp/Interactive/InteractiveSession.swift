import FunCore
import FunFrontend
import FunLinkHandoff
import FunModel
import Observation

/// Interactive mode: the app full-screen on the real terminal, driven by the keyboard.
///
/// Frames are drawn inside Observation tracking, so whatever a render read — a ViewModel's
/// results, the selected tab, a toast — schedules the next frame when it changes; nothing
/// polls. The renderer writes only the cells that changed. The terminal is restored when the
/// session ends for any reason (`q`, Ctrl-C, end of input); signals and crashes are covered by
/// the terminal's own handlers. Ctrl-Z suspends the session (``TTYTerminal/suspend()``); when
/// the shell continues it, the terminal reports a resize and the whole screen is drawn again.
@MainActor
final class InteractiveSession {
  private let application: FunApplication
  private let terminal: TTYTerminal
  private let logFilePath: String
  private let linkSocket: String?
  private let logger: any LoggerService
  /// Where a terminal that cannot be entered is reported: the output `FunMain.run` was given.
  private let output: ScriptOutput
  /// Screen-reader mode: lines said instead of frames drawn (the terminal then addresses no
  /// cursor: raw keys, plain output).
  private let spoken: SpokenView?
  private var isDrawScheduled = false
  private var ending: CheckedContinuation<Void, Never>?

  /// Creates a session; while it runs, stderr goes to `logFilePath`, and links handed over by
  /// `fun --open` are taken on the socket at `linkSocket` (none when `nil`).
  init(
    application: FunApplication,
    terminal: TTYTerminal,
    logFilePath: String,
    linkSocket: String?,
    logger: any LoggerService,
    output: ScriptOutput,
    spoken: SpokenView?
  ) {
    self.spoken = spoken
    self.application = application
    self.terminal = terminal
    self.logFilePath = logFilePath
    self.linkSocket = linkSocket
    self.logger = logger
    self.output = output
  }

  /// Runs until the person quits; returns the exit status.
  func run(session: Session?, openURL: String?) async -> Int32 {
    do throws(TerminalError) {
      try terminal.enterFullScreen()
    } catch {
      output.error("fun: \(error)")
      return 1
    }
    let redirection = StandardErrorRedirection(toFileAt: logFilePath)
    defer {
      terminal.leaveFullScreen()
      redirection.restore()
    }
    // Before the first frame, so that once a frame shows, the socket is listening (or the log
    // says why not); stopped, and its file removed, whenever `run` returns. A signal that ends
    // the process removes the file in the terminal's signal handler (SignalExitCleanup); after
    // SIGKILL the next start finds the socket stale and replaces it.
    let listener = startListening()
    defer { listener?.stop() }
    application.acceptCommandLines { [weak self] in self?.commandLineFinished() }
    application.root.suspendHandler = { [terminal] in terminal.suspend() }
    application.rootView.terminalSize = terminal.size
    application.start(session: session, openURL: openURL)
    draw()
    let tasks = application.time.tasks
    let resizes = tasks.start("terminal resizes") { [weak self, terminal] in
      for await _ in terminal.resizes() {
        terminal.invalidate()
        self?.application.rootView.terminalSize = terminal.size
        self?.draw()
      }
    }
    defer { resizes.cancel() }
    let input = tasks.start("keyboard input") { [weak self] in
      var reads = InputReader().keys().makeAsyncIterator()
      // Every key of one read is handled before the next frame is drawn: a paste or fast
      // typing shows in one frame. Waiting for a key is waiting for outside input, a parking
      // point: only a key can end it.
      readLoop: while let keys = await TaskTracker.park(until: { false }, { await reads.next(isolation: #isolation) }) {
        guard let self else { return }
        for key in keys {
          // Under `--no-mouse` a report that arrives anyway (a terminal another program left
          // in mouse mode) is dropped: the mouse is off, not half on.
          if case .mouse = key, !application.usesMouse { continue }
          application.rootView.handle(key)
          if application.isQuitRequested { break readLoop }
        }
        draw()
      }
      self?.finish()
    }
    // Ends on `q`/Ctrl-C, at end of input, or when a `:quit` command asks (see finish()): always
    // from the read loop's task or the command's, never at once.
    await withContinuationResumedElsewhere { continuation in
      ending = continuation
    }
    input.cancel()
    // A change made just before quitting is still being saved (off the main actor): keep it.
    await application.root.finishSaving()
    return 0
  }

  /// Listens for links from `fun --open`; `nil` (and a log line saying why) when it cannot.
  private func startListening() -> LinkListener? {
    guard let linkSocket else { return nil }
    do throws(LinkListener.NotListening) {
      return try LinkListener.start(
        socketPath: linkSocket, sanitize: TextSanitizer.sanitize, tasks: application.time.tasks, logger: logger
      ) { [weak application] url in
        application?.open(url)
      }
    } catch {
      if case .anotherInstance = error {
        logger.info("not listening for links: \(error)", category: "links")
      } else {
        logger.warning("not listening for links: \(error)", category: "links")
      }
      return nil
    }
  }

  /// Ends ``run(session:openURL:)``; safe to call more than once.
  private func finish() {
    ending?.resume()
    ending = nil
  }

  private func draw() {
    isDrawScheduled = false
    if let spoken {
      let lines = withObservationTracking {
        spoken.take()
      } onChange: { [weak self] in
        self?.application.time.tasks.start("speak") { self?.scheduleDraw() }
      }
      terminal.append(lines: lines)
      return
    }
    let size = terminal.size
    let canvas = withObservationTracking {
      application.frame(size: size)
    } onChange: { [weak self] in
      // Observation reports the change before it is made, from whichever thread made it: the
      // frame is drawn from the main actor afterwards.
      self?.application.time.tasks.start("draw") { self?.scheduleDraw() }
    }
    terminal.present(canvas)
  }

  private func scheduleDraw() {
    guard !isDrawScheduled else { return }
    isDrawScheduled = true
    application.time.tasks.start("draw") { [weak self] in self?.draw() }
  }

  /// After a `:` line ran: a `:quit` ends the session (the input loop only looks after keys);
  /// anything else shows.
  private func commandLineFinished() {
    if application.isQuitRequested {
      finish()
    } else {
      draw()
    }
  }
}
