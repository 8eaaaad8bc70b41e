import Foundation
import Testing

@testable import LayeringChecker

/// The repository root: three folders up from this file (`Tests/ArchitectureTests/…`), with
/// symlinks resolved so a scratch package that links this folder still finds the real tree.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .resolvingSymlinksInPath()
  .deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()

/// The repository as the checker sees it, with the rules of its `layers.json`; loaded once
/// (eight dump-package runs) for every test here.
private let repository = Task {
  let tableURL = repositoryRoot.appending(path: LayerTable.fileName)
  let table = try LayerTable.load(from: tableURL)
  let checker = ArchitectureChecker(
    rules: try LayerRules(table: table),
    tableText: try String(contentsOf: tableURL, encoding: .utf8)
  )
  return (checker: checker, snapshot: try await RepositorySnapshot.load(root: repositoryRoot, table: table))
}

@Suite("Repository architecture", .timeLimit(.minutes(5)))
struct RepositoryArchitectureTests {
  @Test("The repository obeys its layers.json: every import, every manifest, no remote packages")
  func repositoryObeysLayerRules() async throws {
    let (checker, snapshot) = try await repository.value

    // Guard against a checker that silently sees nothing: every layer's and harness's package,
    // and the root.
    let table = checker.rules.table
    let directories = Set(snapshot.packages.map(\.directory))
    #expect(directories == Set([""] + table.layers.map(\.package) + table.harnesses.map(\.package)))
    let importedModules = Set(snapshot.sources.flatMap { ImportScanner.imports(in: $0.text).map(\.module) })
    #expect(importedModules.isSuperset(of: ["FunCore", "FunModel", "Testing"]), "the import scan found too little")

    let violations = checker.check(snapshot)

    // One issue per violation, each `file:line: rule: message`, so every one is listed at once.
    for violation in violations {
      Issue.record(Comment(rawValue: violation.description))
    }
  }

  @Test("The checker fails on this very tree once a violation is injected into a copy of it")
  func checkerCanFailHere() async throws {
    let (checker, snapshot) = try await repository.value
    let viewModel = try #require(snapshot.packages.first { $0.directory == "ViewModel" })
    let source = try #require(snapshot.sources.first { $0.path.hasPrefix("ViewModel/Sources/FunViewModel/") })
    let leak = RepositorySnapshot.SourceFile(path: source.path, text: source.text + "\nimport FunServices\n")
    let sources = snapshot.sources.map { $0.path == source.path ? leak : $0 }
    // The manifest gains a package dependency on Services that no target uses.
    let manifest = PackageManifest(
      name: viewModel.manifest.name,
      dependencies: viewModel.manifest.dependencies + [
        .init(kind: .fileSystem, identity: "services", location: "Services")
      ],
      products: viewModel.manifest.products,
      targets: viewModel.manifest.targets
    )
    var manifestText = viewModel.manifestText
    let packageDependencies = try #require(manifestText.range(of: "dependencies: ["))
    manifestText.replaceSubrange(packageDependencies, with: "dependencies: [.package(path: \"../Services\"), ")
    let packages = snapshot.packages.map { package in
      package.directory == "ViewModel"
        ? RepositorySnapshot.Package(directory: "ViewModel", manifest: manifest, manifestText: manifestText)
        : package
    }
    let importLine = leak.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let manifestLine =
      try #require(
        manifestText.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("../Services") }
      ) + 1

    let violations = checker.check(RepositorySnapshot(packages: packages, sources: sources))

    #expect(
      violations.map { "\($0.file):\($0.line): \($0.rule.rawValue)" } == [
        "ViewModel/Package.swift:\(manifestLine): package-dependency",
        "\(source.path):\(importLine): layer",
      ])
  }

  /// The docs step of `.ci/run` converts the catalogs listed in its `DOC_MODULES`; a module left
  /// out of the list, or without a catalog, would silently have no documentation.
  @Test("Every library module of layers.json has a DocC catalog with an overview, and the docs step builds it")
  func everyLibraryModuleHasACatalog() async throws {
    let table = try await repository.value.checker.rules.table
    let ciScript = try String(contentsOf: repositoryRoot.appending(path: ".ci/run"), encoding: .utf8)
    let modules =
      table.layers.flatMap { layer in (layer.modules + layer.testSupport).map { (layer.package, $0) } }
      + table.tooling.modules.map { module in
        // Tooling lives in the tooling package, or beside what it builds (the string tables'
        // generator in Model).
        let packages = [table.tooling.package ?? "."] + table.layers.map(\.package)
        let package = packages.first { package in
          FileManager.default.fileExists(atPath: repositoryRoot.appending(path: "\(package)/Sources/\(module)").path)
        }
        return (package ?? table.tooling.package ?? ".", module)
      }
    #expect(modules.count >= 9, "layers.json lists too few modules")
    for (package, module) in modules {
      let overview = repositoryRoot.appending(path: "\(package)/Sources/\(module)/\(module).docc/\(module).md")
      #expect(FileManager.default.fileExists(atPath: overview.path), "\(module) has no catalog at \(overview.path)")
      #expect(ciScript.contains("\(package):\(module)"), "DOC_MODULES in .ci/run does not list \(package):\(module)")
    }
  }

  /// Every word a screen shows comes from the string tables: screens and ViewModels
  /// pass text to the screen only through `L10n`. A string literal with a word in it (two
  /// letters or more, outside interpolations) is hard-coded text, unless it is a name the app
  /// never shows (a task's, a log category's).
  @Test("Screens and ViewModels show no hard-coded text: every word comes through L10n")
  func noHardCodedText() async throws {
    let snapshot = try await repository.value.snapshot
    let folders = [
      "Frontend/Sources/FunFrontend/Screens/", "ViewModel/Sources/FunViewModel/", "Spoken/Sources/FunSpoken/",
    ]
    // Labels whose string names something for the app, not for a person.
    let namingLabels: Set<String> = ["start", "name", "category", "observe", "label"]
    var checked = 0
    var found: [String] = []
    for source in snapshot.sources where folders.contains(where: { source.path.hasPrefix($0) }) {
      checked += 1
      let tokens = SwiftTokenizer.tokens(in: source.text)
      for (index, token) in tokens.enumerated() {
        guard case .string(let literal) = token.kind else { continue }
        let previous = tokens[max(index - 2, 0)..<index].compactMap { token -> String? in
          if case .word(let word, _) = token.kind { return word }
          return nil
        }
        if previous.contains(where: namingLabels.contains) { continue }
        let visible = Self.withoutInterpolations(literal)
        if visible.contains(/\p{L}{2,}/) {
          found.append(
            "\(source.path):\(token.line): \"\(literal)\" is hard-coded text; add it to the tables and use L10n")
        }
      }
    }
    #expect(checked > 30, "the scan found too few sources")
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// The screen-reader view is a second view over unchanged ViewModels: as no ViewModel knows
  /// the screens that draw it, none knows the view that reads it aloud, by import or by name.
  @Test("No ViewModel imports or mentions the screen-reader view")
  func viewModelsKnowNoScreenReader() async throws {
    let snapshot = try await repository.value.snapshot
    let table = try await repository.value.checker.rules.table
    let spoken = try #require(table.layers.first { $0.package == "Spoken" }, "layers.json has no Spoken layer")
    // The module, its package and its types, as code names them. (The Settings toggle that
    // starts the mode is a feature toggle like any other, named in Model.)
    let names = spoken.modules + ["Spoken", "ScreenReader"]
    var checked = 0
    for source in snapshot.sources where source.path.hasPrefix("ViewModel/") {
      checked += 1
      for name in names where source.text.contains(name) {
        Issue.record("\(source.path) mentions \(name): ViewModels know no view, the screen-reader view included")
      }
      for found in ImportScanner.imports(in: source.text) where spoken.modules.contains(found.module) {
        Issue.record("\(source.path):\(found.line): imports \(found.module)")
      }
    }
    #expect(checked > 30, "the scan found too few sources")
  }

  /// `literal` without its interpolations (`\\(…)`, nested parentheses included): code, not text.
  private static func withoutInterpolations(_ literal: String) -> String {
    var result = ""
    var depth = 0
    var previous: Character?
    for character in literal {
      if depth > 0 {
        if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
      } else if character == "(", previous == "\\" {
        result.removeLast()
        depth = 1
      } else {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  /// `Synchronization.Mutex` hands a contended lock over in the kernel on Linux, out of
  /// ThreadSanitizer's sight, which made the tsan gate report races the lock prevented.
  /// `FunCore.Locked` wraps it so the hand-offs are visible; only fun-bench, whose baseline is
  /// the plain Mutex and which never runs under ThreadSanitizer, uses it directly.
  @Test("Locks are FunCore.Locked, which ThreadSanitizer can follow, not a bare Mutex")
  func locksAreLocked() async throws {
    let snapshot = try await repository.value.snapshot
    // This test names the type it looks for.
    let allowed = [
      "Core/Sources/FunCore/Concurrency/Locked.swift", "Benchmarks/Sources/fun-bench/", "Tests/ArchitectureTests/",
    ]
    var checked = 0
    for source in snapshot.sources where !allowed.contains(where: { source.path.hasPrefix($0) }) {
      checked += 1
      for (index, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if code.contains("Mutex<") || code.contains("Mutex(") {
          Issue.record("\(source.path):\(index + 1): use Locked (FunCore) instead of Mutex")
        }
      }
    }
    #expect(checked > 100, "the scan found too few sources")
  }

  /// Script mode and tests know the app is idle because every task goes through the
  /// `TaskTracker`; a bare `Task {}` would be work the tracker cannot see. Nor may production
  /// code know it is under test: no casts to the manual clock, no counted yields.
  @Test("Production code starts tasks only through the TaskTracker and never knows it runs in virtual time")
  func tasksGoThroughTheTracker() async throws {
    let snapshot = try await repository.value.snapshot
    let allowed = [
      "Core/Sources/FunCore/Concurrency/TaskTracker.swift",
      // Test support: its spinning tasks are the other suites' work a test holds the global
      // executor with, on purpose out of every tracker's sight.
      "Model/Sources/FunModelTestSupport/GlobalExecutorHog.swift",
    ]
    var checked = 0
    for source in snapshot.sources where source.path.contains("/Sources/") && !allowed.contains(source.path) {
      checked += 1
      for finding in Self.virtualTimeLeaks(in: source.text) {
        Issue.record("\(source.path):\(finding.line): \(finding.message)")
      }
    }
    #expect(checked > 50, "the scan found too few sources")
  }

  @Test(
    "The task and virtual-time scan finds each forbidden form, and only in code",
    arguments: [
      ("let t = Task { await work() }", true),
      ("Task { @MainActor in draw() }", true),
      ("let t = Task(name: \"x\") { }", true),
      ("Task.detached { }", true),
      ("if let clock = clock as? ManualClock {", true),
      ("await Task.yieldToQueuedWork()", true),
      ("while network.requestsInFlight > 0 {", true),
      ("var task: Task<Void, Never>?", false),
      ("guard !Task.isCancelled else { return }", false),
      ("// a Task { } in a comment", false),
    ])
  func scanFindsForbiddenForms(line: String, isForbidden: Bool) {
    #expect(!Self.virtualTimeLeaks(in: line).isEmpty == isForbidden)
  }

  private static func virtualTimeLeaks(in text: String) -> [(line: Int, message: String)] {
    let rules: [(pattern: String, message: String)] = [
      (#"\bTask\s*(\{|\(|\.detached)"#, "start tasks with TaskTracker.start, so that settling can see them"),
      (
        #"as\?\s*ManualClock|sleepInPlace|yieldToQueuedWork|yieldRepeatedly|requestsInFlight"#,
        "production code must not know it runs in virtual time"
      ),
    ]
    var findings: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      for rule in rules where code.range(of: rule.pattern, options: .regularExpression) != nil {
        findings.append((index + 1, rule.message))
      }
    }
    return findings
  }
}
