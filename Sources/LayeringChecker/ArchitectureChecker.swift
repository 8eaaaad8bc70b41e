import Foundation

/// Checks a ``RepositorySnapshot`` against ``LayerRules`` and returns every violation at once.
///
/// Rules:
/// - every import of every source file is allowed for its target, which is named by the folder
///   (`<Package>/Sources/<Target>/…`, `<Package>/Tests/<TestTarget>/…`, `<Package>/Plugins/<Plugin>/…`);
/// - an import of a workspace module is also a dependency of each manifest target that compiles
///   the file (the package's own, and the root's `path:` targets);
/// - every target dependency in a manifest obeys the same table, even when no file imports it,
///   whether it names a target or a product of another package;
/// - every package dependency of a layer's package points at the package of a layer it may
///   import (or at the tooling's), even while no target uses it; a harness's package depends
///   only on the layers it lists (and the tooling), and no package depends on a harness's;
/// - production targets neither import nor depend on test-support modules;
/// - no package, the root included, has a dependency that is not a local path;
/// - every import is the workspace's or the toolchain's, every target and every package is in
///   the table, and every layer's and harness's package exists.
public struct ArchitectureChecker: Sendable {
  /// The rules to check against.
  public let rules: LayerRules
  /// Where the table is, relative to the root, for violations about the table itself.
  public let tablePath: String
  /// The table's text, where those violations find their lines.
  public let tableText: String

  /// A checker for `rules`, read from `tableText` at `tablePath`.
  public init(rules: LayerRules, tablePath: String = LayerTable.fileName, tableText: String = "") {
    self.rules = rules
    self.tablePath = tablePath
    self.tableText = tableText
  }

  /// Every violation in `snapshot`, sorted by file and line.
  public func check(_ snapshot: RepositorySnapshot) -> [Violation] {
    var violations = Set<Violation>()
    violations.formUnion(checkLayerPackagesExist(in: snapshot))
    var reportedFolders = Set<String>()
    for file in snapshot.sources {
      violations.formUnion(check(file, in: snapshot, reportedFolders: &reportedFolders))
    }
    for package in snapshot.packages {
      violations.formUnion(check(package, in: snapshot))
    }
    return violations.sorted()
  }

  private func checkLayerPackagesExist(in snapshot: RepositorySnapshot) -> [Violation] {
    let folders = Set(snapshot.packages.map(\.directory))
    let declared =
      rules.table.layers.map { ("layer \($0.name)", $0.package) }
      + rules.table.harnesses.map { ("the harness", $0.package) }
    return declared.filter { !folders.contains(LayerTable.normalizedFolder($0.1)) }.map { what, package in
      Violation(
        file: tablePath,
        line: tableLine(declaringPackage: package),
        rule: .missingPackage,
        message: "\(what) lives in the package \(package), which has no Package.swift; fix the folder or the table"
      )
    }
  }

  /// The 1-based line of the table that says `"package": "<folder>"`, or 1.
  private func tableLine(declaringPackage folder: String) -> Int {
    let pattern = #""package"\s*:\s*""# + NSRegularExpression.escapedPattern(for: folder) + #"""#
    let lines = tableText.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.range(of: pattern, options: .regularExpression) != nil } ?? 0) + 1
  }

  /// The target a file belongs to by its path, and that target's folder.
  private func target(of path: String, in snapshot: RepositorySnapshot) -> (LayerRules.Target, folder: String)? {
    let owner = snapshot.packages
      .filter { $0.directory.isEmpty || path.hasPrefix($0.directory + "/") }
      .max { $0.directory.count < $1.directory.count }
    guard let owner else { return nil }
    let inside = owner.directory.isEmpty ? path : String(path.dropFirst(owner.directory.count + 1))
    let components = inside.split(separator: "/").map(String.init)
    guard components.count >= 3, let kind = RepositorySnapshot.SourceFolder(rawValue: components[0]) else {
      return nil
    }
    let folder = RepositorySnapshot.join(owner.directory, "\(components[0])/\(components[1])")
    return (LayerRules.Target(name: components[1], isTest: kind == .tests), folder)
  }

  /// The manifest targets that compile `path`, with their packages.
  private func compilingTargets(
    of path: String,
    in snapshot: RepositorySnapshot
  ) -> [(RepositorySnapshot.Package, PackageManifest.Target)] {
    snapshot.packages.flatMap { package in
      package.manifest.targets
        .filter { path.hasPrefix(RepositorySnapshot.join(package.directory, $0.directory) + "/") }
        .map { (package, $0) }
    }
  }

  private func check(
    _ file: RepositorySnapshot.SourceFile,
    in snapshot: RepositorySnapshot,
    reportedFolders: inout Set<String>
  ) -> [Violation] {
    guard let (target, folder) = target(of: file.path, in: snapshot) else { return [] }
    let compiling = compilingTargets(of: file.path, in: snapshot)
    guard rules.knows(target) else {
      // A declared target is reported at its declaration, by the manifest check.
      guard compiling.isEmpty, reportedFolders.insert(folder).inserted else { return [] }
      return [
        Violation(
          file: file.path,
          line: 1,
          rule: .unknownTarget,
          message: "the folder \(folder) holds target \(target), which is not in the rules table "
            + "(\(tablePath)); add it with what it may import"
        )
      ]
    }
    var violations: [Violation] = []
    for declaration in ImportScanner.imports(in: file.text) {
      if let (rule, reason) = rules.violation(importing: declaration.module, from: target) {
        violations.append(
          Violation(file: file.path, line: declaration.line, rule: rule, message: "`\(declaration)`: \(reason)")
        )
        continue
      }
      guard rules.isWorkspaceModule(declaration.module), declaration.module != target.name else { continue }
      for (package, manifestTarget) in compiling
      where !dependencies(of: manifestTarget, in: package, snapshot: snapshot).contains(where: {
        $0.module == declaration.module
      }) {
        violations.append(
          Violation(
            file: file.path,
            line: declaration.line,
            rule: .undeclaredDependency,
            message: "`\(declaration)`: target \(manifestTarget.name) in \(package.manifestPath) "
              + "does not declare a dependency on \(declaration.module)"
          )
        )
      }
    }
    return violations
  }

  private func check(_ package: RepositorySnapshot.Package, in snapshot: RepositorySnapshot) -> [Violation] {
    let locator = ManifestLocator(package.manifestText)
    var violations = checkPackageDependencies(of: package, locator: locator)
    for manifestTarget in package.manifest.targets {
      let target = LayerRules.Target(name: manifestTarget.name, isTest: manifestTarget.isTest)
      guard rules.knows(target) else {
        violations.append(
          Violation(
            file: package.manifestPath,
            line: locator.line(ofTarget: target.name) ?? 1,
            rule: .unknownTarget,
            message: "target \(target) is not in the rules table (\(tablePath)); add it with what it may import"
          )
        )
        continue
      }
      let declared = Set(package.manifest.targets.map(\.name))
      for dependency in dependencies(of: manifestTarget, in: package, snapshot: snapshot) {
        guard let (rule, reason) = rules.violation(importing: dependency.module, from: target) else { continue }
        // A target of this package the table does not know is reported once, at its declaration.
        if rule == .unknownModule, declared.contains(dependency.module) { continue }
        let via = dependency.spelled == dependency.module ? "" : " (through product \(dependency.spelled))"
        violations.append(
          Violation(
            file: package.manifestPath,
            line: locator.line(ofDependency: dependency.spelled, inTarget: target.name) ?? 1,
            rule: rule == .layer ? .manifestLayer : rule,
            message: "target \(target) depends on \(dependency.module)\(via): \(reason)"
          )
        )
      }
    }
    return violations
  }

  /// The package-level checks: every dependency is local, known, and allowed for the layer.
  private func checkPackageDependencies(
    of package: RepositorySnapshot.Package,
    locator: ManifestLocator
  ) -> [Violation] {
    let ownLayer = rules.layer(inPackage: package.directory)
    let ownHarness = rules.harness(inPackage: package.directory)
    let isRoot = package.directory.isEmpty
    func violation(_ line: Int?, _ rule: Violation.Rule, _ message: String) -> Violation {
      Violation(file: package.manifestPath, line: line ?? 1, rule: rule, message: message)
    }
    var violations: [Violation] = []
    if ownLayer == nil, ownHarness == nil, !isRoot, !rules.isToolingPackage(package.directory) {
      violations.append(
        violation(
          1,
          .unknownPackage,
          "the package \(package.directory) is not in the rules table (\(tablePath)); "
            + "add a layer for it with its modules and what it may import"
        )
      )
    }
    for dependency in package.manifest.dependencies {
      let line = locator.line(ofPackageDependency: dependency)
      guard dependency.kind == .fileSystem, let location = dependency.location else {
        let location = dependency.location.map { " (\($0))" } ?? ""
        violations.append(
          violation(
            line,
            .remoteDependency,
            "package \(package.manifest.name) depends on the \(dependency.kind.rawValue) package "
              + "\(dependency.identity)\(location); only local .package(path:) dependencies are allowed"
          )
        )
        continue
      }
      if rules.isToolingPackage(location) { continue }
      if let harness = rules.harness(inPackage: location) {
        violations.append(
          violation(
            line,
            .packageDependency,
            "package \(package.manifest.name) depends on the harness package \(harness.package); "
              + "a harness drives the layers from outside, and nothing may depend on it"
          )
        )
        continue
      }
      guard let other = rules.layer(inPackage: location) else {
        violations.append(
          violation(
            line,
            .unknownPackage,
            "package \(package.manifest.name) depends on the package at \(location), "
              + "which is no layer's package in \(tablePath)"
          )
        )
        continue
      }
      if let ownHarness, !ownHarness.mayImport.contains(other.name) {
        let allowed = ownHarness.mayImport.isEmpty ? "none" : ownHarness.mayImport.joined(separator: ", ")
        violations.append(
          violation(
            line,
            .packageDependency,
            "the harness package \(package.manifest.name) depends on package \(other.package) "
              + "(layer \(other.name)), which it may not import; it may import: \(allowed)"
          )
        )
      }
      if let ownLayer, !rules.layer(ownLayer, mayDependOn: other) {
        let allowed = ownLayer.mayImport.isEmpty ? "none" : ownLayer.mayImport.joined(separator: ", ")
        violations.append(
          violation(
            line,
            .packageDependency,
            "package \(package.manifest.name) (layer \(ownLayer.name)) depends on package \(other.package) "
              + "(layer \(other.name)), which it may not import, even if no target uses it yet; "
              + "its layer may import: \(allowed)"
          )
        )
      }
    }
    return violations
  }

  /// A module a manifest target's dependency brings in, and the name the manifest spells it with.
  private struct Dependency: Hashable {
    let module: String
    let spelled: String
  }

  /// The modules a manifest target's dependencies bring in, sorted.
  private func dependencies(
    of target: PackageManifest.Target,
    in package: RepositorySnapshot.Package,
    snapshot: RepositorySnapshot
  ) -> [Dependency] {
    var dependencies = Set<Dependency>()
    func add(_ modules: [String], spelled: String) {
      dependencies.formUnion(modules.map { Dependency(module: $0, spelled: spelled) })
    }
    for dependency in target.dependencies {
      switch dependency {
      case .target(let name):
        add([name], spelled: name)
      case .byName(let name):
        if package.manifest.targets.contains(where: { $0.name == name }) {
          add([name], spelled: name)
        } else {
          let products = snapshot.packages.flatMap(\.manifest.products).filter { $0.name == name }
          add(products.isEmpty ? [name] : products.flatMap(\.targets), spelled: name)
        }
      case .product(let name, let packageName):
        let owner = snapshot.packages.first { candidate in
          guard let packageName else { return false }
          let folder = candidate.directory.split(separator: "/").last.map(String.init) ?? candidate.directory
          return folder.lowercased() == packageName.lowercased()
            || candidate.manifest.name.lowercased() == packageName.lowercased()
        }
        let product = owner?.manifest.products.first { $0.name == name }
        add(product?.targets ?? [name], spelled: name)
      }
    }
    return dependencies.sorted { ($0.module, $0.spelled) < ($1.module, $1.spelled) }
  }
}
