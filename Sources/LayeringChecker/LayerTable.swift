import Foundation

/// The rules table a workspace keeps at its root (`layers.json`): its layers, the package and
/// modules of each, whom each may import, and the targets that are not layers (test support,
/// build-time tooling, harnesses such as fuzz targets). The checker knows nothing else about the
/// workspace.
///
/// ```json
/// {
///   "layers": [
///     { "name": "Core", "package": "Core", "modules": ["FunCore"], "mayImport": [] },
///     { "name": "Model", "package": "Model", "modules": ["FunModel"],
///       "testSupport": ["FunModelTestSupport"], "mayImport": ["Core"] }
///   ],
///   "tooling": { "package": ".", "modules": ["LayeringChecker"], "executables": ["check-layering"],
///                "plugins": ["CheckLayering"], "tests": ["ArchitectureTests"] },
///   "harnesses": [
///     { "package": "Fuzz", "modules": ["FuzzSupport"], "executables": ["fuzz-deep-link"],
///       "mayImport": ["Model", "Core"] }
///   ],
///   "toolchain": ["Foundation", "Dispatch"],
///   "testFrameworks": ["Testing", "XCTest"],
///   "restrictedToolchain": [
///     { "module": "FoundationNetworking", "onlyIn": ["FunServices"], "reason": "…" }
///   ]
/// }
/// ```
///
/// `mayImport` names layers, not modules, and is not transitive: list every layer a layer may
/// import. Decoding does not check the table; ``problems`` does, and ``LayerRules`` refuses a
/// table with problems.
public struct LayerTable: Sendable, Equatable, Decodable {
  /// One layer: a package of the workspace.
  public struct Layer: Sendable, Equatable, Decodable {
    /// The layer's name, as other layers' `mayImport` spell it.
    public let name: String
    /// The package folder, relative to the workspace root (`Core`, `Packages/Core`).
    public let package: String
    /// Its library modules.
    public let modules: [String]
    /// Its executables: production code that may import the layer's modules, and whose binaries
    /// the layer's tests may depend on.
    public let executables: [String]
    /// Its test-support modules (mocks, fixtures): never imported by production code; the tests
    /// of this layer and of every layer that may import it may use them.
    public let testSupport: [String]
    /// The layers whose modules this layer may import.
    public let mayImport: [String]

    /// A layer; the lists left out are empty.
    public init(
      name: String,
      package: String,
      modules: [String],
      executables: [String] = [],
      testSupport: [String] = [],
      mayImport: [String] = []
    ) {
      self.name = name
      self.package = package
      self.modules = modules
      self.executables = executables
      self.testSupport = testSupport
      self.mayImport = mayImport
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        name: try container.decode(String.self, forKey: .name),
        package: try container.decode(String.self, forKey: .package),
        modules: try container.decode([String].self, forKey: .modules),
        executables: try container.list(.executables),
        testSupport: try container.list(.testSupport),
        mayImport: try container.list(.mayImport)
      )
    }

    private enum CodingKeys: String, CodingKey {
      case name, package, modules, executables, testSupport, mayImport
    }
  }

  /// Build-time tooling: targets that no layer imports and that import no layer, such as a
  /// layering checker or a code generator and their plugins.
  public struct Tooling: Sendable, Equatable, Decodable {
    /// The folder of the package that holds them, if they have one of their own (`.` is the
    /// root package); any package may depend on it, since build-time tools are fine anywhere.
    public let package: String?
    /// Library modules of the tools.
    public let modules: [String]
    /// Executables of the tools (a plugin's tool, a generator).
    public let executables: [String]
    /// Plugin targets.
    public let plugins: [String]
    /// Test targets that test the whole workspace rather than one module (architecture tests);
    /// they may import the tooling modules.
    public let tests: [String]

    /// Tooling; the lists left out are empty.
    public init(
      package: String? = nil,
      modules: [String] = [],
      executables: [String] = [],
      plugins: [String] = [],
      tests: [String] = []
    ) {
      self.package = package
      self.modules = modules
      self.executables = executables
      self.plugins = plugins
      self.tests = tests
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        package: try container.decodeIfPresent(String.self, forKey: .package),
        modules: try container.list(.modules),
        executables: try container.list(.executables),
        plugins: try container.list(.plugins),
        tests: try container.list(.tests)
      )
    }

    private enum CodingKeys: String, CodingKey {
      case package, modules, executables, plugins, tests
    }
  }

  /// A package beside the layers whose targets drive the layers' code from outside, as tests
  /// do, but are built and run on their own: fuzz targets, benchmarks. Its targets may import
  /// its own modules and the modules of the layers it lists (not their test support); no layer,
  /// tool or other package may import or depend on it.
  public struct Harness: Sendable, Equatable, Decodable {
    /// The package folder, relative to the workspace root (`Fuzz`).
    public let package: String
    /// Its library modules: helpers its executables share, a C module map.
    public let modules: [String]
    /// Its executables.
    public let executables: [String]
    /// The layers whose modules its targets may import.
    public let mayImport: [String]

    /// A harness; the lists left out are empty.
    public init(package: String, modules: [String] = [], executables: [String] = [], mayImport: [String] = []) {
      self.package = package
      self.modules = modules
      self.executables = executables
      self.mayImport = mayImport
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        package: try container.decode(String.self, forKey: .package),
        modules: try container.list(.modules),
        executables: try container.list(.executables),
        mayImport: try container.list(.mayImport)
      )
    }

    private enum CodingKeys: String, CodingKey {
      case package, modules, executables, mayImport
    }
  }

  /// A toolchain module only some production targets may import (tests are not restricted).
  public struct Restriction: Sendable, Equatable, Decodable {
    /// The toolchain module.
    public let module: String
    /// When given, the only targets that may import it.
    public let onlyIn: [String]?
    /// When given, targets that may not import it.
    public let notIn: [String]?
    /// Why, for the violation's message.
    public let reason: String

    /// A restriction of `module` to `onlyIn`, or away from `notIn`.
    public init(module: String, onlyIn: [String]? = nil, notIn: [String]? = nil, reason: String) {
      self.module = module
      self.onlyIn = onlyIn
      self.notIn = notIn
      self.reason = reason
    }

    /// Whether production target `target` may import the module.
    func allows(_ target: String) -> Bool {
      if let onlyIn, !onlyIn.contains(target) { return false }
      if let notIn, notIn.contains(target) { return false }
      return true
    }
  }

  /// What went wrong reading a table.
  public struct Failure: Error, CustomStringConvertible {
    /// A sentence naming the file and the cause.
    public let description: String
  }

  /// The layers, bottom first by convention (the order is not a rule).
  public let layers: [Layer]
  /// The build-time tooling.
  public let tooling: Tooling
  /// The packages that drive the layers from outside.
  public let harnesses: [Harness]
  /// Modules of the toolchain any target may import.
  public let toolchain: [String]
  /// Test frameworks: only test targets and test-support modules may import them.
  public let testFrameworks: [String]
  /// Toolchain modules kept away from some production targets.
  public let restrictedToolchain: [Restriction]

  /// A table.
  public init(
    layers: [Layer],
    tooling: Tooling = Tooling(),
    harnesses: [Harness] = [],
    toolchain: [String],
    testFrameworks: [String],
    restrictedToolchain: [Restriction] = []
  ) {
    self.layers = layers
    self.tooling = tooling
    self.harnesses = harnesses
    self.toolchain = toolchain
    self.testFrameworks = testFrameworks
    self.restrictedToolchain = restrictedToolchain
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      layers: try container.decode([Layer].self, forKey: .layers),
      tooling: try container.decodeIfPresent(Tooling.self, forKey: .tooling) ?? Tooling(),
      harnesses: try container.decodeIfPresent([Harness].self, forKey: .harnesses) ?? [],
      toolchain: try container.decode([String].self, forKey: .toolchain),
      testFrameworks: try container.list(.testFrameworks),
      restrictedToolchain: try container.decodeIfPresent([Restriction].self, forKey: .restrictedToolchain) ?? []
    )
  }

  private enum CodingKeys: String, CodingKey {
    case layers, tooling, harnesses, toolchain, testFrameworks, restrictedToolchain
  }

  /// The file name the checker looks for at a workspace's root.
  public static let fileName = "layers.json"

  /// Decodes a table from JSON.
  public static func decode(_ json: Data) throws -> LayerTable {
    try JSONDecoder().decode(LayerTable.self, from: json)
  }

  /// Reads and decodes the table at `url`.
  public static func load(from url: URL) throws -> LayerTable {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw Failure(description: "cannot read the rules table \(url.path): \(error.localizedDescription)")
    }
    do {
      return try decode(data)
    } catch {
      throw Failure(description: "the rules table \(url.path) is not valid: \(error)")
    }
  }

  /// Every module the table names, with what it is.
  var allNames: [(name: String, what: String)] {
    var names: [(String, String)] = []
    for layer in layers {
      names += layer.modules.map { ($0, "a module of layer \(layer.name)") }
      names += layer.executables.map { ($0, "an executable of layer \(layer.name)") }
      names += layer.testSupport.map { ($0, "a test-support module of layer \(layer.name)") }
    }
    names += tooling.modules.map { ($0, "a tooling module") }
    names += tooling.executables.map { ($0, "a tooling executable") }
    names += tooling.plugins.map { ($0, "a tooling plugin") }
    names += tooling.tests.map { ($0, "a workspace test target") }
    for harness in harnesses {
      names += harness.modules.map { ($0, "a module of the harness \(harness.package)") }
      names += harness.executables.map { ($0, "an executable of the harness \(harness.package)") }
    }
    names += toolchain.map { ($0, "a toolchain module") }
    names += testFrameworks.map { ($0, "a test framework") }
    return names
  }

  /// What is wrong with the table itself, one sentence each; empty when it can be used.
  public var problems: [String] {
    var problems: [String] = []
    var seenNames: [String: String] = [:]
    for (name, what) in allNames {
      if let earlier = seenNames[name] {
        problems.append("\(name) is named twice: as \(earlier) and as \(what)")
      }
      seenNames[name] = seenNames[name] ?? what
    }
    var seenLayers = Set<String>()
    var seenPackages: [String: String] = [:]
    for layer in layers {
      if !seenLayers.insert(layer.name).inserted {
        problems.append("layer \(layer.name) is listed twice")
      }
      let folder = Self.normalizedFolder(layer.package)
      if let other = seenPackages[folder] {
        problems.append("layers \(other) and \(layer.name) share the package \(layer.package); give each layer its own")
      }
      seenPackages[folder] = layer.name
      if layer.modules.isEmpty {
        problems.append("layer \(layer.name) has no modules")
      }
    }
    if let tooling = tooling.package, let layer = seenPackages[Self.normalizedFolder(tooling)] {
      problems.append("the tooling package \(tooling) is also the package of layer \(layer)")
    }
    var seenHarnesses = Set<String>()
    for harness in harnesses {
      let folder = Self.normalizedFolder(harness.package)
      if let layer = seenPackages[folder] {
        problems.append("the harness package \(harness.package) is also the package of layer \(layer)")
      }
      if let tooling = tooling.package, Self.normalizedFolder(tooling) == folder {
        problems.append("the harness package \(harness.package) is also the tooling package")
      }
      if !seenHarnesses.insert(folder).inserted {
        problems.append("the harness package \(harness.package) is listed twice")
      }
      for layer in harness.mayImport where !seenLayers.contains(layer) {
        problems.append("the harness \(harness.package) may import \(layer), which is not a layer of the table")
      }
    }
    let byName = Dictionary(layers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for layer in layers {
      for imported in layer.mayImport {
        guard let other = byName[imported] else {
          problems.append("layer \(layer.name) may import \(imported), which is not a layer of the table")
          continue
        }
        if imported == layer.name {
          problems.append("layer \(layer.name) lists itself in mayImport")
        } else if other.mayImport.contains(layer.name), layer.name < other.name {
          problems.append("layers \(layer.name) and \(other.name) may import each other; one must sit below the other")
        }
      }
    }
    for restriction in restrictedToolchain {
      if !toolchain.contains(restriction.module) {
        problems.append("the restricted module \(restriction.module) is not in the toolchain list")
      }
      for name in (restriction.onlyIn ?? []) + (restriction.notIn ?? []) where seenNames[name] == nil {
        problems.append("the restriction of \(restriction.module) names \(name), which the table does not know")
      }
    }
    return problems
  }

  /// `Core`, `./Core/` and `Core` are one folder; `.`, `./` and `` are the root.
  static func normalizedFolder(_ folder: String) -> String {
    folder.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }
}

extension KeyedDecodingContainer {
  /// The list of names under `key`, or `[]` when the table leaves it out.
  fileprivate func list(_ key: Key) throws -> [String] {
    try decodeIfPresent([String].self, forKey: key) ?? []
  }
}
