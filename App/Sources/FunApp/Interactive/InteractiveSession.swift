import FunFrontend
import Observation

/// Interactive mode: the app full-screen on the real terminal, driven by the keyboard.
///
/// Frames are drawn inside Observation tracking, so whatever a render read — a ViewModel's
/// results, the selected tab, a toast — schedules the next frame when it changes; nothing
/// polls. The renderer writes only the cells that changed. The terminal is restored when the
/// session ends for any reason (`q`, Ctrl-C, end of input); signals and crashes are covered by
/// the terminal's own handlers.
@MainActor
final class InteractiveSession {
  private let application: FunApplication
  private let terminal: TTYTerminal
  private var isDrawScheduled = false

  init(application: FunApplication, terminal: TTYTerminal) {
    self.application = application
    self.terminal = terminal
  }

  /// Runs until the person quits; returns the exit status.
  func run(openURL: String?) async -> Int32 {
    do throws(TerminalError) {
      try terminal.enterFullScreen()
    } catch {
      ScriptOutput.standard.error("fun: \(error)")
      return 1
    }
    defer { terminal.leaveFullScreen() }
    application.coordinator.commandHandler = { [weak self] line in self?.runCommandLine(line) }
    application.start(openURL: openURL)
    draw()
    let resizes = Task { [weak self, terminal] in
      for await _ in terminal.resizes() {
        terminal.invalidate()
        self?.draw()
      }
    }
    defer { resizes.cancel() }
    for await key in InputReader().keys() {
      application.rootView.handle(key)
      if application.isQuitRequested { break }
      draw()
    }
    return 0
  }

  private func draw() {
    isDrawScheduled = false
    let size = terminal.size
    let canvas = withObservationTracking {
      application.frame(size: size)
    } onChange: { [weak self] in
      Task { @MainActor in self?.scheduleDraw() }
    }
    terminal.present(canvas)
  }

  private func scheduleDraw() {
    guard !isDrawScheduled else { return }
    isDrawScheduled = true
    Task { @MainActor [weak self] in self?.draw() }
  }

  private func runCommandLine(_ line: String) {
    Task {
      do throws(ScriptFailure) {
        try await application.run(commandLine: line) { application.frame(size: terminal.size).plainText }
      } catch {
        application.showError(error.message)
      }
      draw()
    }
  }
}
