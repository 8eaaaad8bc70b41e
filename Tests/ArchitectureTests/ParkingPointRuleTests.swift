import Foundation
import Testing

@testable import LayeringChecker

/// Script mode and tests know the app is idle when every tracked task waits at a parking point
/// (`TaskTracker`): a sleep on the app's clock, the next value of a `MulticastStream`
/// subscription, another tracked task's value, or `TaskTracker.park(until:)`. Any other wait
/// for the clock or for input keeps the app busy until the watchdog reports "still busy". These
/// tests scan the production code of every layer above Core (Core holds the parking points
/// themselves) for waits that cannot be one.
@Suite("The parking-point rule")
struct ParkingPointRuleTests {
  /// A wait that cannot be a parking point, at `line`.
  struct Finding: Equatable, CustomStringConvertible {
    let line: Int
    let message: String

    var description: String { "\(line): \(message)" }
  }

  /// Continuations that are busy by design, by `path#function`: I/O the app must finish before
  /// it is idle, or a wait outside every tracked task. A new entry says why.
  static let busyByDesign: [String: String] = [
    "Services/Sources/FunServices/Catalog/CatalogFileReader.swift#run":
      "a catalog file read on a queue of its own: the load is work, not waiting",
    "Services/Sources/FunServices/Catalog/CatalogTransfer.swift#run":
      "an http transfer: the load is work, not waiting",
    "Services/Sources/FunServices/Catalog/CatalogDownloader.swift#untilNoneWindingDown":
      "the end of the previous http transfer, which URLSession is still unpacking or reading: work, not waiting",
    "ViewModel/Sources/FunViewModel/Common/BlockingWork.swift#run":
      "a save's disk write on a queue of its own: the app is busy until the file is written",
    "App/Sources/FunApp/FunMain.swift#handOver":
      "`fun --open` hands a link to another instance before any app or tracked task exists",
    "App/Sources/FunApp/Interactive/InteractiveSession.swift#run":
      "the interactive session waits for its own end, outside every tracked task",
  ]

  @Test("Every await in the layers above Core that waits for the clock or input is a parking point")
  func productionCodeParks() throws {
    let sources = try Self.productionSources()
    let subscriptions = Self.subscriptionSources(in: sources)
    #expect(subscriptions.isSuperset(of: ["subscribe", "changes", "events", "resizes"]), "\(subscriptions)")
    var scanned: Set<String> = []
    var usedAllowances: Set<String> = []
    for source in sources where Self.isScanned(source.path) {
      scanned.insert(source.path)
      let allowed = Set(
        Self.busyByDesign.keys.filter { $0.hasPrefix(source.path + "#") }.map { String($0.split(separator: "#")[1]) })
      let scan = Self.scan(source.text, subscriptions: subscriptions, busyByDesign: allowed)
      usedAllowances.formUnion(scan.allowancesUsed.map { "\(source.path)#\($0)" })
      for finding in scan.findings {
        Issue.record("\(source.path):\(finding)")
      }
    }
    #expect(scanned.count > 100, "the scan found too few sources")
    #expect(scanned.contains("ViewModel/Sources/FunViewModel/Search/SearchViewModel.swift"))
    // An entry that no longer matches a continuation would allow the next one unseen.
    #expect(
      usedAllowances == Set(Self.busyByDesign.keys),
      "unused: \(Set(Self.busyByDesign.keys).subtracting(usedAllowances))")
  }

  @Test(
    "The scan finds each wait that cannot park, and only in code",
    arguments: [
      ("try await Task.sleep(for: .seconds(1))", true),
      ("try await Task.sleep(nanoseconds: 1_000)", true),
      ("try await ContinuousClock().sleep(for: .seconds(1))", true),
      ("try await clock.base.sleep(until: deadline)", true),
      ("await withCheckedContinuation { done = $0 }", true),
      ("await withContinuationResumedElsewhere { done = $0 }", true),
      ("try await withUnsafeThrowingContinuation { done = $0 }", true),
      ("for await keys in InputReader().keys() {", true),
      ("for try await line in url.lines {", true),
      ("while let keys = await iterator.next() {", true),
      ("try await clock.sleep(for: .milliseconds(400))", false),
      ("try await ClockDeadline(clock, after: interval).wait()", false),
      ("for await toggles in featureToggles.changes() {", false),
      ("for await _ in terminal.resizes() {", false),
      ("await searchTask?.value", false),
      ("let keys = await TaskTracker.park(until: { false }, { await reads.next() })", false),
      ("// try await Task.sleep(for: .seconds(1))", false),
      ("let text = \"await withCheckedContinuation\"", false),
    ])
  func scanFindsEachForm(line: String, cannotPark: Bool) {
    let scan = Self.scan("func work() async throws {\n\(line)\n}\n", subscriptions: ["changes", "resizes"])
    #expect(scan.findings.isEmpty != cannotPark, "\(scan.findings)")
    #expect(scan.findings.allSatisfy { $0.line == 2 })
  }

  @Test(
    "A continuation is allowed only in the functions listed as busy by design, and self parks only in a subscription")
  func allowancesAreNarrow() {
    let source = """
      extension MulticastStream.Subscription {
        func drain() async {
          for await _ in self {}
        }
      }

      final class Transfer {
        func run() async -> Data {
          await withCheckedContinuation { continuation in start(continuation) }
        }

        func retry() async -> Data {
          await withCheckedContinuation { continuation in start(continuation) }
        }
      }
      """

    let scan = Self.scan(source, subscriptions: [], busyByDesign: ["run"])

    #expect(scan.findings.map(\.line) == [13])
    #expect(scan.findings.first?.message.contains("continuation") == true)
    #expect(scan.allowancesUsed == ["run"])
    #expect(Self.scan("func f() async { for await _ in self {} }", subscriptions: []).findings.count == 1)
  }

  @Test("A Task.sleep planted in a ViewModel of this tree is reported at its file and line")
  func plantedViolationFails() throws {
    let path = "ViewModel/Sources/FunViewModel/Search/SearchViewModel.swift"
    let source = try #require(try Self.productionSources().first { $0.path == path })
    let planted =
      source.text
      + "\nextension SearchViewModel {\n  func nap() async throws { try await Task.sleep(for: .seconds(1)) }\n}\n"
    let line = planted.split(separator: "\n", omittingEmptySubsequences: false).count - 2

    let scan = Self.scan(planted, subscriptions: ["changes"])

    #expect(scan.findings.map(\.line) == [line])
    #expect(scan.findings.first?.message.hasPrefix("Task.sleep") == true)
  }

  // MARK: - The scan

  /// What ``scan(_:subscriptions:busyByDesign:)`` found in one file.
  struct Scan {
    var findings: [Finding] = []
    /// The functions of `busyByDesign` that did hold a continuation.
    var allowancesUsed: Set<String> = []
  }

  /// The continuations, FunCore's wake-up helper among them: it moves where the wait wakes up,
  /// not whether the task is busy meanwhile.
  private static let continuations: Set<String> = [
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation", "withContinuationResumedElsewhere",
  ]

  /// Names that make a `sleep` one on a bare clock, not on the app's.
  private static let bareClocks: Set<String> = [
    "base", "ContinuousClock", "SuspendingClock", "continuous", "suspending",
  ]

  /// The waits in `text` that cannot be parking points.
  ///
  /// - Parameters:
  ///   - subscriptions: the names of the members that return a `MulticastStream` subscription;
  ///     a `for await` loop over a call to one of them parks.
  ///   - busyByDesign: functions of this file whose continuations are allowed.
  ///
  /// Everything inside a `TaskTracker.park(until:)` call is a parking point by declaration. A
  /// function is the nearest `func` before a token; it is a lexer, not a type checker, so a
  /// sequence stored in a variable first is not known to be a subscription.
  static func scan(_ text: String, subscriptions: Set<String>, busyByDesign: Set<String> = []) -> Scan {
    let tokens = SwiftTokenizer.tokens(in: text)
    func word(_ index: Int) -> String? {
      guard tokens.indices.contains(index), case .word(let word, _) = tokens[index].kind else { return nil }
      return word
    }
    func isPunctuation(_ index: Int, _ character: Character) -> Bool {
      tokens.indices.contains(index) && tokens[index].kind == .punctuation(character)
    }
    let extendsSubscription = tokens.indices.contains { index in
      word(index) == "extension" && word(index + 1) == "MulticastStream" && isPunctuation(index + 2, ".")
        && word(index + 3) == "Subscription"
    }
    var scan = Scan()
    var function = ""
    var parkedUntil = -1
    for index in tokens.indices {
      let line = tokens[index].line
      func report(_ message: String) { scan.findings.append(Finding(line: line, message: message)) }
      if word(index - 1) == "func", let name = word(index) { function = name }
      if word(index) == "park", isPunctuation(index + 1, "(") {
        parkedUntil = max(parkedUntil, endOfCall(tokens, openingAt: index + 1))
      }
      guard index > parkedUntil, let name = word(index) else { continue }
      switch name {
      case "sleep" where isPunctuation(index - 1, "."):
        let receiver = tokens[..<index].reversed().prefix { $0.line == line }.compactMap { token -> String? in
          if case .word(let word, _) = token.kind { return word }
          return nil
        }
        if word(index - 2) == "Task" {
          report("Task.sleep waits on the real clock, unseen by the tracker: sleep on the app's clock (`.clock`)")
        } else if receiver.contains(where: bareClocks.contains) {
          report("a bare clock's sleep is not a parking point: sleep on the app's clock (`.clock`), a TrackedClock")
        }
      case _ where continuations.contains(name):
        if busyByDesign.contains(function) {
          scan.allowancesUsed.insert(function)
        } else {
          report(
            "\(name): the task stays busy until the continuation is resumed; wait for input inside "
              + "TaskTracker.park(until:), or list I/O that is busy by design in ParkingPointRuleTests.busyByDesign")
        }
      case "for" where word(index + 1) == "await" || (word(index + 1) == "try" && word(index + 2) == "await"):
        let sequence = loopSequence(tokens, after: index)
        let calls = sequence.indices.filter { $0 + 1 < sequence.count && sequence[$0 + 1].kind == .punctuation("(") }
        let lastCall = calls.last.flatMap { position -> String? in
          if case .word(let word, _) = sequence[position].kind { return word }
          return nil
        }
        let isSelf = sequence.count == 1 && sequence[0].kind == .word("self", backticked: false)
        if !(lastCall.map(subscriptions.contains) ?? false), !(isSelf && extendsSubscription) {
          report(
            "for await over a sequence that is not a MulticastStream subscription: its wait is not a parking "
              + "point; subscribe, or wait inside TaskTracker.park(until:)")
        }
      case "next" where isPunctuation(index - 1, ".") && isPunctuation(index + 1, "("):
        let awaited = tokens[..<index].reversed().prefix { $0.line == line }.contains {
          $0.kind == .word("await", backticked: false)
        }
        if awaited {
          report("awaiting next() of an iterator is not a parking point: wait inside TaskTracker.park(until:)")
        }
      default:
        break
      }
    }
    return scan
  }

  /// The index of the token that ends the call whose `(` is at `open`: its `)`, or the `}` of
  /// its trailing closure.
  private static func endOfCall(_ tokens: [SwiftToken], openingAt open: Int) -> Int {
    var end = matching(tokens, from: open, open: "(", close: ")")
    if end + 1 < tokens.count, tokens[end + 1].kind == .punctuation("{") {
      end = matching(tokens, from: end + 1, open: "{", close: "}")
    }
    return end
  }

  /// The index of the bracket that closes the one at `start`, or the last token.
  private static func matching(_ tokens: [SwiftToken], from start: Int, open: Character, close: Character) -> Int {
    var depth = 0
    for index in start..<tokens.count {
      if tokens[index].kind == .punctuation(open) { depth += 1 }
      if tokens[index].kind == .punctuation(close) {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return tokens.count - 1
  }

  /// The tokens of a `for await x in SEQUENCE {` loop's sequence, the `for` at `index`.
  private static func loopSequence(_ tokens: [SwiftToken], after index: Int) -> [SwiftToken] {
    guard let inIndex = tokens[index...].firstIndex(where: { $0.kind == .word("in", backticked: false) }) else {
      return []
    }
    var sequence: [SwiftToken] = []
    var depth = 0
    for token in tokens[(inIndex + 1)...] {
      if depth == 0, token.kind == .punctuation("{") || token.kind == .word("where", backticked: false) { break }
      if token.kind == .punctuation("(") || token.kind == .punctuation("[") { depth += 1 }
      if token.kind == .punctuation(")") || token.kind == .punctuation("]") { depth -= 1 }
      sequence.append(token)
    }
    return sequence
  }

  // MARK: - The tree

  /// Every production source file of the layers' packages (`<package>/Sources/…`).
  private static func productionSources() throws -> [RepositorySnapshot.SourceFile] {
    let table = try LayerTable.load(from: repositoryRoot.appending(path: LayerTable.fileName))
    return try RepositorySnapshot.sourceFiles(under: repositoryRoot, packageDirectories: table.layers.map(\.package))
      .filter { $0.path.contains("/Sources/") }
  }

  /// Whether the scan covers `path`: production code above Core, test support left out.
  private static func isScanned(_ path: String) -> Bool {
    !path.hasPrefix("Core/") && !path.contains("TestSupport/") && path.contains("/Sources/Fun")
      || path.hasPrefix("App/Sources/fun/")
  }

  /// The names of the members declared to return a `MulticastStream` subscription
  /// (`func changes() -> MulticastStream<Value>.Subscription`, and the stream's own
  /// `subscribe()`).
  private static func subscriptionSources(in sources: [RepositorySnapshot.SourceFile]) -> Set<String> {
    var names: Set<String> = []
    for source in sources {
      let pattern = /func\s+(\w+)\s*\([^)]*\)\s*->\s*(MulticastStream<[^>]*>\.)?Subscription\b/
      for match in source.text.matches(of: pattern)
      where match.2 != nil || source.path.hasSuffix("/MulticastStream.swift") {
        names.insert(String(match.1))
      }
    }
    return names
  }
}
