import Foundation

extension Fixture {
  /// The clean workspace, checked with the repository's own `layers.json`: every layer, each
  /// depending on and importing exactly what the layer rules allow, with test targets, the root's
  /// `path:` test targets, the root's tooling and the harnesses of the fuzz targets and the
  /// benchmarks. It has no violations.
  static var clean: Fixture {
    let core = Dependency.product("FunCore", package: "Core")
    let model = Dependency.product("FunModel", package: "Model")
    let mocks = Dependency.product("FunModelTestSupport", package: "Model")
    let services = Dependency.product("FunServices", package: "Services")
    let viewModel = Dependency.product("FunViewModel", package: "ViewModel")
    let frontend = Dependency.product("FunFrontend", package: "Frontend")
    let spoken = Dependency.product("FunSpoken", package: "Spoken")
    let coordinator = Dependency.product("FunCoordinator", package: "Coordinator")
    let linkHandoff = Dependency.product("FunLinkHandoff", package: "LinkHandoff")
    let allLayers = [linkHandoff, coordinator, spoken, frontend, viewModel, services, model, core]

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
        localDependencies: [
          "Core", "Model", "Services", "ViewModel", "Frontend", "Spoken", "Coordinator", "LinkHandoff", "App",
        ],
        targets: [
          Target(name: "LayeringChecker", type: "regular", dependencies: []),
          Target(name: "check-layering", type: "executable", dependencies: [.target("LayeringChecker")]),
          Target(name: "CheckLayering", type: "plugin", dependencies: [.target("check-layering")]),
          Target(name: "LayeringCheckerTests", type: "test", dependencies: [.target("LayeringChecker")]),
          Target(name: "FunCoreTests", type: "test", dependencies: [core], path: "Core/Tests/FunCoreTests"),
          Target(
            name: "FunViewModelTests",
            type: "test",
            dependencies: [viewModel, model, mocks, core],
            path: "ViewModel/Tests/FunViewModelTests"
          ),
          Target(name: "ArchitectureTests", type: "test", dependencies: [.target("LayeringChecker")]),
        ],
        rootName: "Fun"
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
      // Like the real Spoken package: a second view layer beside Frontend.
      layer("Spoken", "FunSpoken", packages: ["Core", "Model", "ViewModel"], dependencies: [viewModel, model, core]),
      layer(
        "Coordinator",
        "FunCoordinator",
        packages: ["Core", "Model", "ViewModel", "Frontend"],
        dependencies: [frontend, viewModel, model, core]
      ),
      // Like the real LinkHandoff package: a layer with test support of its own.
      Package(
        directory: "LinkHandoff",
        localDependencies: ["Core", "Model", "Services"],
        targets: [
          Target(name: "FunLinkHandoff", type: "regular", dependencies: [services, model, core]),
          Target(name: "FunLinkHandoffTestSupport", type: "regular", dependencies: []),
          Target(
            name: "FunLinkHandoffTests",
            type: "test",
            dependencies: [.target("FunLinkHandoff"), .target("FunLinkHandoffTestSupport"), mocks, core]
          ),
        ]
      ),
      Package(
        directory: "App",
        localDependencies: [
          "Core", "Model", "Services", "ViewModel", "Frontend", "Spoken", "Coordinator", "LinkHandoff",
        ],
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
      // Like the real Fuzz package: a harness, whose fuzz targets drive layers from outside.
      Package(
        directory: "Fuzz",
        localDependencies: ["Core", "Model", "Frontend"],
        targets: [
          Target(name: "FuzzSupport", type: "regular", dependencies: []),
          Target(name: "fuzz-keys", type: "executable", dependencies: [.target("FuzzSupport"), frontend]),
          Target(name: "fuzz-deep-link", type: "executable", dependencies: [.target("FuzzSupport"), model]),
        ]
      ),
      // Like the real Benchmarks package: a harness whose one executable also depends on App's
      // `fun`, so that building the benchmarks builds the binary they start.
      Package(
        directory: "Benchmarks",
        localDependencies: ["Core", "Model", "App"],
        targets: [
          Target(
            name: "fun-bench",
            type: "executable",
            dependencies: [.product("FunApp", package: "App"), .product("fun", package: "App"), model, core]
          )
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
      "Spoken/Sources/FunSpoken/Spoken.swift": "import FunCore\nimport FunModel\nimport FunViewModel\n",
      "Spoken/Tests/FunSpokenTests/SpokenTests.swift":
        "@testable import FunSpoken\nimport FunModelTestSupport\nimport Testing\n",
      "Coordinator/Sources/FunCoordinator/Coordinator.swift":
        "import FunCore\nimport FunFrontend\nimport FunModel\nimport FunViewModel\n",
      "Coordinator/Tests/FunCoordinatorTests/CoordinatorTests.swift":
        "@testable import FunCoordinator\nimport FunModelTestSupport\nimport Testing\n",
      "LinkHandoff/Sources/FunLinkHandoff/LinkListener.swift":
        "import Foundation\nimport FunCore\nimport FunModel\nimport FunServices\n",
      "LinkHandoff/Sources/FunLinkHandoffTestSupport/SocketClient.swift": "import Foundation\n",
      "LinkHandoff/Tests/FunLinkHandoffTests/LinkListenerTests.swift":
        "import FunCore\n@testable import FunLinkHandoff\nimport FunLinkHandoffTestSupport\nimport FunModelTestSupport\nimport Testing\n",
      "App/Sources/FunApp/App.swift":
        "import FunCoordinator\nimport FunCore\nimport FunFrontend\nimport FunLinkHandoff\nimport FunModel\nimport FunServices\nimport FunSpoken\nimport FunViewModel\n",
      "App/Sources/fun/main.swift": "import Foundation\nimport FunApp\nimport FunCore\n",
      "App/Tests/FunAppTests/AppTests.swift":
        "@testable import FunApp\nimport FunModelTestSupport\nimport FunServices\nimport Testing\n",
      "Sources/LayeringChecker/Checker.swift": "import Foundation\n",
      "Sources/check-layering/main.swift": "import Foundation\nimport LayeringChecker\n",
      "Plugins/CheckLayering/CheckLayering.swift": "import Foundation\nimport PackagePlugin\n",
      "Tests/LayeringCheckerTests/CheckerTests.swift": "@testable import LayeringChecker\nimport Testing\n",
      "Tests/ArchitectureTests/ArchitectureTests.swift": "import Foundation\nimport LayeringChecker\nimport Testing\n",
      "Fuzz/Sources/FuzzSupport/Fuzzer.swift": "import Foundation\n",
      "Fuzz/Sources/fuzz-keys/main.swift": "import FuzzSupport\n\n@testable import FunFrontend\n",
      "Fuzz/Sources/fuzz-deep-link/main.swift": "import FunModel\nimport FuzzSupport\n",
      "Benchmarks/Sources/fun-bench/main.swift": "import Foundation\nimport FunApp\nimport FunCore\nimport FunModel\n",
    ]
    return Fixture(table: Repository.table, packages: packages, sources: sources)
  }
}
