import Foundation
import Testing

@testable import LayeringChecker

/// A wait that another thread or task resumes wakes up through
/// `withContinuationResumedElsewhere` (Core's `WakeUpExecutor.swift`), not on Swift's global
/// executor, whose threads synchronous work can hold long enough to fail a settle's watchdog.
/// These tests scan the production modules of every layer (test support left out) for a
/// continuation made anywhere else than in that helper and the few waits listed here.
@Suite("The continuation rule")
struct ContinuationRuleTests {
  /// The helper itself, by `path#function`: the one place that makes such a continuation.
  static let helper = "Core/Sources/FunCore/Concurrency/WakeUpExecutor.swift#withContinuationResumedElsewhere"

  /// Continuations that keep Swift's own wake-up, by `path#function`. Each is resumed inside its
  /// own body as a rule, where an executor preference would make it yield the actor before it
  /// goes on (see the helper's comment). A new entry says why.
  static let allowed: [String: String] = [
    "Core/Sources/FunCore/Concurrency/MulticastStream.swift#next":
      "a value already queued resumes the subscriber at once, and the stores rely on it not yielding the actor",
    "Core/Sources/FunCore/Concurrency/TaskTracker.swift#waitUntilIdle":
      "a settle of an app that goes idle as the waiter registers is resumed inside the body",
    "Core/Sources/FunCore/Concurrency/ManualClock.swift#sleepRegistered":
      "the virtual clock: a deadline already passed resumes at once; otherwise the advancing task resumes it",
  ]

  static let continuations: Set<String> = [
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation",
  ]

  @Test("Production code makes continuations only in the wake-up helper and the waits listed as resumed at once")
  func productionCodeUsesTheHelper() throws {
    let sources = try Self.productionSources()
    #expect(sources.count > 100, "the scan found too few sources")
    #expect(sources.contains { $0.path == "Core/Sources/FunCore/Concurrency/WakeUpExecutor.swift" })
    #expect(!sources.contains { $0.path.contains("TestSupport/") }, "test support is not production code")
    var used: Set<String> = []
    for source in sources {
      let scan = Self.scan(source.text, allowed: Self.allowedFunctions(in: source.path))
      used.formUnion(scan.allowancesUsed.map { "\(source.path)#\($0)" })
      for finding in scan.findings {
        Issue.record("\(source.path):\(finding)")
      }
    }
    // An entry that no longer matches a continuation would allow the next one unseen.
    let entries = Set(Self.allowed.keys).union([Self.helper])
    #expect(used == entries, "unused: \(entries.subtracting(used))")
  }

  @Test(
    "The scan finds each continuation, and only in code",
    arguments: [
      ("await withCheckedContinuation { done = $0 }", true),
      ("try await withCheckedThrowingContinuation { done = $0 }", true),
      ("await withUnsafeContinuation(isolation: actor) { done = $0 }", true),
      ("try await withUnsafeThrowingContinuation { done = $0 }", true),
      ("await withContinuationResumedElsewhere { done = $0 }", false),
      ("// await withCheckedContinuation { done = $0 }", false),
      ("let text = \"await withCheckedContinuation\"", false),
    ])
  func scanFindsEachForm(line: String, isFound: Bool) {
    let scan = Self.scan("func work() async {\n\(line)\n}\n", allowed: [])
    #expect(scan.findings.isEmpty != isFound, "\(scan.findings)")
    #expect(scan.findings.allSatisfy { $0.line == 2 })
  }

  @Test("The catalog file read of this tree, put back to withCheckedContinuation, is reported at its line")
  func oldFileReadFails() throws {
    let path = "Services/Sources/FunServices/Catalog/CatalogFileReader.swift"
    let source = try #require(try Self.productionSources().first { $0.path == path })
    let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("await withContinuationResumedElsewhere {") }) + 1
    let old = source.text.replacingOccurrences(of: "withContinuationResumedElsewhere", with: "withCheckedContinuation")

    #expect(Self.scan(source.text, allowed: Self.allowedFunctions(in: path)).findings.isEmpty)
    let scan = Self.scan(old, allowed: Self.allowedFunctions(in: path))

    #expect(scan.findings.map(\.line) == [line])
    #expect(scan.findings.first?.message.hasPrefix("withCheckedContinuation") == true)
  }

  @Test("An allowance covers only its own function of its own file")
  func allowancesAreNarrow() throws {
    let path = "Core/Sources/FunCore/Concurrency/MulticastStream.swift"
    let source = try #require(try Self.productionSources().first { $0.path == path })
    let planted =
      source.text
      + "\nextension MulticastStream {\n  func peek() async -> Element? {\n"
      + "    await withCheckedContinuation { $0.resume(returning: nil) }\n  }\n}\n"
    let line = planted.split(separator: "\n", omittingEmptySubsequences: false).count - 3

    let here = Self.scan(planted, allowed: Self.allowedFunctions(in: path))
    let elsewhere = Self.scan(source.text, allowed: Self.allowedFunctions(in: "Core/Sources/FunCore/Other.swift"))

    #expect(here.findings.map(\.line) == [line])
    #expect(here.allowancesUsed == ["next"])
    #expect(elsewhere.findings.count == 1, "\(elsewhere.findings)")
  }

  // MARK: - The scan

  /// A continuation outside the helper and the allowances, at `line`.
  struct Finding: Equatable, CustomStringConvertible {
    let line: Int
    let message: String

    var description: String { "\(line): \(message)" }
  }

  /// What ``scan(_:allowed:)`` found in one file.
  struct Scan {
    var findings: [Finding] = []
    /// The functions of `allowed` that did make a continuation.
    var allowancesUsed: Set<String> = []
  }

  /// The functions of the file at `path` that may make a continuation: the helper's and the
  /// allowed ones.
  static func allowedFunctions(in path: String) -> Set<String> {
    let entries = Array(allowed.keys) + [helper]
    return Set(entries.filter { $0.hasPrefix(path + "#") }.map { String($0.split(separator: "#")[1]) })
  }

  /// The continuations in `text` made outside the functions `allowed`. A function is the
  /// nearest `func` before a token: a lexer, not a type checker, as the parking-point rule's.
  static func scan(_ text: String, allowed: Set<String>) -> Scan {
    let tokens = SwiftTokenizer.tokens(in: text)
    var scan = Scan()
    var function = ""
    for index in tokens.indices {
      guard case .word(let word, _) = tokens[index].kind else { continue }
      if index > 0, tokens[index - 1].kind == .word("func", backticked: false) { function = word }
      guard continuations.contains(word) else { continue }
      if allowed.contains(function) {
        scan.allowancesUsed.insert(function)
      } else {
        scan.findings.append(
          Finding(
            line: tokens[index].line,
            message: "\(word): a wait resumed from another thread or task wakes up through "
              + "withContinuationResumedElsewhere (FunCore), not on Swift's global executor; one resumed inside "
              + "its own body as a rule goes in ContinuationRuleTests.allowed, with why"))
      }
    }
    return scan
  }

  /// Every source file of the layers' production modules and executables
  /// (`<package>/Sources/<module>/…`), as layers.json names them: test support is not among them.
  private static func productionSources() throws -> [RepositorySnapshot.SourceFile] {
    let table = try LayerTable.load(from: repositoryRoot.appending(path: LayerTable.fileName))
    let folders = table.layers.flatMap { layer in
      (layer.modules + layer.executables).map { "\(LayerTable.normalizedFolder(layer.package))/Sources/\($0)/" }
    }
    return try RepositorySnapshot.sourceFiles(under: repositoryRoot, packageDirectories: table.layers.map(\.package))
      .filter { source in folders.contains { source.path.hasPrefix($0) } }
  }
}
