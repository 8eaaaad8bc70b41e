import Foundation
import FunCore
import FunFrontend
import Observation

/// Script mode: runs commands one a line on a headless terminal and prints each frame as
/// plain text under `--- <line>: <command>`.
///
/// After every command it waits until the app is idle (`FunApplication.settle()`) before
/// printing; a command whose work does not go idle within the watchdog fails with
/// `still busy: <tasks>`.
/// A failed or unknown command prints `error: line N: <reason>` on stderr and the run goes on.
///
/// A frame is drawn again only when Observation reports a change to something the last one
/// read, as the interactive app redraws; most commands of a long script (a `wait`, a key that
/// does nothing) print the frame before them without drawing it.
@MainActor
public struct ScriptRunner {
  /// Which frames the runner prints (`--frames`).
  enum Frames: String, Equatable, Sendable {
    /// A `--- N: command` header and the frame after every command.
    case all
    /// The header after every command; the frame only when it differs from the last one
    /// printed.
    case changed
    /// Only `show` and a failed `expect`/`expect-not` print their header and frame, so a long
    /// flow prints what it asked to see and what went wrong.
    case none
  }

  private let application: FunApplication
  private let terminal: HeadlessTerminal
  private let output: ScriptOutput
  private let frames: Frames
  private let frame: ObservedFrame
  /// Screen-reader mode: what the reader says after each command is printed instead of the
  /// frame, and `expect`/`says` check it.
  private let spoken: SpokenView?

  /// Creates a runner for `application` drawing on `terminal` and printing every frame to
  /// `output`, as `fun --script` does by default.
  public init(application: FunApplication, terminal: HeadlessTerminal, output: ScriptOutput) {
    self.init(application: application, terminal: terminal, output: output, frames: .all)
  }

  /// Creates a runner that prints `frames` (`--frames`).
  init(
    application: FunApplication, terminal: HeadlessTerminal, output: ScriptOutput, frames: Frames = .all,
    spoken: SpokenView? = nil
  ) {
    self.spoken = spoken
    self.application = application
    self.terminal = terminal
    self.output = output
    self.frames = frames
    frame = ObservedFrame(application: application, size: terminal.size)
  }

  /// Runs every line `nextLine` returns until it returns `nil` or a `quit`; returns whether
  /// every command succeeded.
  public func run(lines nextLine: () -> String?) async -> Bool {
    var succeeded = true
    var lineNumber = 0
    var lastPrinted: String?
    // No script command resizes the terminal, so telling the root view its size once is enough.
    application.rootView.terminalSize = terminal.size
    // A script drives the `:` line with keys, as a person does (`key :`, `type help`, `key enter`).
    application.acceptCommandLines()
    if let stillBusy = await settle() {
      succeeded = false
      output.error("error: start-up: \(stillBusy)")
    }
    var transcript = Transcript()
    if let spoken {
      transcript = Transcript(spoken.take())
      transcript.lines.forEach(output.line)
    }
    while var line = nextLine() {
      lineNumber += 1
      // A byte-order mark opens scripts some editors save: it is no part of the first command.
      if lineNumber == 1, line.unicodeScalars.first == "\u{FEFF}" {
        line = String(line.unicodeScalars.dropFirst())
      }
      let command: ScriptCommand?
      do throws(ScriptCommand.ParseError) {
        command = try ScriptCommand.parse(line)
      } catch {
        succeeded = false
        output.error("error: line \(lineNumber): \(error.message)")
        continue
      }
      guard let command else { continue }
      var failed = false
      if spoken != nil, let unchecked = transcript.unchecked(before: command) {
        failed = true
        output.error("error: line \(lineNumber): \(unchecked.message)")
      }
      do throws(ScriptFailure) {
        if spoken != nil, case .says(let line) = command {
          try transcript.says(line)
        } else {
          try await application.execute(command) { spoken == nil ? currentFrameText() : transcript.text }
        }
      } catch {
        failed = true
        output.error("error: line \(lineNumber): \(error.message)")
      }
      if let stillBusy = await settle() {
        failed = true
        output.error("error: line \(lineNumber): \(stillBusy.description)")
      }
      succeeded = succeeded && !failed
      // The line may hold escape sequences (a pasted deep link…): ScriptOutput sanitises it.
      let header = "--- \(lineNumber): \(line.trimmingCharacters(in: .whitespacesAndNewlines))"
      if let spoken {
        // What the command made the reader say is its output, and what the next checks read.
        output.line(header)
        if !command.isExpectation {
          transcript = Transcript(spoken.take())
          transcript.lines.forEach(output.line)
        }
        if application.isQuitRequested { break }
        continue
      }
      let text = currentFrameText()
      // What the script asked to see, and the frame a failed check read, print whatever the
      // frames option leaves out.
      let isAskedFor = command == .show || (failed && command.isExpectation)
      let printsFrame =
        switch frames {
        case .all: true
        case .changed: isAskedFor || text != lastPrinted
        case .none: isAskedFor
        }
      if frames != .none || printsFrame {
        output.line(header)
      }
      if printsFrame {
        output.line(text)
        lastPrinted = text
      }
      if application.isQuitRequested {
        break
      }
    }
    if spoken != nil, let unchecked = transcript.unchecked(before: nil) {
      succeeded = false
      output.error("error: end of script: \(unchecked.message)")
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
    frame.text()
  }
}

/// The text of the app's frame, drawn again only after Observation reports a change to state
/// the last drawing read.
///
/// Only the text is kept: encoding the frame as a terminal would (escape sequences and all)
/// would cost most of a command's time for output nobody reads.
@MainActor
private final class ObservedFrame {
  private let application: FunApplication
  private let size: TerminalSize
  private var drawn: (text: String, changed: Flag)?

  init(application: FunApplication, size: TerminalSize) {
    self.application = application
    self.size = size
  }

  func text() -> String {
    if let drawn, !drawn.changed.isSet {
      return drawn.text
    }
    // Observation may report a change from any thread; the flag is read here, on the main actor.
    let changed = Flag()
    let canvas = withObservationTracking {
      application.frame(size: size)
    } onChange: {
      changed.set()
    }
    let text = canvas.plainText
    drawn = (text, changed)
    return text
  }
}
