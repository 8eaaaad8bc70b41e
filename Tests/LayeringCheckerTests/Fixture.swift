import Foundation

@testable import LayeringChecker

/// A miniature layered workspace for checker tests: its rules table, its packages (each with
/// a manifest) and one source file per target that imports exactly what it may.
///
/// ``clean`` mirrors Fun with Fun's own `layers.json`; ``iOSStyle`` is a workspace the checker
/// has never seen, with other names and its own table. Tests change a copy (a value type, so
/// parallel tests share nothing) and then either check it in memory (``violations``) or write it
/// to disk (``write(to:)``) and check it the real way, with `swift package dump-package`.
struct Fixture {
  /// A target dependency as a fixture manifest spells it.
  enum Dependency: Equatable {
    /// `"Name"`: a target of the same package.
    case target(String)
    /// `.product(name:package:)`.
    case product(String, package: String)
  }

  /// A target of a fixture package.
  struct Target {
    /// The target name.
    var name: String
    /// `regular`, `executable`, `test` or `plugin`.
    var type: String
    /// What it depends on.
    var dependencies: [Dependency]
    /// A custom `path:`, as the root uses for test folders of the packages.
    var path: String?
  }

  /// A fixture package.
  struct Package {
    /// The folder relative to the fixture root; `""` for the root package.
    var directory: String
    /// Folders of the packages it depends on by path, relative to the fixture root.
    var localDependencies: [String]
    /// URLs of remote Git dependencies (each one is a violation).
    var remoteDependencies: [String] = []
    /// Its targets.
    var targets: [Target]
    /// Products besides the one each library and executable gets, named otherwise.
    var extraProducts: [PackageManifest.Product] = []
    /// The root package's name (the others are named after their folder).
    var rootName = "Workspace"

    /// The package name: the folder's name, or ``rootName`` for the root.
    var name: String { directory.split(separator: "/").last.map(String.init) ?? rootName }

    /// The manifest as dump-package decodes it, local paths made relative to the fixture root.
    var manifest: PackageManifest {
      PackageManifest(
        name: name,
        dependencies: localDependencies.map { .init(kind: .fileSystem, identity: $0.lowercased(), location: $0) }
          + remoteDependencies.map { url in
            .init(kind: .sourceControl, identity: Fixture.identity(ofRemote: url), location: url)
          },
        products: targets.filter { ["regular", "executable"].contains($0.type) }.map {
          .init(name: $0.name, targets: [$0.name])
        } + extraProducts,
        targets: targets.map { target in
          PackageManifest.Target(
            name: target.name,
            type: target.type,
            path: target.path,
            dependencies: target.dependencies.map { dependency in
              switch dependency {
              case .target(let name): .byName(name)
              case .product(let name, let package): .product(name: name, package: package)
              }
            }
          )
        }
      )
    }

    /// The Package.swift text that declares ``manifest``, one dependency and one target a line.
    var packageSwift: String {
      let up = String(repeating: "../", count: directory.split(separator: "/").count)
      let dependencies =
        localDependencies.map { #"    .package(path: "\#(up)\#($0)"),"# }
        + remoteDependencies.map { #"    .package(url: "\#($0)", from: "1.0.0"),"# }
      let products = targets.compactMap { target in
        switch target.type {
        case "regular": #".library(name: "\#(target.name)", targets: ["\#(target.name)"])"#
        case "executable": #".executable(name: "\#(target.name)", targets: ["\#(target.name)"])"#
        default: nil
        }
      }
      let extra = extraProducts.map { product in
        let targets = product.targets.map { #""\#($0)""# }.joined(separator: ", ")
        return #".library(name: "\#(product.name)", targets: [\#(targets)])"#
      }
      let targetLines = targets.map { target in
        let dependencies = target.dependencies.map { dependency in
          switch dependency {
          case .target(let name): #""\#(name)""#
          case .product(let name, let package): #".product(name: "\#(name)", package: "\#(package)")"#
          }
        }
        let arguments = [
          #"name: "\#(target.name)""#,
          target.type == "plugin"
            ? #"capability: .command(intent: .custom(verb: "\#(target.name)", description: "A tool."))"# : nil,
          "dependencies: [\(dependencies.joined(separator: ", "))]",
          target.path.map { #"path: "\#($0)""# },
        ]
        let function = ["test": "testTarget", "executable": "executableTarget", "plugin": "plugin"][target.type]
        return "    .\(function ?? "target")(\(arguments.compactMap(\.self).joined(separator: ", "))),"
      }
      return """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
          name: "\(name)",
          products: [\((products + extra).joined(separator: ", "))],
          dependencies: [
        \(dependencies.joined(separator: "\n"))
          ],
          targets: [
        \(targetLines.joined(separator: "\n"))
          ]
        )

        """
    }
  }

  /// The rules table, as the JSON text of `layers.json`.
  var table: String
  /// The packages, root first.
  var packages: [Package]
  /// Source files by path relative to the fixture root.
  var sources: [String: String]

  /// SwiftPM's identity for a Git URL: its last path component without `.git`, lower-cased.
  static func identity(ofRemote url: String) -> String {
    let last = url.split(separator: "/").last.map(String.init) ?? url
    return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
  }

  /// The rules of ``table``; a test fails if the table does not decode or has problems.
  var rules: LayerRules {
    get throws { try LayerRules(table: LayerTable.decode(Data(table.utf8))) }
  }

  /// The in-memory snapshot the checker reads.
  var snapshot: RepositorySnapshot {
    RepositorySnapshot(
      packages: packages.map {
        RepositorySnapshot.Package(directory: $0.directory, manifest: $0.manifest, manifestText: $0.packageSwift)
      },
      sources: sources.sorted { $0.key < $1.key }.map { RepositorySnapshot.SourceFile(path: $0.key, text: $0.value) }
    )
  }

  /// The violations the checker finds in ``snapshot`` with ``rules``.
  var violations: [Violation] {
    get throws { try ArchitectureChecker(rules: rules, tableText: table).check(snapshot) }
  }

  /// Edits the package in `directory`.
  mutating func editPackage(_ directory: String, _ edit: (inout Package) -> Void) {
    guard let index = packages.firstIndex(where: { $0.directory == directory }) else {
      preconditionFailure("the fixture has no package \(directory)")
    }
    edit(&packages[index])
  }

  /// Edits the target `name` of the package in `directory`.
  mutating func editTarget(_ name: String, in directory: String, _ edit: (inout Target) -> Void) {
    editPackage(directory) { package in
      guard let index = package.targets.firstIndex(where: { $0.name == name }) else {
        preconditionFailure("the fixture package \(directory) has no target \(name)")
      }
      edit(&package.targets[index])
    }
  }

  /// The 1-based line of the first line of the Package.swift in `directory` that contains `text`.
  func manifestLine(_ directory: String, containing text: String) -> Int? {
    let package = packages.first { $0.directory == directory }
    let lines = package?.packageSwift.split(separator: "\n", omittingEmptySubsequences: false) ?? []
    return lines.firstIndex { $0.contains(text) }.map { $0 + 1 }
  }

  /// Writes `layers.json`, every Package.swift and every source file under `root`.
  func write(to root: URL) throws {
    let fileManager = FileManager.default
    try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
    try Data(table.utf8).write(to: root.appending(path: LayerTable.fileName))
    for package in packages {
      let folder = package.directory.isEmpty ? root : root.appending(path: package.directory)
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(package.packageSwift.utf8).write(to: folder.appending(path: "Package.swift"))
    }
    for (path, text) in sources {
      let url = root.appending(path: path)
      try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  /// A fresh folder in the temporary directory; the caller removes it.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(
      path: "LayeringCheckerTests-fixture-\(UUID().uuidString)",
      directoryHint: .isDirectory
    )
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
