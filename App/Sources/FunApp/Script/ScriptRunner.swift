import Foundation
import FunCore
import FunFrontend

/// Script mode: runs commands one a line on a headless terminal and prints each frame as
/// plain text under `--- <line>: <command>`.
///
/// After every command it waits until the app is idle (``FunApplication/settle()``) before
/// printing; a command whose work does not go idle within the watchdog fails with
/// `still busy: <tasks>`.
/// A failed or unknown command prints `error: line N: <reason>` on stderr and the run goes on.
@MainActor
public struct ScriptRunner {
  private let application: FunApplication
  private let terminal: HeadlessTerminal
  private let output: ScriptOutput

  /// Creates a runner for `application` drawing on `terminal`.
  public init(application: FunApplication, terminal: HeadlessTerminal, output: ScriptOutput) {
    self.application = application
    self.terminal = terminal
    self.output = output
  }

  /// Runs every line `nextLine` returns until it returns `nil` or a `quit`; returns whether
  /// every command succeeded.
  public func run(lines nextLine: () -> String?) async -> Bool {
    var succeeded = true
    var lineNumber = 0
    // No script command resizes the terminal, so telling the root view its size once is enough.
    application.rootView.terminalSize = terminal.size
    if let stillBusy = await settle() {
      succeeded = false
      output.error("error: start-up: \(stillBusy)")
    }
    while let line = nextLine() {
      lineNumber += 1
      let command: ScriptCommand?
      do throws(ScriptCommand.ParseError) {
        command = try ScriptCommand.parse(line)
      } catch {
        succeeded = false
        output.error("error: line \(lineNumber): \(TextSanitizer.sanitize(error.message))")
        continue
      }
      guard let command else { continue }
      do throws(ScriptFailure) {
        try await application.execute(command) { currentFrameText() }
      } catch {
        succeeded = false
        output.error("error: line \(lineNumber): \(TextSanitizer.sanitize(error.message))")
      }
      if let stillBusy = await settle() {
        succeeded = false
        output.error("error: line \(lineNumber): \(TextSanitizer.sanitize(stillBusy.description))")
      }
      // The line may hold escape sequences (a pasted deep link…); stdout may be a terminal.
      output.line("--- \(lineNumber): \(TextSanitizer.sanitize(line.trimmingCharacters(in: .whitespaces)))")
      output.line(currentFrameText())
      if application.isQuitRequested {
        break
      }
    }
    return succeeded
  }

  /// Waits until the app is idle; the tasks still busy when the watchdog ran out, if any.
  private func settle() async -> StillBusy? {
    do throws(StillBusy) {
      try await application.settle()
      return nil
    } catch {
      return error
    }
  }

  private func currentFrameText() -> String {
    // Only the text is printed: encoding the frame as a terminal would (escape sequences and
    // all) would cost most of a command's time for output nobody reads.
    application.frame(size: terminal.size).plainText
  }
}
