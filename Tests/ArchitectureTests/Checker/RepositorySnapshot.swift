import Foundation

/// Everything the checker looks at: each package's manifest and every Swift source file of
/// every target, with paths relative to the repository root.
///
/// The checker works on this value, never on the disk, so self-tests can build snapshots in
/// memory; ``load(root:)`` builds the real one.
struct RepositorySnapshot: Sendable {
  /// A package: its folder relative to the root (`""` for the root package) and its manifest.
  struct Package: Sendable {
    /// The folder, relative to the repository root; `""` for the root package.
    let directory: String
    /// The decoded manifest.
    let manifest: PackageManifest

    /// `Model/Package.swift`, or `Package.swift` for the root.
    var manifestPath: String { RepositorySnapshot.join(directory, "Package.swift") }
  }

  /// A Swift source file.
  struct SourceFile: Sendable {
    /// The path relative to the repository root.
    let path: String
    /// The file's text.
    let text: String
  }

  /// The packages, root included.
  let packages: [Package]
  /// Every `.swift` file under each package's `Sources/` and `Tests/`.
  let sources: [SourceFile]

  /// `a/b` from `a` and `b`, treating `""` as the root.
  static func join(_ directory: String, _ path: String) -> String {
    directory.isEmpty ? path : "\(directory)/\(path)"
  }

  /// The package folders under `root`: the root itself (`""`) and every visible subfolder with a
  /// `Package.swift`, sorted.
  static func packageDirectories(under root: URL) throws -> [String] {
    let fileManager = FileManager.default
    let children = try fileManager.contentsOfDirectory(atPath: root.path)
    let packages = children.filter { name in
      !name.hasPrefix(".") && fileManager.fileExists(atPath: root.appending(path: "\(name)/Package.swift").path)
    }
    return [""] + packages.sorted()
  }

  /// Reads every package under `root` (dump-package runs concurrently) and every source file.
  static func load(root: URL) async throws -> RepositorySnapshot {
    let directories = try packageDirectories(under: root)
    let packages = try await withThrowingTaskGroup(of: (Int, Package).self) { group in
      for (index, directory) in directories.enumerated() {
        group.addTask {
          let url = directory.isEmpty ? root : root.appending(path: directory, directoryHint: .isDirectory)
          return (index, Package(directory: directory, manifest: try await ManifestReader.read(packageAt: url)))
        }
      }
      var packages: [(Int, Package)] = []
      for try await package in group {
        packages.append(package)
      }
      return packages.sorted { $0.0 < $1.0 }.map(\.1)
    }
    return RepositorySnapshot(
      packages: packages, sources: try sourceFiles(under: root, packageDirectories: directories))
  }

  /// Every `.swift` file under `<package>/Sources` and `<package>/Tests`, skipping hidden folders.
  static func sourceFiles(under root: URL, packageDirectories: [String]) throws -> [SourceFile] {
    var files: [SourceFile] = []
    for directory in packageDirectories {
      for folder in ["Sources", "Tests"] {
        let relativeFolder = join(directory, folder)
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
