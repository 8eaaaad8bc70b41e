import Testing

@testable import LayeringChecker

@Suite("ManifestLocator")
struct ManifestLocatorTests {
  /// A manifest in the root's style: shared dependencies in variables, targets over several
  /// lines, a comment that names a target, a dependency spelled by name.
  private static let manifest = """
    // swift-tools-version: 6.2
    import PackageDescription

    // .target(name: "FunModel") in a comment is not a declaration.
    let core: Target.Dependency = .product(name: "FunCore", package: "Core")

    let package = Package(
      name: "Fun",
      dependencies: [
        .package(path: "Core"), .package(path: "../Model"),
        .package(url: "https://example.com/lib.git", from: "1.0.0"),
        .package(id: "acme.widgets", from: "1.0.0"),
      ],
      targets: [
        .testTarget(name: "FunCoreTests", dependencies: [core], path: "Core/Tests/FunCoreTests"),
        .target(
          name: "FunModel",
          dependencies: [
            "Helper",
            .product(name: "FunCore", package: "Core"),
            .target(name: "Helper"),
          ]
        ),
        .target(name: "Helper"),
      ]
    )
    """

  @Test("A target's declaration is found by its name: argument, not in comments nor as a dependency")
  func targets() {
    let locator = ManifestLocator(Self.manifest)

    #expect(locator.line(ofTarget: "FunCoreTests") == 15)
    #expect(locator.line(ofTarget: "FunModel") == 17)
    #expect(locator.line(ofTarget: "Helper") == 24)
    #expect(locator.line(ofTarget: "Missing") == nil)
  }

  @Test("A dependency is found inside its target, else where a shared variable spells it, else at the target")
  func dependencies() {
    let locator = ManifestLocator(Self.manifest)

    #expect(locator.line(ofDependency: "Helper", inTarget: "FunModel") == 19)
    #expect(locator.line(ofDependency: "FunCore", inTarget: "FunModel") == 20)
    #expect(locator.line(ofDependency: "FunCore", inTarget: "FunCoreTests") == 5)
    #expect(locator.line(ofDependency: "Computed", inTarget: "Helper") == 24)
  }

  @Test("A package dependency is found by its path's last folder, its URL or its registry id")
  func packageDependencies() {
    let locator = ManifestLocator(Self.manifest)
    typealias Dependency = PackageManifest.Dependency

    #expect(locator.line(ofPackageDependency: Dependency(kind: .fileSystem, identity: "core", location: "Core")) == 10)
    #expect(
      locator.line(ofPackageDependency: Dependency(kind: .fileSystem, identity: "model", location: "Model")) == 10)
    #expect(
      locator.line(
        ofPackageDependency: Dependency(kind: .sourceControl, identity: "lib", location: "https://example.com/lib.git")
      ) == 11)
    #expect(
      locator.line(ofPackageDependency: Dependency(kind: .registry, identity: "acme.widgets", location: nil)) == 12)
    #expect(
      locator.line(ofPackageDependency: Dependency(kind: .fileSystem, identity: "x", location: "Elsewhere")) == nil)
  }
}
