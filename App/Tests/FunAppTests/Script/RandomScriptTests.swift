import Foundation
import FunCore
import FunModelTestSupport
import Synchronization
import Testing

@testable import FunApp

/// 10 000 random script lines in one script-mode run, in process through `FunMain.run`: valid
/// commands, damaged ones, keys, deep links, waits, sign-ins and sign-outs, comments and noise. Replay a failure with
/// `FUN_PROPERTY_SEED=<seed> swift test --filter RandomScriptTests`.
@Suite("Random scripts")
struct RandomScriptTests {
  /// What a run printed, kept small: the line numbers of the frames and errors, and any frame
  /// line that is not plain text.
  private final class Recorder: Sendable {
    struct Log {
      var frameLines: [Int] = []
      var errorLines: [Int] = []
      var badErrors: [String] = []
      var controlLines: [String] = []
    }

    let log = Locked(Log())

    /// A C0 control other than the newline between frame rows, DEL or a C1 control.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
    }

    var output: ScriptOutput {
      ScriptOutput(
        out: { [self] text in
          log.withLock { log in
            if text.hasPrefix("--- "), let number = Int(text.dropFirst(4).prefix { $0 != ":" }) {
              log.frameLines.append(number)
            }
            if text.unicodeScalars.contains(where: Self.isControl) {
              log.controlLines.append(text)
            }
          }
        },
        error: { [self] text in
          log.withLock { log in
            let number = text.hasPrefix("error: line ") ? Int(text.dropFirst(12).prefix { $0 != ":" }) : nil
            if let number {
              log.errorLines.append(number)
            } else {
              log.badErrors.append(text)
            }
          }
        }
      )
    }
  }

  @Test("10 000 random lines run to the end without a crash; each command prints its frame, each bad line its error")
  func randomLinesNeverCrash() async throws {
    let property = Property(seed: 0x5C1_0003)
    var generator = SplitMix64(seed: property.seed)
    var lines: [String] = ["sign-in random", "wait 1s"]
    while lines.count < 10_000 {
      var line = generator.scriptLine()
      // One line per line (the script reader splits at newlines), and no `quit` before the end.
      line.unicodeScalars.removeAll { $0 == "\n" || $0 == "\r" }
      if case .some(.quit) = try? ScriptCommand.parse(line) { continue }
      lines.append(
        Int.random(in: 0..<8, using: &generator) == 0 ? "wait \(Int.random(in: 0...3000, using: &generator))ms" : line)
    }
    var commandLines: [Int] = []
    var unparsableLines: [Int] = []
    for (offset, line) in lines.enumerated() {
      do throws(ScriptCommand.ParseError) {
        if try ScriptCommand.parse(line) != nil { commandLines.append(offset + 1) }
      } catch {
        unparsableLines.append(offset + 1)
      }
    }

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write(lines.joined(separator: "\n") + "\n", to: "random.fun")
    let recorder = Recorder()
    let status = await FunMain.run(
      arguments: ["--script", script, "--state-dir", directory.path("state")],
      environment: [:],
      output: recorder.output
    )

    let log = recorder.log.withLock { $0 }
    let replay = Comment(rawValue: property.replay)
    #expect(status == (log.errorLines.isEmpty ? 0 : 1), replay)
    #expect(log.frameLines == commandLines, replay)
    #expect(Set(unparsableLines).isSubset(of: log.errorLines), replay)
    #expect(Set(log.errorLines).isSubset(of: Set(unparsableLines + commandLines)), replay)
    #expect(log.badErrors.isEmpty, "stderr lines without `error: line N:`: \(log.badErrors.prefix(3)); \(replay)")
    #expect(log.controlLines.isEmpty, "frames with control characters: \(log.controlLines.prefix(1)); \(replay)")
  }
}
