import Foundation

/// A miniature Fun workspace for checker self-tests: the seven layer packages and a root
/// umbrella, each target with one source file that imports exactly what it may.
///
/// Tests change a copy (a value type, so parallel tests share nothing) and then either check it
/// in memory (``snapshot``) or write it to disk (``write(to:)``) and load it the real way,
/// with `swift package dump-package`.
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
    /// `regular`, `executable` or `test`.
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

    /// The package name: the folder name, or `Fun` for the root.
    var name: String { directory.isEmpty ? "Fun" : directory }

    /// The manifest as dump-package would decode it.
    var manifest: PackageManifest {
      PackageManifest(
        name: name,
        dependencies: localDependencies.map { .init(kind: .fileSystem, identity: $0.lowercased(), location: $0) }
          + remoteDependencies.map { url in
            .init(kind: .sourceControl, identity: Fixture.identity(ofRemote: url), location: url)
          },
        products: targets.filter { $0.type != "test" }.map { .init(name: $0.name, targets: [$0.name]) },
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

    /// The Package.swift text that declares ``manifest``.
    var packageSwift: String {
      let relative = directory.isEmpty ? "" : "../"
      let dependencies =
        localDependencies.map { #".package(path: "\#(relative)\#($0)")"# }
        + remoteDependencies.map { #".package(url: "\#($0)", from: "1.0.0")"# }
      let products = targets.filter { $0.type != "test" }.map { target in
        target.type == "executable"
          ? #".executable(name: "\#(target.name)", targets: ["\#(target.name)"])"#
          : #".library(name: "\#(target.name)", targets: ["\#(target.name)"])"#
      }
      let targetLines = targets.map { target in
        let function = ["test": "testTarget", "executable": "executableTarget"][target.type] ?? "target"
        let dependencies = target.dependencies.map { dependency in
          switch dependency {
          case .target(let name): #""\#(name)""#
          case .product(let name, let package): #".product(name: "\#(name)", package: "\#(package)")"#
          }
        }
        let path = target.path.map { #", path: "\#($0)""# } ?? ""
        return
          #"    .\#(function)(name: "\#(target.name)", dependencies: [\#(dependencies.joined(separator: ", "))]\#(path)),"#
      }
      return """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
          name: "\(name)",
          products: [\(products.joined(separator: ", "))],
          dependencies: [\(dependencies.joined(separator: ", "))],
          targets: [
        \(targetLines.joined(separator: "\n"))
          ]
        )

        """
    }
  }

  /// The packages, root first.
  var packages: [Package]
  /// Source files by path relative to the fixture root.
  var sources: [String: String]

  /// SwiftPM's identity for a Git URL: its last path component without `.git`, lower-cased.
  static func identity(ofRemote url: String) -> String {
    let last = url.split(separator: "/").last.map(String.init) ?? url
    return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
  }

  /// The in-memory snapshot the checker reads.
  var snapshot: RepositorySnapshot {
    RepositorySnapshot(
      packages: packages.map { RepositorySnapshot.Package(directory: $0.directory, manifest: $0.manifest) },
      sources: sources.sorted { $0.key < $1.key }.map { RepositorySnapshot.SourceFile(path: $0.key, text: $0.value) }
    )
  }

  /// The violations the default checker finds in ``snapshot``.
  var violations: [Violation] {
    ArchitectureChecker().check(snapshot)
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

  /// Writes every Package.swift and source file under `root`.
  func write(to root: URL) throws {
    let fileManager = FileManager.default
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
      path: "ArchitectureTests-fixture-\(UUID().uuidString)",
      directoryHint: .isDirectory
    )
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

extension Fixture {
  /// The clean workspace: every layer, each depending on and importing exactly what SPEC §1
  /// allows, with test targets and the root's `path:` test targets. It has no violations.
  static var clean: Fixture {
    let core = Dependency.product("FunCore", package: "Core")
    let model = Dependency.product("FunModel", package: "Model")
    let mocks = Dependency.product("FunModelTestSupport", package: "Model")
    let services = Dependency.product("FunServices", package: "Services")
    let viewModel = Dependency.product("FunViewModel", package: "ViewModel")
    let frontend = Dependency.product("FunFrontend", package: "Frontend")
    let coordinator = Dependency.product("FunCoordinator", package: "Coordinator")
    let allLayers = [coordinator, frontend, viewModel, services, model, core]

    func layer(
      _ directory: String,
      _ module: String,
      packages: [String],
      dependencies: [Dependency],
      testSupport: Bool = true
    ) -> Package {
      Package(
        directory: directory,
        localDependencies: packages,
        targets: [
          Target(name: module, type: "regular", dependencies: dependencies),
          Target(
            name: "\(module)Tests",
            type: "test",
            dependencies: [.target(module)] + (testSupport ? [mocks] : []) + dependencies
          ),
        ]
      )
    }

    let packages = [
      Package(
        directory: "",
        localDependencies: ["Core", "Model", "Services", "ViewModel", "Frontend", "Coordinator", "App"],
        targets: [
          Target(name: "FunCoreTests", type: "test", dependencies: [core], path: "Core/Tests/FunCoreTests"),
          Target(
            name: "FunViewModelTests",
            type: "test",
            dependencies: [viewModel, model, mocks, core],
            path: "ViewModel/Tests/FunViewModelTests"
          ),
          Target(name: "ArchitectureTests", type: "test", dependencies: []),
        ]
      ),
      layer("Core", "FunCore", packages: [], dependencies: [], testSupport: false),
      Package(
        directory: "Model",
        localDependencies: ["Core"],
        targets: [
          Target(name: "FunModel", type: "regular", dependencies: [core]),
          Target(name: "FunModelTestSupport", type: "regular", dependencies: [.target("FunModel"), core]),
          Target(
            name: "FunModelTests",
            type: "test",
            dependencies: [.target("FunModel"), .target("FunModelTestSupport"), core]
          ),
        ]
      ),
      layer("Services", "FunServices", packages: ["Core", "Model"], dependencies: [model, core]),
      layer("ViewModel", "FunViewModel", packages: ["Core", "Model"], dependencies: [model, core]),
      layer(
        "Frontend",
        "FunFrontend",
        packages: ["Core", "Model", "ViewModel"],
        dependencies: [viewModel, model, core]
      ),
      layer(
        "Coordinator",
        "FunCoordinator",
        packages: ["Core", "Model", "ViewModel", "Frontend"],
        dependencies: [frontend, viewModel, model, core]
      ),
      Package(
        directory: "App",
        localDependencies: ["Core", "Model", "Services", "ViewModel", "Frontend", "Coordinator"],
        targets: [
          Target(name: "FunApp", type: "regular", dependencies: allLayers),
          Target(name: "fun", type: "executable", dependencies: [.target("FunApp")] + allLayers),
          // Like the real App package: the end-to-end tests need `swift test` to build `fun`.
          Target(
            name: "FunAppTests",
            type: "test",
            dependencies: [.target("FunApp"), .target("fun"), mocks] + allLayers
          ),
        ]
      ),
    ]

    let sources: [String: String] = [
      "Core/Sources/FunCore/Core.swift": "import Foundation\nimport Synchronization\n\npublic enum Core {}\n",
      "Core/Tests/FunCoreTests/CoreTests.swift": "@testable import FunCore\nimport Testing\n",
      "Model/Sources/FunModel/Model.swift": "import FunCore\n\npublic enum Model {}\n",
      "Model/Sources/FunModelTestSupport/Mocks.swift": "import FunCore\nimport FunModel\n",
      "Model/Tests/FunModelTests/ModelTests.swift":
        "import FunCore\n@testable import FunModel\nimport FunModelTestSupport\nimport Testing\n",
      "Services/Sources/FunServices/Services.swift": "import Foundation\nimport FunCore\nimport FunModel\n",
      // Like the real catalog downloader: FunServices is the one user of FoundationNetworking.
      "Services/Sources/FunServices/Downloader.swift":
        "import Foundation\nimport FunModel\n\n#if canImport(FoundationNetworking)\n  import FoundationNetworking\n#endif\n",
      "Services/Tests/FunServicesTests/ServicesTests.swift":
        "import FunModelTestSupport\n@testable import FunServices\nimport XCTest\n",
      "ViewModel/Sources/FunViewModel/ViewModel.swift": "import FunCore\nimport FunModel\nimport Observation\n",
      "ViewModel/Tests/FunViewModelTests/ViewModelTests.swift":
        "import FunCore\nimport FunModel\nimport FunModelTestSupport\n@testable import FunViewModel\nimport Testing\n",
      "Frontend/Sources/FunFrontend/Frontend.swift":
        "import FunCore\nimport FunModel\nimport FunViewModel\n#if canImport(Glibc)\n  import Glibc\n#endif\n",
      "Frontend/Tests/FunFrontendTests/FrontendTests.swift":
        "@testable import FunFrontend\nimport FunViewModel\nimport Testing\n",
      "Coordinator/Sources/FunCoordinator/Coordinator.swift":
        "import FunCore\nimport FunFrontend\nimport FunModel\nimport FunViewModel\n",
      "Coordinator/Tests/FunCoordinatorTests/CoordinatorTests.swift":
        "@testable import FunCoordinator\nimport FunModelTestSupport\nimport Testing\n",
      "App/Sources/FunApp/App.swift":
        "import FunCoordinator\nimport FunCore\nimport FunFrontend\nimport FunModel\nimport FunServices\nimport FunViewModel\n",
      "App/Sources/fun/main.swift": "import Foundation\nimport FunApp\nimport FunCore\n",
      "App/Tests/FunAppTests/AppTests.swift":
        "@testable import FunApp\nimport FunModelTestSupport\nimport FunServices\nimport Testing\n",
      "Tests/ArchitectureTests/ArchitectureTests.swift": "import Foundation\nimport Testing\n",
    ]
    return Fixture(packages: packages, sources: sources)
  }
}
