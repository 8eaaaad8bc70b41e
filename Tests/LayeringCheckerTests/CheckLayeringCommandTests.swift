import Foundation
import Testing

@testable import LayeringChecker

/// The command `swift package check-layering` runs, on fixtures written to disk and read the
/// real way (layers.json from the file, manifests through dump-package).
@Suite("check-layering", .timeLimit(.minutes(5)))
struct CheckLayeringCommandTests {
  /// Writes `fixture` to a fresh folder, runs the command there, removes the folder.
  static func run(_ fixture: Fixture) async throws -> CheckLayeringCommand.Outcome {
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try fixture.write(to: root)
    return await CheckLayeringCommand.run(arguments: [], currentDirectory: root)
  }

  @Test("The clean Fun fixture on disk passes: exit 0 and a one-line summary; dump-package decodes it as declared")
  func cleanFixtureOnDisk() async throws {
    let fixture = Fixture.clean
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try fixture.write(to: root)

    let outcome = await CheckLayeringCommand.run(arguments: [], currentDirectory: root)
    let snapshot = try await RepositorySnapshot.load(root: root, table: LayerTable.decode(Data(fixture.table.utf8)))

    #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
    #expect(outcome.output == "check-layering: no violations (12 packages, 31 Swift files, rules in layers.json)\n")
    #expect(outcome.errors.isEmpty)
    #expect(
      snapshot.packages.map(\.directory) == [
        "", "App", "Benchmarks", "Coordinator", "Core", "Frontend", "Fuzz", "LinkHandoff", "Model", "Services",
        "Spoken", "ViewModel",
      ]
    )
    for package in fixture.packages {
      let loaded = try #require(snapshot.packages.first { $0.directory == package.directory })
      #expect(loaded.manifest == package.manifest)
      #expect(loaded.manifestText == package.packageSwift)
    }
    #expect(snapshot.sources.count == fixture.sources.count)
  }

  @Test("A violation on disk: exit 1, one `file:line: rule: message` line each, then the count")
  func violationsOnDisk() async throws {
    var fixture = Fixture.clean
    fixture.sources["ViewModel/Sources/FunViewModel/Leak.swift"] = "import FunModel\nimport FunServices\n"
    fixture.editPackage("ViewModel") { $0.localDependencies.append("Services") }
    let line = try #require(fixture.manifestLine("ViewModel", containing: #""../Services""#))

    let outcome = try await Self.run(fixture)

    #expect(outcome.status == 1)
    let lines = outcome.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(outcome.output)")
    #expect(lines.first?.hasPrefix("ViewModel/Package.swift:\(line): package-dependency: ") == true)
    #expect(lines.dropFirst().first?.hasPrefix("ViewModel/Sources/FunViewModel/Leak.swift:2: layer: ") == true)
    #expect(lines.last?.hasPrefix("check-layering: 2 violations (12 packages, 32 Swift files") == true)
  }

  @Test(
    "Bad arguments, a missing table and a table with problems exit 2 with a reason on stderr",
    arguments: [
      (["--bogus"], "unknown argument '--bogus'"),
      (["--root"], "--root needs a value"),
      (["--table", "/nonexistent/layers.json"], "cannot read the rules table /nonexistent/layers.json"),
    ]
  )
  func unusable(arguments: [String], reason: String) async {
    let outcome = await CheckLayeringCommand.run(
      arguments: arguments,
      currentDirectory: URL(fileURLWithPath: "/nonexistent-root")
    )

    #expect(outcome.status == 2)
    #expect(outcome.output.isEmpty)
    #expect(outcome.errors.contains(reason), "\(outcome.errors)")
  }

  @Test("A table with problems is refused before anything is checked")
  func tableWithProblems() async throws {
    var fixture = Fixture.clean
    fixture.table =
      #"{"layers": [{"name": "A", "package": "A", "modules": ["X"], "mayImport": ["B"]}], "toolchain": []}"#

    let outcome = try await Self.run(fixture)

    #expect(outcome.status == 2)
    #expect(outcome.errors.contains("layer A may import B, which is not a layer of the table"))
  }

  @Test("--help prints the usage and exits 0")
  func help() async {
    let outcome = await CheckLayeringCommand.run(arguments: ["--help"], currentDirectory: URL(fileURLWithPath: "/"))

    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("USAGE: check-layering"))
  }
}
