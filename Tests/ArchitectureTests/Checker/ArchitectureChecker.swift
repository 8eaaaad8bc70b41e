/// Checks a ``RepositorySnapshot`` against ``LayerRules`` and returns every violation at once.
///
/// Rules:
/// - every import of every source file is allowed for its target, which is named by the folder
///   (`<Package>/Sources/<Target>/…`, `<Package>/Tests/<TestTarget>/…`);
/// - an import of one of our modules is also a dependency of each manifest target that
///   compiles the file (the package's own, and the root's `path:` targets);
/// - every manifest dependency obeys the same table, even when no file imports it;
/// - production targets neither import nor depend on the test-support module;
/// - no package, the root included, has a dependency that is not a local path;
/// - every import is ours or the toolchain's, and every target is in the table.
struct ArchitectureChecker: Sendable {
  /// The table to check against.
  let rules: LayerRules

  init(rules: LayerRules = .fun) {
    self.rules = rules
  }

  /// Every violation in `snapshot`, sorted by file and line.
  func check(_ snapshot: RepositorySnapshot) -> [Violation] {
    var violations = Set<Violation>()
    for file in snapshot.sources {
      violations.formUnion(check(file, in: snapshot))
    }
    for package in snapshot.packages {
      violations.formUnion(check(package, in: snapshot))
    }
    return violations.sorted()
  }

  /// The target a file belongs to by its path, and its package.
  private func target(of path: String, in snapshot: RepositorySnapshot) -> (LayerRules.Target, folder: String)? {
    let owner = snapshot.packages
      .filter { $0.directory.isEmpty || path.hasPrefix($0.directory + "/") }
      .max { $0.directory.count < $1.directory.count }
    guard let owner else { return nil }
    let inside = owner.directory.isEmpty ? path : String(path.dropFirst(owner.directory.count + 1))
    let components = inside.split(separator: "/").map(String.init)
    guard components.count >= 3, ["Sources", "Tests"].contains(components[0]) else { return nil }
    let folder = RepositorySnapshot.join(owner.directory, "\(components[0])/\(components[1])")
    return (LayerRules.Target(name: components[1], isTest: components[0] == "Tests"), folder)
  }

  private func check(_ file: RepositorySnapshot.SourceFile, in snapshot: RepositorySnapshot) -> [Violation] {
    guard let (target, folder) = target(of: file.path, in: snapshot) else { return [] }
    guard rules.knows(target) else {
      return [
        Violation(
          file: folder,
          line: nil,
          rule: .unknownTarget,
          message: "target \(target) is not in the layer table (LayerRules.fun); add it with the modules it may import"
        )
      ]
    }
    let compilingTargets = snapshot.packages.flatMap { package in
      package.manifest.targets
        .filter { file.path.hasPrefix(RepositorySnapshot.join(package.directory, $0.directory) + "/") }
        .map { (package, $0) }
    }
    var violations: [Violation] = []
    for declaration in ImportScanner.imports(in: file.text) {
      if let (rule, reason) = rules.violation(importing: declaration.module, from: target) {
        let violation = Violation(
          file: file.path,
          line: declaration.line,
          rule: rule,
          message: "`\(declaration)`: \(reason)"
        )
        violations.append(violation)
        continue
      }
      guard rules.isOurModule(declaration.module), declaration.module != target.name else { continue }
      for (package, manifestTarget) in compilingTargets
      where !modules(of: manifestTarget, in: package, snapshot: snapshot).contains(declaration.module) {
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
    var violations: [Violation] = []
    for dependency in package.manifest.dependencies where dependency.kind != .fileSystem {
      let location = dependency.location.map { " (\($0))" } ?? ""
      violations.append(
        Violation(
          file: package.manifestPath,
          line: nil,
          rule: .remoteDependency,
          message: "package \(package.manifest.name) depends on the \(dependency.kind.rawValue) package "
            + "\(dependency.identity)\(location); Fun allows only local .package(path:) dependencies"
        )
      )
    }
    for manifestTarget in package.manifest.targets {
      let target = LayerRules.Target(name: manifestTarget.name, isTest: manifestTarget.isTest)
      guard rules.knows(target) else {
        violations.append(
          Violation(
            file: package.manifestPath,
            line: nil,
            rule: .unknownTarget,
            message:
              "target \(target) is not in the layer table (LayerRules.fun); add it with the modules it may import"
          )
        )
        continue
      }
      for module in modules(of: manifestTarget, in: package, snapshot: snapshot).sorted() {
        guard let (rule, reason) = rules.violation(importing: module, from: target) else { continue }
        violations.append(
          Violation(
            file: package.manifestPath,
            line: nil,
            rule: rule == .layer ? .manifestLayer : rule,
            message: "target \(target) depends on \(module): \(reason)"
          )
        )
      }
    }
    return violations
  }

  /// The modules a manifest target's dependencies bring in.
  private func modules(
    of target: PackageManifest.Target,
    in package: RepositorySnapshot.Package,
    snapshot: RepositorySnapshot
  ) -> Set<String> {
    var modules = Set<String>()
    for dependency in target.dependencies {
      switch dependency {
      case .target(let name):
        modules.insert(name)
      case .byName(let name):
        if package.manifest.targets.contains(where: { $0.name == name }) {
          modules.insert(name)
        } else {
          let products = snapshot.packages.flatMap(\.manifest.products).filter { $0.name == name }
          modules.formUnion(products.isEmpty ? [name] : products.flatMap(\.targets))
        }
      case .product(let name, let packageName):
        let owner = snapshot.packages.first { candidate in
          guard let packageName else { return false }
          let folder = candidate.directory.split(separator: "/").last.map(String.init) ?? candidate.directory
          return folder.lowercased() == packageName.lowercased()
            || candidate.manifest.name.lowercased() == packageName.lowercased()
        }
        let product = owner?.manifest.products.first { $0.name == name }
        modules.formUnion(product?.targets ?? [name])
      }
    }
    return modules
  }
}
