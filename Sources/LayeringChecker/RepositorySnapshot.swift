import Foundation

/// Everything the checker looks at: each package's manifest (decoded and as text) and every
/// Swift source file of every target, with paths relative to the workspace root.
///
/// The checker works on this value, never on the disk, so tests can build snapshots in memory;
/// ``load(root:table:)`` builds the real one.
public struct RepositorySnapshot: Sendable {
  /// A package: its folder relative to the root (`""` for the root package) and its manifest.
  public struct Package: Sendable {
    /// The folder, relative to the workspace root; `""` for the root package.
    public let directory: String
    /// The decoded manifest. Local dependencies' locations are relative to the workspace root
    /// (`Core`), or absolute when they lie outside it.
    public let manifest: PackageManifest
    /// The text of `Package.swift`, where violations find their lines.
    public let manifestText: String

    /// A package.
    public init(directory: String, manifest: PackageManifest, manifestText: String) {
      self.directory = directory
      self.manifest = manifest
      self.manifestText = manifestText
    }

    /// `Model/Package.swift`, or `Package.swift` for the root.
    public var manifestPath: String { RepositorySnapshot.join(directory, "Package.swift") }
  }

  /// A Swift source file.
  public struct SourceFile: Sendable {
    /// The path relative to the workspace root.
    public let path: String
    /// The file's text.
    public let text: String

    /// A source file.
    public init(path: String, text: String) {
      self.path = path
      self.text = text
    }
  }

  /// The folders of a package that hold targets, by SwiftPM's conventions.
  public enum SourceFolder: String, Sendable, CaseIterable {
    /// Regular and executable targets.
    case sources = "Sources"
    /// Test targets.
    case tests = "Tests"
    /// Plugin targets.
    case plugins = "Plugins"

    /// Where SwiftPM looks for a target of `targetType` (`regular`, `test`, `plugin`, …).
    init(targetType: String) {
      switch targetType {
      case "test": self = .tests
      case "plugin": self = .plugins
      default: self = .sources
      }
    }
  }

  /// The packages, root included.
  public let packages: [Package]
  /// Every `.swift` file under each package's `Sources/`, `Tests/` and `Plugins/`.
  public let sources: [SourceFile]

  /// A snapshot.
  public init(packages: [Package], sources: [SourceFile]) {
    self.packages = packages
    self.sources = sources
  }

  /// `a/b` from `a` and `b`, treating `""` as the root.
  static func join(_ directory: String, _ path: String) -> String {
    directory.isEmpty ? path : "\(directory)/\(path)"
  }

  /// The package folders under `root`, sorted: the root itself (`""`) if it is a package, the package of every
  /// layer in `table`, the tooling's, every harness's, and every visible folder just under the
  /// root with a `Package.swift` (so a package the table does not know is found too).
  static func packageDirectories(under root: URL, table: LayerTable) throws -> [String] {
    let fileManager = FileManager.default
    let isPackage = { (folder: String) in
      fileManager.fileExists(atPath: root.appending(path: join(folder, "Package.swift")).path)
    }
    let children = try fileManager.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }
    let declared = table.layers.map(\.package) + [table.tooling.package].compactMap(\.self)
    let harnesses = table.harnesses.map(\.package)
    let folders = Set(children + (declared + harnesses).map(LayerTable.normalizedFolder))
      .subtracting([""]).filter(isPackage)
    return (isPackage("") ? [""] : []) + folders.sorted()
  }

  /// Reads every package under `root` (dump-package runs concurrently) and every source file.
  public static func load(root: URL, table: LayerTable) async throws -> RepositorySnapshot {
    let root = root.standardizedFileURL
    let directories = try packageDirectories(under: root, table: table)
    let packages = try await withThrowingTaskGroup(of: (Int, Package).self) { group in
      for (index, directory) in directories.enumerated() {
        group.addTask {
          let url = directory.isEmpty ? root : root.appending(path: directory, directoryHint: .isDirectory)
          let manifest = try await ManifestReader.read(packageAt: url)
          let text = try String(contentsOf: url.appending(path: "Package.swift"), encoding: .utf8)
          return (index, Package(directory: directory, manifest: relativized(manifest, to: root), manifestText: text))
        }
      }
      var packages: [(Int, Package)] = []
      for try await package in group {
        packages.append(package)
      }
      return packages.sorted { $0.0 < $1.0 }.map(\.1)
    }
    return RepositorySnapshot(
      packages: packages,
      sources: try sourceFiles(under: root, packageDirectories: directories)
    )
  }

  /// `manifest` with each local dependency's absolute path made relative to `root`, when it
  /// lies inside it.
  static func relativized(_ manifest: PackageManifest, to root: URL) -> PackageManifest {
    let rootPath = root.standardizedFileURL.path
    let dependencies = manifest.dependencies.map { dependency in
      guard dependency.kind == .fileSystem, let location = dependency.location else { return dependency }
      let path = URL(fileURLWithPath: location).standardizedFileURL.path
      let relative: String
      if path == rootPath {
        relative = ""
      } else if path.hasPrefix(rootPath + "/") {
        relative = String(path.dropFirst(rootPath.count + 1))
      } else {
        return dependency
      }
      return PackageManifest.Dependency(kind: .fileSystem, identity: dependency.identity, location: relative)
    }
    return PackageManifest(
      name: manifest.name,
      dependencies: dependencies,
      products: manifest.products,
      targets: manifest.targets
    )
  }

  /// Every `.swift` file under each package's target folders, skipping hidden folders.
  static func sourceFiles(under root: URL, packageDirectories: [String]) throws -> [SourceFile] {
    var files: [SourceFile] = []
    for directory in packageDirectories {
      for folder in SourceFolder.allCases {
        let relativeFolder = join(directory, folder.rawValue)
        let folderURL = root.appending(path: relativeFolder, directoryHint: .isDirectory)
        guard let enumerator = FileManager.default.enumerator(atPath: folderURL.path) else { continue }
        while let relative = enumerator.nextObject() as? String {
          let name = (relative as NSString).lastPathComponent
          if name.hasPrefix(".") {
            enumerator.skipDescendants()
            continue
          }
          guard name.hasSuffix(".swift") else { continue }
          let text = try String(contentsOf: folderURL.appending(path: relative), encoding: .utf8)
          files.append(SourceFile(path: "\(relativeFolder)/\(relative)", text: text))
        }
      }
    }
    return files.sorted { $0.path < $1.path }
  }
}
