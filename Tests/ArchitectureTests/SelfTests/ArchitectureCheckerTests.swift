import Foundation
import Testing

@Suite("ArchitectureChecker", .timeLimit(.minutes(5)))
struct ArchitectureCheckerTests {
  /// A file in FunViewModel: a few harmless lines, then `line` at line 5.
  private static func viewModelFile(with line: String) -> String {
    "import FunCore\nimport FunModel\n\n// The next line is the one under test.\n\(line)\n\nstruct Thing {}\n"
  }

  private static let viewModelPath = "ViewModel/Sources/FunViewModel/Injected.swift"

  @Test("The clean fixture has no violations")
  func cleanFixturePasses() {
    let violations = Fixture.clean.violations

    #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
  }

  @Test("An upward import (Model importing ViewModel) is a layer violation at its file and line")
  func upwardImport() {
    var fixture = Fixture.clean
    fixture.sources["Model/Sources/FunModel/Upward.swift"] = "import FunCore\n\nimport FunViewModel\n"

    let violations = fixture.violations

    #expect(violations.map(\.description).count == 1)
    #expect(violations.first?.file == "Model/Sources/FunModel/Upward.swift")
    #expect(violations.first?.line == 3)
    #expect(violations.first?.rule == .layer)
    #expect(violations.first?.message.contains("FunModel may not import FunViewModel") == true)
  }

  @Test("A sideways import (ViewModel importing Services) is a layer violation naming what is allowed")
  func sidewaysImport() {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = Self.viewModelFile(with: "import FunServices")

    let violations = fixture.violations

    #expect(violations.count == 1)
    #expect(violations.first?.description.hasPrefix("\(Self.viewModelPath):5: layer: ") == true)
    #expect(violations.first?.message.contains("it may import FunCore, FunModel") == true)
  }

  @Test(
    "Every spelling of a forbidden import is caught at its line",
    arguments: [
      "@testable import FunServices",
      "import struct FunServices.CatalogLoader",
      "import class FunServices.Store",
      "import enum FunServices.Kind",
      "import protocol FunServices.Loading",
      "import func FunServices.load",
      "import var FunServices.shared",
      "import let FunServices.constant",
      "import typealias FunServices.Alias",
      "@_exported import FunServices",
      "@preconcurrency import FunServices",
      "@_implementationOnly import FunServices",
      "@_spi(Testing) import FunServices",
      "public import FunServices",
      "package import FunServices",
      "internal import FunServices",
      "fileprivate import FunServices",
      "private import FunServices",
      "@testable public import FunServices",
      "let x = 1; import FunServices",
      "#if canImport(FunServices)\nimport FunServices\n#endif",
      "#if false\nimport FunServices\n#endif",
      "#if DEBUG\n  import Foundation\n#else\n  import FunServices\n#endif",
    ]
  )
  func everySpellingIsCaught(line: String) {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = Self.viewModelFile(with: line)
    let offset = line.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("import FunServices") }
    let expectedLine = 5 + (offset ?? 0)

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.layer])
    #expect(violations.map(\.file) == [Self.viewModelPath])
    #expect(violations.map(\.line) == [expectedLine])
  }

  @Test("Imports in comments and strings are not violations")
  func commentsAndStringsAreIgnored() {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = [
      "import FunModel",
      "// import FunServices",
      "/* import FunServices */",
      "/// Call `import FunServices` in the app, never here.",
      #"let example = "import FunServices""#,
      #"let template = """"#,
      "  import FunFrontend",
      #"  """"#,
    ].joined(separator: "\n")

    #expect(fixture.violations.isEmpty)
  }

  @Test("Importing a module the manifest target does not depend on is an undeclared dependency")
  func undeclaredManifestDependency() {
    var fixture = Fixture.clean
    fixture.editTarget("FunFrontend", in: "Frontend") { target in
      target.dependencies.removeAll { $0 == .product("FunCore", package: "Core") }
    }

    let violations = fixture.violations

    #expect(violations.count == 1)
    #expect(violations.first?.rule == .undeclaredDependency)
    #expect(violations.first?.file == "Frontend/Sources/FunFrontend/Frontend.swift")
    #expect(violations.first?.line == 1)
    #expect(violations.first?.message.contains("Frontend/Package.swift") == true)
  }

  @Test("A root target compiling a package's test folder must declare that folder's imports too")
  func undeclaredInRootManifest() {
    var fixture = Fixture.clean
    fixture.editTarget("FunViewModelTests", in: "") { target in
      target.dependencies.removeAll { $0 == .product("FunModelTestSupport", package: "Model") }
    }

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.undeclaredDependency])
    #expect(violations.first?.file == "ViewModel/Tests/FunViewModelTests/ViewModelTests.swift")
    #expect(violations.first?.line == 3)
    #expect(violations.first?.message.contains("in Package.swift") == true)
  }

  @Test("An upward dependency in a manifest fails even when no file imports it")
  func upwardManifestDependency() {
    var fixture = Fixture.clean
    fixture.editPackage("ViewModel") { package in
      package.localDependencies.append("Services")
    }
    fixture.editTarget("FunViewModel", in: "ViewModel") { target in
      target.dependencies.append(.product("FunServices", package: "Services"))
    }

    let violations = fixture.violations

    #expect(violations.count == 1)
    #expect(
      violations.first?.description.hasPrefix(
        "ViewModel/Package.swift: manifest-layer: target FunViewModel depends on FunServices") == true)
  }

  @Test("Production code importing the mocks is caught in the file and in the manifest")
  func productionUsesTestSupport() {
    var fixture = Fixture.clean
    fixture.sources["Services/Sources/FunServices/Mocked.swift"] = "import FunModel\nimport FunModelTestSupport\n"
    fixture.editTarget("FunServices", in: "Services") { target in
      target.dependencies.append(.product("FunModelTestSupport", package: "Model"))
    }

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.testSupportInProduction, .testSupportInProduction])
    #expect(violations.map(\.file) == ["Services/Package.swift", "Services/Sources/FunServices/Mocked.swift"])
    #expect(violations.map(\.line) == [nil, 2])
  }

  @Test("An executable importing the mocks is production code too")
  func executableUsesTestSupport() {
    var fixture = Fixture.clean
    fixture.sources["App/Sources/fun/main.swift"] = "import FunApp\nimport FunModelTestSupport\n"

    #expect(fixture.violations.map(\.rule) == [.testSupportInProduction])
  }

  @Test("A remote package dependency fails, in a layer package and in the root")
  func remoteDependency() {
    var fixture = Fixture.clean
    fixture.editPackage("Services") { $0.remoteDependencies = ["https://github.com/apple/swift-algorithms.git"] }
    fixture.editPackage("") { $0.remoteDependencies = ["https://github.com/apple/swift-collections"] }

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.remoteDependency, .remoteDependency])
    #expect(violations.map(\.file) == ["Package.swift", "Services/Package.swift"])
    #expect(violations.last?.message.contains("swift-algorithms") == true)
  }

  @Test("An import that is neither ours nor the toolchain's fails")
  func unknownImport() {
    var fixture = Fixture.clean
    fixture.sources["Core/Sources/FunCore/Network.swift"] = "import Foundation\nimport Alamofire\n"

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.unknownModule])
    #expect(violations.map(\.line) == [2])
  }

  @Test("A target missing from the layer table fails until the table says what it may import")
  func unknownTarget() {
    var fixture = Fixture.clean
    fixture.editPackage("Core") { package in
      package.targets.append(Fixture.Target(name: "FunExtras", type: "regular", dependencies: []))
    }
    fixture.sources["Core/Sources/FunExtras/Extras.swift"] = "import Foundation\n"

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.unknownTarget, .unknownTarget])
    #expect(violations.map(\.file) == ["Core/Package.swift", "Core/Sources/FunExtras"])
  }

  @Test("Production code may not import a test framework")
  func testFrameworkInProduction() {
    var fixture = Fixture.clean
    fixture.sources["Core/Sources/FunCore/Testing.swift"] = "import XCTest\n"

    #expect(fixture.violations.map(\.rule) == [.testFrameworkInProduction])
  }

  @Test("ViewModels may not import Glibc or Darwin", arguments: ["Glibc", "Darwin"])
  func viewModelsStayAwayFromTerminals(module: String) {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = Self.viewModelFile(with: "#if canImport(\(module))\nimport \(module)\n#endif")

    #expect(fixture.violations.map(\.rule) == [.forbiddenToolchainModule])
    #expect(fixture.violations.map(\.line) == [6])
  }

  @Test(
    "Only FunServices may import FoundationNetworking: every other layer reaches the network through NetworkService",
    arguments: [
      "Core/Sources/FunCore/Core.swift", "Model/Sources/FunModel/Model.swift",
      "Model/Sources/FunModelTestSupport/Mocks.swift", "ViewModel/Sources/FunViewModel/ViewModel.swift",
      "Frontend/Sources/FunFrontend/Frontend.swift", "Coordinator/Sources/FunCoordinator/Coordinator.swift",
      "App/Sources/FunApp/App.swift", "App/Sources/fun/main.swift",
    ]
  )
  func networkingOnlyInServices(path: String) throws {
    var fixture = Fixture.clean
    let file = try #require(fixture.sources[path])
    fixture.sources[path] = file + "#if canImport(FoundationNetworking)\n  import FoundationNetworking\n#endif\n"

    let violations = fixture.violations
    #expect(violations.map(\.rule) == [.forbiddenToolchainModule])
    #expect(violations.first?.file == path)
    #expect(violations.first?.message.contains("only FunServices may use it") == true)
  }

  @Test("FunServices may import FoundationNetworking (the clean fixture's downloader does)")
  func networkingInServicesIsClean() throws {
    let downloader = try #require(Fixture.clean.sources["Services/Sources/FunServices/Downloader.swift"])
    #expect(ImportScanner.imports(in: downloader).map(\.module).contains("FoundationNetworking"))
    #expect(Fixture.clean.violations.isEmpty)
  }

  @Test(
    "A test target may import its module, the layers below it and the mocks, but nothing above or beside",
    arguments: [
      ("ViewModel/Tests/FunViewModelTests/T.swift", "FunViewModel", true),
      ("ViewModel/Tests/FunViewModelTests/T.swift", "FunModelTestSupport", true),
      ("ViewModel/Tests/FunViewModelTests/T.swift", "XCTest", true),
      ("ViewModel/Tests/FunViewModelTests/T.swift", "FunServices", false),
      ("ViewModel/Tests/FunViewModelTests/T.swift", "FunFrontend", false),
      ("Core/Tests/FunCoreTests/T.swift", "FunModelTestSupport", false),
      ("Core/Tests/FunCoreTests/T.swift", "FunModel", false),
      ("Model/Tests/FunModelTests/T.swift", "FunModelTestSupport", true),
      ("App/Tests/FunAppTests/T.swift", "fun", true),
      ("ViewModel/Tests/FunViewModelTests/T.swift", "fun", false),
      ("Tests/ArchitectureTests/T.swift", "Foundation", true),
      ("Tests/ArchitectureTests/T.swift", "FunCore", false),
    ]
  )
  func testTargetAllowances(path: String, module: String, allowed: Bool) {
    var fixture = Fixture.clean
    fixture.sources[path] = "import \(module)\n"

    let layerViolations = fixture.violations.filter { $0.rule == .layer }

    #expect(layerViolations.isEmpty == allowed, "\(layerViolations.map(\.description))")
  }

  @Test("Only the tests of the executables' own layer may depend on them")
  func executablesAreForTheirLayersTests() {
    var fixture = Fixture.clean
    fixture.editPackage("") { package in
      package.targets.append(
        Fixture.Target(
          name: "FunViewModelIntegrationTests",
          type: "test",
          dependencies: [.product("fun", package: "App")]
        )
      )
    }
    fixture.editTarget("FunViewModelTests", in: "") { target in
      target.dependencies.append(.product("fun", package: "App"))
    }

    let violations = fixture.violations

    #expect(violations.map(\.rule) == [.manifestLayer, .unknownTarget])
    #expect(violations.first?.message.contains("FunViewModelTests depends on fun") == true)
  }

  @Test("Every violation is reported, not only the first, sorted by file and line")
  func reportsAllViolations() {
    var fixture = Fixture.clean
    fixture.sources["Core/Sources/FunCore/Up.swift"] = "import FunModel\nimport FunServices\n"
    fixture.sources["Model/Sources/FunModel/Up.swift"] = "import FunApp\n"
    fixture.editPackage("App") { $0.remoteDependencies = ["https://example.com/lib.git"] }

    let violations = fixture.violations

    #expect(
      violations.map { "\($0.file):\($0.line ?? 0)" } == [
        "App/Package.swift:0",
        "Core/Sources/FunCore/Up.swift:1",
        "Core/Sources/FunCore/Up.swift:2",
        "Model/Sources/FunModel/Up.swift:1",
      ]
    )
  }

  @Test("The clean fixture, written to disk and read with dump-package, passes and decodes as declared")
  func cleanFixtureOnDisk() async throws {
    let fixture = Fixture.clean
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try fixture.write(to: root)

    let snapshot = try await RepositorySnapshot.load(root: root)

    #expect(
      snapshot.packages.map(\.directory) == [
        "", "App", "Coordinator", "Core", "Frontend", "Model", "Services", "ViewModel",
      ])
    for package in fixture.packages {
      let loaded = try #require(snapshot.packages.first { $0.directory == package.directory })
      #expect(loaded.manifest.name == package.manifest.name)
      #expect(loaded.manifest.targets == package.manifest.targets)
      #expect(loaded.manifest.products == package.manifest.products)
      #expect(loaded.manifest.dependencies.map(\.kind) == package.manifest.dependencies.map(\.kind))
    }
    #expect(snapshot.sources.count == fixture.sources.count)
    let violations = ArchitectureChecker().check(snapshot)
    #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
  }
}
