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
}
