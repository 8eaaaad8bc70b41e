import Foundation
import Testing

@testable import LayeringChecker

/// One test (at least) per rule, each naming the file and line the violation must point at, on
/// the Fun-shaped fixture checked with the repository's own `layers.json`.
@Suite("ArchitectureChecker")
struct LayeringCheckerTests {
  /// A file in FunViewModel: a few harmless lines, then `line` at line 5.
  private static func viewModelFile(with line: String) -> String {
    "import FunCore\nimport FunModel\n\n// The next line is the one under test.\n\(line)\n\nstruct Thing {}\n"
  }

  private static let viewModelPath = "ViewModel/Sources/FunViewModel/Injected.swift"

  @Test("The clean fixture has no violations")
  func cleanFixturePasses() throws {
    let violations = try Fixture.clean.violations

    #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
  }

  // MARK: - layer

  @Test("An upward import (Model importing ViewModel) is a layer violation at its file and line")
  func upwardImport() throws {
    var fixture = Fixture.clean
    fixture.sources["Model/Sources/FunModel/Upward.swift"] = "import FunCore\n\nimport FunViewModel\n"

    let violations = try fixture.violations

    #expect(violations.count == 1)
    #expect(violations.first?.description.hasPrefix("Model/Sources/FunModel/Upward.swift:3: layer: ") == true)
    #expect(violations.first?.message.contains("FunModel may not import FunViewModel (layer ViewModel)") == true)
  }

  @Test("A sideways import (ViewModel importing Services) is a layer violation naming what is allowed")
  func sidewaysImport() throws {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = Self.viewModelFile(with: "import FunServices")

    let violations = try fixture.violations

    #expect(violations.count == 1)
    #expect(violations.first?.description.hasPrefix("\(Self.viewModelPath):5: layer: ") == true)
    #expect(violations.first?.message.hasSuffix("it may import FunCore, FunModel") == true)
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
  func everySpellingIsCaught(line: String) throws {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = Self.viewModelFile(with: line)
    let offset = line.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("import FunServices") }
    let expectedLine = 5 + (offset ?? 0)

    let violations = try fixture.violations

    #expect(violations.map(\.rule) == [.layer])
    #expect(violations.map(\.file) == [Self.viewModelPath])
    #expect(violations.map(\.line) == [expectedLine])
  }

  @Test("Imports in comments and strings are not violations")
  func commentsAndStringsAreIgnored() throws {
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

    #expect(try fixture.violations.isEmpty)
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
      ("Tests/ArchitectureTests/T.swift", "LayeringChecker", true),
      ("Tests/ArchitectureTests/T.swift", "FunCore", false),
      ("Tests/LayeringCheckerTests/T.swift", "LayeringChecker", true),
      ("Tests/LayeringCheckerTests/T.swift", "FunCore", false),
    ]
  )
  func testTargetAllowances(path: String, module: String, allowed: Bool) throws {
    var fixture = Fixture.clean
    fixture.sources[path] = "import \(module)\n"

    let layerViolations = try fixture.violations.filter { $0.rule == .layer }

    #expect(layerViolations.isEmpty == allowed, "\(layerViolations.map(\.description))")
  }

  @Test(
    "Build-time tooling and the app never import each other",
    arguments: [
      ("Sources/LayeringChecker/Bad.swift", "FunCore"),
      ("Sources/check-layering/Bad.swift", "FunApp"),
      ("Plugins/CheckLayering/Bad.swift", "FunModel"),
      ("Core/Sources/FunCore/Bad.swift", "LayeringChecker"),
      ("App/Sources/FunApp/Bad.swift", "LayeringChecker"),
    ]
  )
  func toolingStaysApart(path: String, module: String) throws {
    var fixture = Fixture.clean
    fixture.sources[path] = "import Foundation\nimport \(module)\n"

    let violations = try fixture.violations

    #expect(violations.map(\.description).map { $0.hasPrefix("\(path):2: layer: ") } == [true])
  }

  // MARK: - undeclared-dependency

  @Test("Importing a module the manifest target does not depend on is an undeclared dependency at the import")
  func undeclaredManifestDependency() throws {
    var fixture = Fixture.clean
    fixture.editTarget("FunFrontend", in: "Frontend") { target in
      target.dependencies.removeAll { $0 == .product("FunCore", package: "Core") }
    }

    let violations = try fixture.violations

    #expect(violations.count == 1)
    #expect(
      violations.first?.description.hasPrefix("Frontend/Sources/FunFrontend/Frontend.swift:1: undeclared-dependency: ")
        == true)
    #expect(violations.first?.message.contains("Frontend/Package.swift") == true)
  }

  @Test("A root target compiling a package's test folder must declare that folder's imports too")
  func undeclaredInRootManifest() throws {
    var fixture = Fixture.clean
    fixture.editTarget("FunViewModelTests", in: "") { target in
      target.dependencies.removeAll { $0 == .product("FunModelTestSupport", package: "Model") }
    }

    let violations = try fixture.violations

    #expect(violations.map(\.rule) == [.undeclaredDependency])
    #expect(violations.first?.file == "ViewModel/Tests/FunViewModelTests/ViewModelTests.swift")
    #expect(violations.first?.line == 3)
    #expect(violations.first?.message.contains("in Package.swift") == true)
  }

  // MARK: - manifest-layer

  @Test("A target depending on a product of a higher layer fails at the manifest line, even when no file imports it")
  func upwardProductDependency() throws {
    var fixture = Fixture.clean
    fixture.editTarget("FunModel", in: "Model") { target in
      target.dependencies.append(.product("FunFrontend", package: "Frontend"))
    }
    let line = try #require(fixture.manifestLine("Model", containing: #".target(name: "FunModel","#))

    let violations = try fixture.violations.filter { $0.rule == .manifestLayer }

    #expect(violations.map(\.description).count == 1)
    #expect(
      violations.first?.description.hasPrefix(
        "Model/Package.swift:\(line): manifest-layer: target FunModel depends on FunFrontend: ") == true)
  }

  @Test("A product that bundles a higher layer's module is caught through the product's name")
  func productBundlingAHigherModule() throws {
    var fixture = Fixture.clean
    fixture.editPackage("Frontend") { $0.extraProducts = [.init(name: "Widgets", targets: ["FunFrontend"])] }
    fixture.editTarget("FunViewModel", in: "ViewModel") {
      $0.dependencies.append(.product("Widgets", package: "Frontend"))
    }
    let line = try #require(fixture.manifestLine("ViewModel", containing: #""Widgets""#))

    let violations = try fixture.violations

    #expect(
      violations.map(\.description) == [
        "ViewModel/Package.swift:\(line): manifest-layer: target FunViewModel depends on FunFrontend "
          + "(through product Widgets): FunViewModel may not import FunFrontend (layer Frontend); "
          + "it may import FunCore, FunModel"
      ])
  }

  @Test("Only the tests of the executables' own layer may depend on them")
  func executablesAreForTheirLayersTests() throws {
    var fixture = Fixture.clean
    fixture.editTarget("FunViewModelTests", in: "") { target in
      target.dependencies.append(.product("fun", package: "App"))
    }

    let violations = try fixture.violations

    #expect(violations.map(\.rule) == [.manifestLayer])
    #expect(violations.first?.message.contains("FunViewModelTests depends on fun") == true)
  }

  // MARK: - package-dependency

  @Test(
    "A package dependency on a higher or sibling layer's package fails at its line while no target uses it",
    arguments: [
      ("ViewModel", "Services", "sideways"),
      ("Services", "ViewModel", "sideways"),
      ("Model", "Frontend", "upward"),
      ("Core", "App", "upward"),
    ]
  )
  func packageLevelDependency(package: String, dependsOn other: String, direction: String) throws {
    var fixture = Fixture.clean
    fixture.editPackage(package) { $0.localDependencies.append(other) }
    let line = try #require(fixture.manifestLine(package, containing: #".package(path: "../\#(other)")"#))

    let violations = try fixture.violations

    #expect(violations.count == 1, "\(direction): \(violations.map(\.description))")
    #expect(violations.first?.description.hasPrefix("\(package)/Package.swift:\(line): package-dependency: ") == true)
    #expect(violations.first?.message.contains("depends on package \(other) (layer \(other))") == true)
  }

  @Test("Package dependencies on the layers below, and the umbrella's on every layer, are fine")
  func allowedPackageDependencies() throws {
    var fixture = Fixture.clean
    fixture.editPackage("Frontend") { $0.localDependencies = ["Core", "Model", "ViewModel"] }

    #expect(try fixture.violations.isEmpty)
  }

  // MARK: - harnesses

  @Test("A harness's targets may import the layers it lists, but no other layer and no mocks")
  func harnessImports() throws {
    var fixture = Fixture.clean
    fixture.sources["Fuzz/Sources/fuzz-keys/main.swift"] =
      "import FuzzSupport\n\n@testable import FunFrontend\nimport FunViewModel\nimport FunModelTestSupport\n"

    let violations = try fixture.violations

    #expect(
      violations.map { "\($0.file):\($0.line): \($0.rule.rawValue)" } == [
        "Fuzz/Sources/fuzz-keys/main.swift:4: layer",
        "Fuzz/Sources/fuzz-keys/main.swift:5: test-support-in-production",
      ])
    #expect(violations.first?.message.contains("fuzz-keys may not import FunViewModel (layer ViewModel)") == true)
  }

  @Test("A harness may depend on the executables of the layers it lists, so building it builds the binaries it starts")
  func harnessDependsOnExecutables() throws {
    let fixture = Fixture.clean
    let benchmarks = LayerRules.Target(name: "fun-bench", isTest: false)
    let fuzzer = LayerRules.Target(name: "fuzz-keys", isTest: false)

    let rules = try fixture.rules

    // The clean fixture's fun-bench depends on App's `fun`, as the real one does.
    #expect(try fixture.violations.isEmpty)
    #expect(rules.violation(importing: "fun", from: benchmarks) == nil)
    #expect(rules.violation(importing: "check-layering", from: benchmarks) != nil)
    // The fuzz targets do not list Coordinator.
    #expect(rules.violation(importing: "FunCoordinator", from: fuzzer) != nil)
  }

  @Test("Nothing imports a harness's module or depends on its package")
  func nothingDependsOnAHarness() throws {
    var fixture = Fixture.clean
    fixture.sources["App/Sources/FunApp/Fuzzing.swift"] = "import FunCore\nimport FuzzSupport\n"
    fixture.editPackage("App") { $0.localDependencies.append("Fuzz") }
    let line = try #require(fixture.manifestLine("App", containing: #".package(path: "../Fuzz")"#))

    let violations = try fixture.violations

    #expect(
      violations.map { "\($0.file):\($0.line): \($0.rule.rawValue)" } == [
        "App/Package.swift:\(line): package-dependency",
        "App/Sources/FunApp/Fuzzing.swift:2: layer",
      ])
    #expect(violations.first?.message.contains("depends on the harness package Fuzz") == true)
  }

  @Test("A harness's package depends only on the packages of the layers it lists, even while no target uses one")
  func harnessPackageDependencies() throws {
    var fixture = Fixture.clean
    fixture.editPackage("Fuzz") { $0.localDependencies.append("ViewModel") }
    let line = try #require(fixture.manifestLine("Fuzz", containing: #".package(path: "../ViewModel")"#))

    let violations = try fixture.violations

    #expect(violations.map(\.description).count == 1)
    #expect(violations.first?.description.hasPrefix("Fuzz/Package.swift:\(line): package-dependency: ") == true)
    #expect(violations.first?.message.contains("depends on package ViewModel (layer ViewModel)") == true)
  }

  @Test("A harness whose package folder is gone fails at the table line that names it")
  func missingHarnessPackage() throws {
    var fixture = Fixture.clean
    fixture.packages.removeAll { $0.directory == "Fuzz" }
    fixture.sources = fixture.sources.filter { !$0.key.hasPrefix("Fuzz/") }
    let tableLines = fixture.table.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(tableLines.firstIndex { $0.contains(#""package": "Fuzz""#) }) + 1

    let violations = try fixture.violations

    #expect(violations.map(\.description).count == 1)
    #expect(violations.first?.description.hasPrefix("layers.json:\(line): missing-package: the harness") == true)
  }

  // MARK: - test-support-in-production

  @Test("Production code importing the mocks is caught in the file and in the manifest, each at its line")
  func productionUsesTestSupport() throws {
    var fixture = Fixture.clean
    fixture.sources["Services/Sources/FunServices/Mocked.swift"] = "import FunModel\nimport FunModelTestSupport\n"
    fixture.editTarget("FunServices", in: "Services") { target in
      target.dependencies.append(.product("FunModelTestSupport", package: "Model"))
    }
    let line = try #require(fixture.manifestLine("Services", containing: #".target(name: "FunServices","#))

    let violations = try fixture.violations

    #expect(violations.map(\.rule) == [.testSupportInProduction, .testSupportInProduction])
    #expect(
      violations.map { "\($0.file):\($0.line)" } == [
        "Services/Package.swift:\(line)", "Services/Sources/FunServices/Mocked.swift:2",
      ])
  }

  @Test("An executable importing the mocks is production code too")
  func executableUsesTestSupport() throws {
    var fixture = Fixture.clean
    fixture.sources["App/Sources/fun/main.swift"] = "import FunApp\nimport FunModelTestSupport\n"

    #expect(
      try fixture.violations.map(\.description).map {
        $0.hasPrefix("App/Sources/fun/main.swift:2: test-support-in-production: ")
      } == [true])
  }

  // MARK: - remote-dependency

  @Test("A remote package dependency fails at its line, in a layer package and in the root")
  func remoteDependency() throws {
    var fixture = Fixture.clean
    fixture.editPackage("Services") { $0.remoteDependencies = ["https://github.com/apple/swift-algorithms.git"] }
    fixture.editPackage("") { $0.remoteDependencies = ["https://github.com/apple/swift-collections"] }
    let rootLine = try #require(fixture.manifestLine("", containing: "swift-collections"))
    let servicesLine = try #require(fixture.manifestLine("Services", containing: "swift-algorithms"))

    let violations = try fixture.violations

    #expect(violations.map(\.rule) == [.remoteDependency, .remoteDependency])
    #expect(
      violations.map { "\($0.file):\($0.line)" } == [
        "Package.swift:\(rootLine)", "Services/Package.swift:\(servicesLine)",
      ])
    #expect(violations.last?.message.contains("swift-algorithms") == true)
  }

  // MARK: - unknown-package, missing-package

  @Test("A package folder the table does not know fails at its manifest")
  func unknownPackageFolder() throws {
    var fixture = Fixture.clean
    fixture.packages.append(
      Fixture.Package(
        directory: "Unlisted",
        localDependencies: ["Core"],
        targets: [Fixture.Target(name: "FunCore", type: "regular", dependencies: [])]
      )
    )

    let violations = try fixture.violations

    #expect(violations.map(\.description).contains { $0.hasPrefix("Unlisted/Package.swift:1: unknown-package: ") })
  }

  @Test("A local dependency on a folder that is no layer's package fails at its line")
  func unknownPackageDependency() throws {
    var fixture = Fixture.clean
    fixture.editPackage("Services") { $0.localDependencies.append("Vendor/Parser") }
    let line = try #require(fixture.manifestLine("Services", containing: "Vendor/Parser"))

    let violations = try fixture.violations

    #expect(violations.map(\.description).count == 1)
    #expect(violations.first?.description.hasPrefix("Services/Package.swift:\(line): unknown-package: ") == true)
  }

  @Test("A layer whose package folder is gone fails at the table line that names it")
  func missingPackage() throws {
    var fixture = Fixture.clean
    fixture.packages.removeAll { $0.directory == "Services" }
    fixture.sources = fixture.sources.filter { !$0.key.hasPrefix("Services/") }
    fixture.editPackage("") { $0.localDependencies.removeAll { $0 == "Services" } }
    fixture.editPackage("App") { $0.localDependencies.removeAll { $0 == "Services" } }
    fixture.editTarget("FunApp", in: "App") {
      $0.dependencies.removeAll { $0 == .product("FunServices", package: "Services") }
    }
    fixture.sources["App/Sources/FunApp/App.swift"] = "import FunCore\n"
    let tableLines = fixture.table.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(tableLines.firstIndex { $0.contains(#""package": "Services""#) }) + 1

    let violations = try fixture.violations

    #expect(violations.map(\.description).count == 1)
    #expect(violations.first?.description.hasPrefix("layers.json:\(line): missing-package: layer Services") == true)
  }

  // MARK: - unknown-module, unknown-target

  @Test("An import that is neither the workspace's nor the toolchain's fails at its line")
  func unknownImport() throws {
    var fixture = Fixture.clean
    fixture.sources["Core/Sources/FunCore/Network.swift"] = "import Foundation\nimport Alamofire\n"

    let violations = try fixture.violations

    #expect(
      violations.map(\.description).map { $0.hasPrefix("Core/Sources/FunCore/Network.swift:2: unknown-module: ") } == [
        true
      ])
  }

  @Test("A target missing from the table fails at its declaration, and a folder no manifest declares at its first file")
  func unknownTarget() throws {
    var fixture = Fixture.clean
    fixture.editPackage("Core") { package in
      package.targets.append(Fixture.Target(name: "FunExtras", type: "regular", dependencies: []))
    }
    fixture.sources["Core/Sources/FunExtras/Extras.swift"] = "import Foundation\n"
    fixture.sources["Core/Sources/FunStray/A.swift"] = "import Foundation\n"
    fixture.sources["Core/Sources/FunStray/B.swift"] = "import Foundation\n"
    let line = try #require(fixture.manifestLine("Core", containing: #".target(name: "FunExtras""#))

    let violations = try fixture.violations

    #expect(violations.map(\.rule) == [.unknownTarget, .unknownTarget])
    #expect(
      violations.map { "\($0.file):\($0.line)" } == ["Core/Package.swift:\(line)", "Core/Sources/FunStray/A.swift:1"])
  }

  // MARK: - test-framework-in-production, forbidden-toolchain-module

  @Test("Production code may not import a test framework; test-support modules may")
  func testFrameworkInProduction() throws {
    var fixture = Fixture.clean
    fixture.sources["Core/Sources/FunCore/Testing.swift"] = "import Foundation\nimport XCTest\n"
    fixture.sources["Model/Sources/FunModelTestSupport/Expect.swift"] = "import Testing\n"

    #expect(
      try fixture.violations.map(\.description).map {
        $0.hasPrefix("Core/Sources/FunCore/Testing.swift:2: test-framework-in-production: ")
      } == [true])
  }

  @Test("ViewModels may not import Glibc or Darwin", arguments: ["Glibc", "Darwin"])
  func viewModelsStayAwayFromTerminals(module: String) throws {
    var fixture = Fixture.clean
    fixture.sources[Self.viewModelPath] = Self.viewModelFile(with: "#if canImport(\(module))\nimport \(module)\n#endif")

    #expect(
      try fixture.violations.map(\.description).map {
        $0.hasPrefix("\(Self.viewModelPath):6: forbidden-toolchain-module: ")
      } == [true])
  }

  @Test(
    "Only FunServices may import FoundationNetworking: every other layer reaches the network through NetworkService",
    arguments: [
      "Core/Sources/FunCore/Core.swift", "Model/Sources/FunModel/Model.swift",
      "Model/Sources/FunModelTestSupport/Mocks.swift", "ViewModel/Sources/FunViewModel/ViewModel.swift",
      "Frontend/Sources/FunFrontend/Frontend.swift", "Coordinator/Sources/FunCoordinator/Coordinator.swift",
      "App/Sources/FunApp/App.swift", "App/Sources/fun/main.swift", "Sources/LayeringChecker/Checker.swift",
    ]
  )
  func networkingOnlyInServices(path: String) throws {
    var fixture = Fixture.clean
    let file = try #require(fixture.sources[path])
    fixture.sources[path] = file + "#if canImport(FoundationNetworking)\n  import FoundationNetworking\n#endif\n"
    let line = file.split(separator: "\n", omittingEmptySubsequences: false).count + 1

    let violations = try fixture.violations
    #expect(violations.map(\.rule) == [.forbiddenToolchainModule])
    #expect(violations.first.map { "\($0.file):\($0.line)" } == "\(path):\(line)")
    #expect(violations.first?.message.contains("only FunServices may use it") == true)
  }

  @Test("FunServices may import FoundationNetworking (the clean fixture's downloader does)")
  func networkingInServicesIsClean() throws {
    let downloader = try #require(Fixture.clean.sources["Services/Sources/FunServices/Downloader.swift"])
    #expect(ImportScanner.imports(in: downloader).map(\.module).contains("FoundationNetworking"))
    #expect(try Fixture.clean.violations.isEmpty)
  }

  // MARK: - reporting

  @Test("Every violation is reported, not only the first, sorted by file and line")
  func reportsAllViolations() throws {
    var fixture = Fixture.clean
    fixture.sources["Core/Sources/FunCore/Up.swift"] = "import FunModel\nimport FunServices\n"
    fixture.sources["Model/Sources/FunModel/Up.swift"] = "import FunApp\n"
    fixture.editPackage("App") { $0.remoteDependencies = ["https://example.com/lib.git"] }
    let line = try #require(fixture.manifestLine("App", containing: "example.com"))

    let violations = try fixture.violations

    #expect(
      violations.map { "\($0.file):\($0.line)" } == [
        "App/Package.swift:\(line)",
        "Core/Sources/FunCore/Up.swift:1",
        "Core/Sources/FunCore/Up.swift:2",
        "Model/Sources/FunModel/Up.swift:1",
      ]
    )
  }

  @Test("Every rule has a test that breaks it: the rules this suite provokes cover Violation.Rule")
  func everyRuleIsProvoked() throws {
    // Each entry breaks one rule the cheapest way; together they must cover every case, so a
    // new rule cannot be added without a way to provoke it here.
    var fixture = Fixture.clean
    fixture.sources["Model/Sources/FunModel/A.swift"] = "import FunViewModel\nimport Alamofire\nimport XCTest\n"
    fixture.sources["Services/Sources/FunServices/B.swift"] = "import FunModelTestSupport\n"
    fixture.sources["ViewModel/Sources/FunViewModel/C.swift"] = "import Glibc\nimport FunModel\n"
    fixture.sources["Core/Sources/FunStray/D.swift"] = "import Foundation\n"
    fixture.editTarget("FunViewModel", in: "ViewModel") {
      $0.dependencies = [.product("FunFrontend", package: "Frontend")]
    }
    fixture.editPackage("ViewModel") { $0.localDependencies.append("Frontend") }
    fixture.editPackage("Core") { $0.remoteDependencies = ["https://example.com/lib.git"] }
    fixture.editPackage("Services") { $0.localDependencies.append("Vendor") }
    fixture.packages.removeAll { $0.directory == "Coordinator" }

    let rules = Set(try fixture.violations.map(\.rule))

    #expect(rules == Set(Violation.Rule.allCases), "never provoked: \(Set(Violation.Rule.allCases).subtracting(rules))")
  }
}
