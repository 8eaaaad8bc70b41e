/// The verdicts derived from a ``LayerTable``: for each target, which of the workspace's
/// modules it may import or depend on, and why an import is refused.
///
/// Production targets are the table's modules, executables, test-support modules and tooling.
/// Test targets are not listed: a test target named `<Module>Tests` may import its module,
/// everything that module may import, the other modules and the executables of its layer (so
/// end-to-end tests can have `swift test` build a binary), the test-support modules of its layer
/// and of the layers it may import, the test frameworks and the toolchain. The tooling's `tests`
/// may import the tooling modules. A harness's targets may import its modules and those of the
/// layers it lists, and depend on those layers' executables (so that building the harness builds
/// the binaries it starts, as the benchmarks start `fun`).
public struct LayerRules: Sendable {
  /// What a target of the table is.
  enum Role: Equatable, Sendable {
    /// A library module of a layer.
    case library(layer: String)
    /// An executable of a layer.
    case executable(layer: String)
    /// Mocks and fixtures of a layer; never a dependency of production code.
    case testSupport(layer: String)
    /// A build-time tool: a module, an executable or a plugin.
    case tooling
    /// A test target of the whole workspace.
    case workspaceTest
    /// A module or an executable of the harness in package folder `package`.
    case harness(package: String)
  }

  /// A target as the checker meets it: by name, and whether it is a test target.
  public struct Target: Hashable, Sendable, CustomStringConvertible {
    /// The target name, as in the manifest and the folder.
    public let name: String
    /// Whether it is a test target (`Tests/<name>`, `.testTarget`).
    public let isTest: Bool

    /// A target.
    public init(name: String, isTest: Bool) {
      self.name = name
      self.isTest = isTest
    }

    public var description: String { name }
  }

  /// The table the rules come from.
  public let table: LayerTable
  /// Every target of the table, by name.
  private let roles: [String: Role]
  /// What each layer's production targets may import, by layer name.
  private let layerAllowances: [String: Set<String>]
  /// Each layer's own library modules, by layer name.
  private let layerModules: [String: [String]]
  /// The test-support modules tests of each layer may use, by layer name.
  private let testSupportByLayer: [String: Set<String>]
  private let toolchain: Set<String>
  private let testFrameworks: Set<String>

  /// The rules of `table`; fails with the table's ``LayerTable/problems`` if it has any.
  public init(table: LayerTable) throws {
    let problems = table.problems
    guard problems.isEmpty else {
      throw LayerTable.Failure(description: "the rules table has problems:\n" + problems.joined(separator: "\n"))
    }
    self.table = table
    var roles: [String: Role] = [:]
    for layer in table.layers {
      for module in layer.modules { roles[module] = .library(layer: layer.name) }
      for executable in layer.executables { roles[executable] = .executable(layer: layer.name) }
      for module in layer.testSupport { roles[module] = .testSupport(layer: layer.name) }
    }
    for name in table.tooling.modules + table.tooling.executables + table.tooling.plugins {
      roles[name] = .tooling
    }
    for name in table.tooling.tests { roles[name] = .workspaceTest }
    for harness in table.harnesses {
      for name in harness.modules + harness.executables { roles[name] = .harness(package: harness.package) }
    }
    self.roles = roles

    let layers = Dictionary(table.layers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var allowances: [String: Set<String>] = [:]
    var testSupport: [String: Set<String>] = [:]
    for layer in table.layers {
      let reachable = [layer] + layer.mayImport.compactMap { layers[$0] }
      allowances[layer.name] = Set(reachable.flatMap(\.modules))
      testSupport[layer.name] = Set(reachable.flatMap(\.testSupport))
    }
    self.layerAllowances = allowances
    self.layerModules = Dictionary(table.layers.map { ($0.name, $0.modules) }, uniquingKeysWith: { first, _ in first })
    self.testSupportByLayer = testSupport
    self.toolchain = Set(table.toolchain)
    self.testFrameworks = Set(table.testFrameworks)
  }

  /// The role of a production target, or of a workspace test target.
  func role(of target: Target) -> Role? {
    guard let role = roles[target.name] else { return nil }
    return (role == .workspaceTest) == target.isTest ? role : nil
  }

  /// Whether `module` is one of the workspace's (a target the table names).
  func isWorkspaceModule(_ module: String) -> Bool {
    roles[module] != nil
  }

  /// The layer a module belongs to, if any.
  func layer(of module: String) -> String? {
    switch roles[module] {
    case .library(let layer), .executable(let layer), .testSupport(let layer): layer
    default: nil
    }
  }

  /// Whether the table knows `target`.
  func knows(_ target: Target) -> Bool {
    role(of: target) != nil || testedModule(of: target) != nil
  }

  /// The module a test target tests, by name: `FunModelTests` tests `FunModel`; only library
  /// modules of layers and tooling modules have such tests.
  func testedModule(of target: Target) -> String? {
    guard target.isTest, target.name.hasSuffix("Tests") else { return nil }
    let module = String(target.name.dropLast("Tests".count))
    switch roles[module] {
    case .library?: return module
    case .tooling? where table.tooling.modules.contains(module): return module
    default: return nil
    }
  }

  /// The workspace modules `target` may import (or depend on); empty for an unknown target.
  func allowedModules(for target: Target) -> Set<String> {
    let tooling = Set(table.tooling.modules)
    if let tested = testedModule(of: target) {
      guard let layer = layer(of: tested) else { return tooling }
      let executables = table.layers.first { $0.name == layer }?.executables ?? []
      return layerAllowances[layer, default: []]
        .union(executables)
        .union(testSupportByLayer[layer, default: []])
    }
    switch role(of: target) {
    case .library(let layer), .executable(let layer):
      return layerAllowances[layer, default: []]
    case .testSupport(let layer):
      return layerAllowances[layer, default: []].union(testSupportByLayer[layer, default: []])
    case .tooling:
      return tooling.union(table.tooling.executables)
    case .workspaceTest:
      return tooling
    case .harness(let package):
      guard let harness = table.harnesses.first(where: { $0.package == package }) else { return [] }
      let layers = table.layers.filter { harness.mayImport.contains($0.name) }
      return Set(harness.modules).union(layers.flatMap { $0.modules + $0.executables })
    case nil:
      return []
    }
  }

  /// Why `target` may not import `module`, or `nil` when it may.
  ///
  /// The target must be known (see ``knows(_:)``); an unknown target is reported on its own.
  func violation(importing module: String, from target: Target) -> (rule: Violation.Rule, reason: String)? {
    if module == target.name { return nil }
    let role = role(of: target)
    let isProduction = !target.isTest && role != .workspaceTest
    if testFrameworks.contains(module) {
      if !isProduction { return nil }
      if case .testSupport? = role { return nil }
      return (.testFrameworkInProduction, "\(target) is production code and may not use the test framework \(module)")
    }
    if toolchain.contains(module) {
      if isProduction, let restriction = table.restrictedToolchain.first(where: { $0.module == module }),
        !restriction.allows(target.name)
      {
        return (.forbiddenToolchainModule, "\(target) may not use \(module) (\(restriction.reason))")
      }
      return nil
    }
    guard isWorkspaceModule(module) else {
      return (
        .unknownModule,
        "\(module) is neither a module of the rules table nor part of the toolchain; "
          + "add it to \(LayerTable.fileName), or drop the third-party dependency"
      )
    }
    let allowed = allowedModules(for: target)
    if allowed.contains(module) { return nil }
    if case .testSupport? = roles[module], isProduction {
      return (.testSupportInProduction, "\(target) is production code and may not use the test support in \(module)")
    }
    let others = allowed.subtracting([target.name])
    let list = others.isEmpty ? "only the toolchain" : others.sorted().joined(separator: ", ")
    return (.layer, "\(target) may not import \(module)\(Self.layerNote(layer(of: module))); it may import \(list)")
  }

  private static func layerNote(_ layer: String?) -> String {
    layer.map { " (layer \($0))" } ?? ""
  }

  /// The layer whose package is `folder` (relative to the root), if any.
  func layer(inPackage folder: String) -> LayerTable.Layer? {
    let folder = LayerTable.normalizedFolder(folder)
    return table.layers.first { LayerTable.normalizedFolder($0.package) == folder }
  }

  /// Whether `folder` is the tooling's package.
  func isToolingPackage(_ folder: String) -> Bool {
    table.tooling.package.map { LayerTable.normalizedFolder($0) == LayerTable.normalizedFolder(folder) } ?? false
  }

  /// The harness whose package is `folder` (relative to the root), if any.
  func harness(inPackage folder: String) -> LayerTable.Harness? {
    let folder = LayerTable.normalizedFolder(folder)
    return table.harnesses.first { LayerTable.normalizedFolder($0.package) == folder }
  }

  /// Whether a package of layer `layer` may depend on a package of layer `other`.
  func layer(_ layer: LayerTable.Layer, mayDependOn other: LayerTable.Layer) -> Bool {
    layer.name == other.name || layer.mayImport.contains(other.name)
  }
}
