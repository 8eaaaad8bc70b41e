/// The one table of who may import whom (SPEC §1), and the verdicts derived from it.
///
/// Every production target of the workspace has a row. Test targets are not listed: a test
/// target named `<Module>Tests` may import (and depend on) its module, everything that module
/// may import, the executables of its layer (so end-to-end tests can have `swift test` build
/// the binary), the test-support module (when the module sits at or above the layer the mocks
/// serve), the test frameworks and the toolchain. Targets listed in ``standaloneTestTargets``
/// (the architecture tests themselves) may import only the toolchain and the test frameworks.
struct LayerRules: Sendable {
  /// What a production target is for.
  enum Role: Equatable, Sendable {
    /// A library layer.
    case library
    /// The mocks and fixtures for tests; never a dependency of production code.
    case testSupport
    /// An executable that belongs to the layer of library `partOf`, whose tests may use it.
    case executable(partOf: String)
  }

  /// One row of the table.
  struct Layer: Sendable {
    /// The target (and module) name.
    let name: String
    /// What the target is for.
    let role: Role
    /// Our modules it may import.
    let mayImport: Set<String>
    /// Toolchain modules it must not import.
    let forbiddenToolchainModules: Set<String>

    init(_ name: String, _ role: Role = .library, mayImport: Set<String>, forbidding: Set<String> = []) {
      self.name = name
      self.role = role
      self.mayImport = mayImport
      self.forbiddenToolchainModules = forbidding
    }
  }

  /// A target as the checker meets it: by name, and whether it is a test target.
  struct Target: Hashable, Sendable, CustomStringConvertible {
    /// The target name, as in the manifest and the folder.
    let name: String
    /// Whether it is a test target (`Tests/<name>`, `.testTarget`).
    let isTest: Bool

    var description: String { name }
  }

  /// The rows, by name.
  let layers: [String: Layer]
  /// Toolchain modules any target may import.
  let toolchainModules: Set<String>
  /// Test frameworks: only test targets and the test-support module may import them.
  let testFrameworks: Set<String>
  /// The mocks module, kept out of production code.
  let testSupportModule: String
  /// The module the mocks implement: test targets of modules that may import it may use the mocks.
  let testSupportServes: String
  /// Test targets that test no module of ours.
  let standaloneTestTargets: Set<String>

  /// Fun's rules, straight from the SPEC §1 table.
  static let fun: LayerRules = {
    let libraries: Set<String> = [
      "FunCoordinator", "FunFrontend", "FunViewModel", "FunServices", "FunModel", "FunCore",
    ]
    // URLSession is the catalog service's business: FunServices fetches remote catalogs behind
    // NetworkService, and every other layer reaches the network only through that protocol.
    let networking: Set<String> = ["FoundationNetworking"]
    let belowCoordinator: Set<String> = ["FunFrontend", "FunViewModel", "FunModel", "FunCore"]
    let app = libraries.union(["FunApp"])
    return LayerRules(
      layers: [
        Layer("FunCore", mayImport: [], forbidding: networking),
        Layer("FunModel", mayImport: ["FunCore"], forbidding: networking),
        Layer("FunModelTestSupport", .testSupport, mayImport: ["FunModel", "FunCore"], forbidding: networking),
        Layer("FunServices", mayImport: ["FunModel", "FunCore"]),
        // ViewModels know nothing of terminals.
        Layer("FunViewModel", mayImport: ["FunModel", "FunCore"], forbidding: networking.union(["Glibc", "Darwin"])),
        Layer("FunFrontend", mayImport: ["FunViewModel", "FunModel", "FunCore"], forbidding: networking),
        Layer("FunCoordinator", mayImport: belowCoordinator, forbidding: networking),
        Layer("FunApp", mayImport: libraries, forbidding: networking),
        Layer("fun", .executable(partOf: "FunApp"), mayImport: app, forbidding: networking),
        Layer("fun-bench", .executable(partOf: "FunApp"), mayImport: app, forbidding: networking),
      ],
      toolchainModules: [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Dispatch", "Observation", "Synchronization", "Glibc", "Musl", "Darwin", "Swift",
        "_Concurrency", "_StringProcessing",
      ],
      testFrameworks: ["Testing", "XCTest"],
      testSupportModule: "FunModelTestSupport",
      testSupportServes: "FunModel",
      standaloneTestTargets: ["ArchitectureTests"]
    )
  }()

  init(
    layers: [Layer],
    toolchainModules: Set<String>,
    testFrameworks: Set<String>,
    testSupportModule: String,
    testSupportServes: String,
    standaloneTestTargets: Set<String>
  ) {
    self.layers = Dictionary(uniqueKeysWithValues: layers.map { ($0.name, $0) })
    self.toolchainModules = toolchainModules
    self.testFrameworks = testFrameworks
    self.testSupportModule = testSupportModule
    self.testSupportServes = testSupportServes
    self.standaloneTestTargets = standaloneTestTargets
  }

  /// Whether `module` is one of ours.
  func isOurModule(_ module: String) -> Bool {
    layers[module] != nil
  }

  /// Whether the table knows `target`.
  func knows(_ target: Target) -> Bool {
    if target.isTest {
      return standaloneTestTargets.contains(target.name) || moduleUnderTest(target) != nil
    }
    return layers[target.name] != nil
  }

  /// The layer a test target tests: `FunModelTests` tests `FunModel`.
  func moduleUnderTest(_ target: Target) -> Layer? {
    guard target.isTest, target.name.hasSuffix("Tests") else { return nil }
    guard let layer = layers[String(target.name.dropLast("Tests".count))] else { return nil }
    if case .executable = layer.role { return nil }
    return layer
  }

  /// Our modules `target` may import (or depend on); empty for an unknown target.
  func allowedModules(for target: Target) -> Set<String> {
    if !target.isTest {
      return layers[target.name]?.mayImport ?? []
    }
    guard let tested = moduleUnderTest(target) else { return [] }
    var allowed = tested.mayImport.union([tested.name])
    for layer in layers.values where layer.role == .executable(partOf: tested.name) {
      allowed.insert(layer.name)
    }
    if allowed.contains(testSupportServes) {
      allowed.insert(testSupportModule)
    }
    return allowed
  }

  /// The reason a layer may not use a toolchain module, for the violation's message.
  private static func whyForbidden(_ module: String) -> String {
    module == "FoundationNetworking"
      ? "only FunServices may use it; other layers reach the network through NetworkService"
      : "the SPEC keeps it away from terminals and the OS"
  }

  /// Why `target` may not import `module`, or `nil` when it may.
  ///
  /// The target must be known (see ``knows(_:)``); an unknown target is reported on its own.
  func violation(importing module: String, from target: Target) -> (rule: Violation.Rule, reason: String)? {
    if module == target.name { return nil }
    let layer = layers[target.name]
    if testFrameworks.contains(module) {
      if target.isTest || layer?.role == .testSupport { return nil }
      return (.testFrameworkInProduction, "\(target) is production code and may not use the test framework \(module)")
    }
    if toolchainModules.contains(module) {
      if !target.isTest, let layer, layer.forbiddenToolchainModules.contains(module) {
        return (
          .forbiddenToolchainModule,
          "\(target) may not use \(module) (\(Self.whyForbidden(module)))"
        )
      }
      return nil
    }
    guard isOurModule(module) else {
      return (
        .unknownModule,
        "\(module) is neither one of Fun's modules nor part of the toolchain; Fun has no third-party dependencies"
      )
    }
    let allowed = allowedModules(for: target)
    if allowed.contains(module) { return nil }
    if module == testSupportModule && !target.isTest {
      return (.testSupportInProduction, "\(target) is production code and may not use the mocks in \(module)")
    }
    let list = allowed.isEmpty ? "only the toolchain" : allowed.sorted().joined(separator: ", ")
    return (.layer, "\(target) may not import \(module); it may import \(list)")
  }
}
