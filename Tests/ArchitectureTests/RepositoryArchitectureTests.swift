import Foundation
import Testing

/// The repository root: three folders up from this file (`Tests/ArchitectureTests/…`), with
/// symlinks resolved so a scratch package that links this folder still finds the real tree.
private func repositoryRoot(file: String = #filePath) -> URL {
  URL(fileURLWithPath: file)
    .resolvingSymlinksInPath()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
}

@Suite("Repository architecture", .timeLimit(.minutes(5)))
struct RepositoryArchitectureTests {
  @Test("The repository obeys the layer rules: every import, every manifest, no remote packages")
  func repositoryObeysLayerRules() async throws {
    let root = repositoryRoot()
    let snapshot = try await RepositorySnapshot.load(root: root)

    // Guard against a checker that silently sees nothing.
    let directories = snapshot.packages.map(\.directory)
    for package in ["", "Core", "Model", "Services", "ViewModel", "Frontend", "Coordinator", "App"] {
      #expect(directories.contains(package), "package \(package.isEmpty ? "(root)" : package) was not found")
    }
    let importedModules = Set(snapshot.sources.flatMap { ImportScanner.imports(in: $0.text).map(\.module) })
    #expect(importedModules.isSuperset(of: ["FunCore", "FunModel", "Testing"]), "the import scan found too little")

    let violations = ArchitectureChecker().check(snapshot)

    // One issue per violation, each `file:line: rule: message`, so every one is listed at once.
    for violation in violations {
      Issue.record(Comment(rawValue: violation.description))
    }
  }

  /// `Synchronization.Mutex` hands a contended lock over in the kernel on Linux, out of
  /// ThreadSanitizer's sight, which made the tsan gate report races the lock prevented.
  /// `FunCore.Locked` wraps it so the hand-offs are visible; only fun-bench, whose baseline is
  /// the plain Mutex and which never runs under ThreadSanitizer, uses it directly.
  @Test("Locks are FunCore.Locked, which ThreadSanitizer can follow, not a bare Mutex")
  func locksAreLocked() async throws {
    let snapshot = try await RepositorySnapshot.load(root: repositoryRoot())
    // The checker itself names the type it looks for.
    let allowed = [
      "Core/Sources/FunCore/Concurrency/Locked.swift", "App/Sources/fun-bench/", "Tests/ArchitectureTests/",
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
}
