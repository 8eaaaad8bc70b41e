import Foundation
import FunModelTestSupport

@testable import FunApp
@testable import FunCore

/// One in-process run of `fun` through ``/FunApp/FunMain/run(arguments:environment:output:)``,
/// with everything it printed.
struct FunRun {
  /// One frame of script mode: the `--- N: command` header and the plain-text frame under it.
  struct Frame {
    /// The script line number from the header.
    let lineNumber: Int
    /// The command as the header shows it.
    let command: String
    /// The frame's rows.
    let lines: [String]

    /// The whole frame.
    var text: String {
      lines.joined(separator: "\n")
    }

    /// The text of the bottom row, where toasts show, after the one-column margin every line
    /// starts with.
    var bottomLine: String {
      String((lines.last ?? "").dropFirst())
    }

    /// The row that starts with `>`, the selected one, if any.
    var selectedRow: String? {
      lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(">") }
    }
  }

  /// The exit status.
  let status: Int32
  /// Every stdout line.
  let output: [String]
  /// Every stderr line.
  let errors: [String]

  /// The frames printed, in order.
  var frames: [Frame] {
    var frames: [Frame] = []
    var header: (lineNumber: Int, command: String)?
    var lines: [String] = []
    func finish() {
      if let header {
        frames.append(Frame(lineNumber: header.lineNumber, command: header.command, lines: lines))
      }
      lines = []
    }
    for line in output {
      if let parsed = Self.header(line) {
        finish()
        header = parsed
      } else {
        lines.append(line)
      }
    }
    finish()
    return frames
  }

  /// The frame printed for script line `lineNumber`.
  func frame(line lineNumber: Int) -> Frame? {
    frames.first { $0.lineNumber == lineNumber }
  }

  /// The last frame printed.
  var lastFrame: Frame? {
    frames.last
  }

  private static func header(_ line: String) -> (lineNumber: Int, command: String)? {
    guard line.hasPrefix("--- "), let colon = line.firstIndex(of: ":"),
      let number = Int(line[line.index(line.startIndex, offsetBy: 4)..<colon])
    else { return nil }
    return (number, String(line[line.index(after: colon)...].dropFirst()))
  }

  /// The watchdog every in-process run gets unless it names its own: in-process runs share the
  /// main actor with every other suite, and a busy neighbour can keep a settle (start-up's
  /// first of all, while every suite starts at once) waiting for its turns far longer than the
  /// 5 s a person's script gets. It turns a hang into a failure; it measures nothing.
  static let inProcessSettleTimeout = ["--settle-timeout", "120"]

  /// Runs `fun` with `arguments`, collecting stdout and stderr line by line; `streams` plays
  /// stdin and stdout (the test process's own unless given).
  static func run(
    _ arguments: [String], environment: [String: String] = [:], streams: StandardStreams = .current
  ) async -> FunRun {
    let recorder = OutputRecorder()
    let arguments = arguments.contains("--settle-timeout") ? arguments : inProcessSettleTimeout + arguments
    let status = await FunMain.run(
      arguments: arguments, environment: environment, output: recorder.output, streams: streams)
    return FunRun(status: status, output: recorder.standardOutput, errors: recorder.standardError)
  }

  /// The profile ``script(_:in:arguments:session:)`` signs in to unless told otherwise.
  static let profile = "tester"

  /// Writes `script` to a file in `directory` and runs it with `--script FILE --state-dir
  /// <directory>/state`, `session` (by default `--profile tester`, so the script starts on the
  /// tabs; `[]` starts on the sign-in screen of a fresh state) and `arguments`.
  static func script(
    _ script: String,
    in directory: TemporaryDirectory,
    arguments: [String] = [],
    session: [String] = ["--profile", profile]
  ) async throws -> FunRun {
    let path = try directory.write(script, to: "script-\(UUID().uuidString).fun")
    return await run(["--script", path, "--state-dir", directory.path("state")] + session + arguments)
  }
}

/// Collects what a run prints; each `line` call may hold several lines (a frame).
private final class OutputRecorder: Sendable {
  private let lines = Locked<(out: [String], error: [String])>(([], []))

  var output: ScriptOutput {
    ScriptOutput(
      out: { [self] text in lines.withLock { $0.out += Self.split(text) } },
      error: { [self] text in lines.withLock { $0.error += Self.split(text) } }
    )
  }

  var standardOutput: [String] {
    lines.withLock { $0.out }
  }

  var standardError: [String] {
    lines.withLock { $0.error }
  }

  private static func split(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
