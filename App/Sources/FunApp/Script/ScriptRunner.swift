import Foundation
import FunFrontend

/// Script mode: runs commands one a line on a headless terminal and prints each frame as
/// plain text under `--- <line>: <command>`.
///
/// After every command it lets due work finish (``FunApplication/settle(size:)``) before printing.
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
    await application.settle(size: terminal.size)
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
      await application.settle(size: terminal.size)
      // The line may hold escape sequences (a pasted deep link…); stdout may be a terminal.
      output.line("--- \(lineNumber): \(TextSanitizer.sanitize(line.trimmingCharacters(in: .whitespaces)))")
      output.line(currentFrameText())
      if application.isQuitRequested {
        break
      }
    }
    return succeeded
  }

  private func currentFrameText() -> String {
    let canvas = application.frame(size: terminal.size)
    terminal.present(canvas)
    return canvas.plainText
  }
}
