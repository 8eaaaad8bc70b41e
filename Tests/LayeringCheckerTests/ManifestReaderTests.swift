import Foundation
import Testing

@testable import LayeringChecker

@Suite("ManifestReader", .timeLimit(.minutes(5)))
struct ManifestReaderTests {
  @Test("dump-package on a package with remote dependencies works offline and the checker flags each one")
  func remoteDependenciesOnDisk() async throws {
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let manifest = """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "Remote",
        dependencies: [
          .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.0"),
          .package(id: "example.widgets", from: "1.0.0"),
          .package(path: "../Local"),
        ],
        targets: [
          .target(
            name: "FunCore",
            dependencies: [.product(name: "Algorithms", package: "swift-algorithms"), .target(name: "Helper")]
          ),
          .target(name: "Helper"),
        ]
      )

      """
    try Data(manifest.utf8).write(to: root.appending(path: "Package.swift"))

    let decoded = try await ManifestReader.read(packageAt: root)

    #expect(decoded.name == "Remote")
    #expect(decoded.dependencies.map(\.kind) == [.sourceControl, .registry, .fileSystem])
    #expect(decoded.dependencies.map(\.identity) == ["swift-algorithms", "example.widgets", "local"])
    #expect(decoded.dependencies.first?.location == "https://github.com/apple/swift-algorithms.git")
    #expect(
      decoded.targets.first?.dependencies == [
        .product(name: "Algorithms", package: "swift-algorithms"), .target("Helper"),
      ]
    )

    let snapshot = RepositorySnapshot(
      packages: [.init(directory: "", manifest: decoded, manifestText: manifest)],
      sources: []
    )
    let violations = try ArchitectureChecker(rules: Fixture.clean.rules).check(snapshot)
    #expect(
      violations.filter { $0.rule == .remoteDependency }.map { "\($0.file):\($0.line)" } == [
        "Package.swift:7", "Package.swift:8",
      ])
    #expect(violations.contains { $0.description.hasPrefix("Package.swift:14: unknown-module: ") })
    #expect(violations.contains { $0.description.hasPrefix("Package.swift:16: unknown-target: target Helper") })
    #expect(!violations.contains { $0.rule == .unknownModule && $0.message.contains("Helper") })
    #expect(violations.contains { $0.description.hasPrefix("Package.swift:9: unknown-package: ") })
  }

  @Test("A package whose manifest does not compile fails with the package's path and SwiftPM's message")
  func brokenManifestFails() async throws {
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(\n".utf8)
      .write(to: root.appending(path: "Package.swift"))

    let error = await #expect(throws: ManifestReader.Failure.self) {
      try await ManifestReader.read(packageAt: root)
    }

    #expect(error?.description.contains(root.path) == true)
  }

  @Test("Target dependencies decode in every form dump-package writes")
  func decodesDependencyForms() throws {
    let json = """
      {"name": "P", "dependencies": [], "products": [{"name": "Lib", "targets": ["A", "B"], "type": {"library": ["automatic"]}}],
       "targets": [{"name": "A", "type": "regular", "path": null, "dependencies": [
         {"byName": ["B", null]},
         {"target": ["C", {"platformNames": ["linux"]}]},
         {"product": ["X", "pkg", {"X": "Y"}, null]},
         {"product": ["Z", null, null, null]}]}]}
      """

    let manifest = try ManifestReader.decode(Data(json.utf8))

    #expect(manifest.products == [.init(name: "Lib", targets: ["A", "B"])])
    #expect(
      manifest.targets.first?.dependencies == [
        .byName("B"), .target("C"), .product(name: "X", package: "pkg"), .product(name: "Z", package: nil),
      ]
    )
  }
}
