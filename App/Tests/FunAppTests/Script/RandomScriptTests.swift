import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

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

  /// `count` random lines that sign in, wait for the catalog and hold no `quit`.
  private static func randomScript(_ count: Int, using generator: inout SplitMix64) -> [String] {
    var lines: [String] = ["sign-in random", "wait 1s"]
    while lines.count < count {
      var line = generator.scriptLine()
      // One line per line (the script reader splits at newlines), and no `quit` before the end.
      line.unicodeScalars.removeAll { $0 == "\n" || $0 == "\r" }
      if case .some(.quit) = try? ScriptCommand.parse(line) { continue }
      lines.append(
        Int.random(in: 0..<8, using: &generator) == 0 ? "wait \(Int.random(in: 0...3000, using: &generator))ms" : line)
    }
    return lines
  }

  @Test("10 000 random lines run to the end without a crash; each command prints its frame, each bad line its error")
  func randomLinesNeverCrash() async throws {
    let property = Property(seed: 0x5C1_0003)
    var generator = SplitMix64(seed: property.seed)
    let lines = Self.randomScript(10_000, using: &generator)
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
      arguments: ["--script", script, "--state-dir", directory.path("state")] + FunRun.inProcessSettleTimeout,
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

  @Test("A frame drawn only after Observation reports a change is the frame drawn afresh, over 1 500 random lines")
  func observedRedrawMissesNothing() async throws {
    let property = Property(seed: 0x5C1_0004)
    var generator = SplitMix64(seed: property.seed)
    let lines = Self.randomScript(1_500, using: &generator)
    let commandCount = lines.count { (try? ScriptCommand.parse($0)) != nil }

    /// How many printed frames were compared with the frame drawn afresh, and the first that
    /// differed (its header, then both frames).
    @MainActor func compareFrames() async throws -> (compared: Int, firstDifference: String?) {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let time = VirtualTime.forTests()
      let locator = try CompositionRoot.makeLocator(
        options: AppOptions(), stateFolder: directory.url, time: .virtual(time), environment: [:], isScript: true,
        clipboard: NoClipboard())
      let application = FunApplication(
        services: RootDependencies(locator: locator), time: .virtual(time), styleSupport: .none)
      application.start()
      // Every command prints its header and then its frame; errors are not printed here.
      let printed = Locked<[String]>([])
      let output = ScriptOutput(out: { text in printed.withLock { $0.append(text) } }, error: { _ in })
      let terminal = HeadlessTerminal(size: .standard)
      let runner = ScriptRunner(application: application, terminal: terminal, output: output)
      var remaining = lines[...]
      var seen = 0
      var compared = 0
      var firstDifference: String?
      _ = await runner.run {
        // The runner asks for a line once it has printed the last command's frame: draw that
        // frame afresh, as if nothing had been drawn before, and compare.
        let printedSoFar = printed.withLock { $0 }
        if printedSoFar.count > seen, printedSoFar.count >= 2 {
          seen = printedSoFar.count
          compared += 1
          let observed = printedSoFar[printedSoFar.count - 1]
          let afresh = application.frame(size: terminal.size).plainText
          if observed != afresh, firstDifference == nil {
            firstDifference = "\(printedSoFar[printedSoFar.count - 2])\n\(observed)\nafresh:\n\(afresh)"
          }
        }
        return remaining.popFirst()
      }
      return (compared, firstDifference)
    }

    let (compared, firstDifference) = try await compareFrames()
    let replay = Comment(rawValue: property.replay)
    #expect(compared == commandCount, replay)
    #expect(firstDifference == nil, "first difference: \(firstDifference ?? ""); \(replay)")
  }
}
