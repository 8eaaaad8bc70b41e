// swift-tools-version: 6.2
// The umbrella package: `swift run fun` and `swift test` from the repository root.
//
// Every layer is its own package (Core, Model, Services, ViewModel, Frontend, Spoken,
// Coordinator, LinkHandoff, App)
// with its own manifest, so the compiler enforces who may import whom. This manifest depends on
// those packages and names their test folders by `path:`, so one `swift test` here builds
// everything once and runs every package's tests plus the architecture tests.
//
// Its own targets are build-time tooling, which no layer imports: the layering checker
// (`LayeringChecker`, the engine the architecture tests and the `check-layering` tool share) and
// the command plugin `swift package check-layering` that runs the tool on this tree, against
// the rules table `layers.json`; and `list-api`, which writes each library module's public API
// from its symbol graphs into api/ for CI to compare; and the fork kit (`rename-app`,
// `add-feature`: the `fork-kit` tool and its `ForkKit` logic). (The other tooling, the string tables'
// generator and its build plugin, lives in Model beside the tables; its tests run here as
// `L10nTablesTests`.)
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let core: Target.Dependency = .product(name: "FunCore", package: "Core")
let model: Target.Dependency = .product(name: "FunModel", package: "Model")
let coreSupport: Target.Dependency = .product(name: "FunCoreTestSupport", package: "Core")
let mocks: Target.Dependency = .product(name: "FunModelTestSupport", package: "Model")
let services: Target.Dependency = .product(name: "FunServices", package: "Services")
let viewModel: Target.Dependency = .product(name: "FunViewModel", package: "ViewModel")
let frontend: Target.Dependency = .product(name: "FunFrontend", package: "Frontend")
let spoken: Target.Dependency = .product(name: "FunSpoken", package: "Spoken")
let coordinator: Target.Dependency = .product(name: "FunCoordinator", package: "Coordinator")
let linkHandoff: Target.Dependency = .product(name: "FunLinkHandoff", package: "LinkHandoff")
let linkHandoffSupport: Target.Dependency = .product(name: "FunLinkHandoffTestSupport", package: "LinkHandoff")
let app: Target.Dependency = .product(name: "FunApp", package: "App")

let package = Package(
  name: "Fun",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "Core"), .package(path: "Model"), .package(path: "Services"),
    .package(path: "ViewModel"), .package(path: "Frontend"), .package(path: "Spoken"), .package(path: "Coordinator"),
    .package(path: "LinkHandoff"), .package(path: "App"),
  ],
  targets: [
    .target(name: "LayeringChecker", swiftSettings: settings),
    .executableTarget(name: "check-layering", dependencies: ["LayeringChecker"], swiftSettings: settings),
    // The public-API listings' generator (api/<Module>.txt), which `bash .ci/run api` runs.
    .executableTarget(name: "list-api", dependencies: ["LayeringChecker"], swiftSettings: settings),
    .plugin(
      name: "CheckLayering",
      capability: .command(
        intent: .custom(
          verb: "check-layering",
          description: "Check every import and manifest of the package tree against layers.json"
        )
      ),
      dependencies: ["check-layering"]
    ),
    // The fork kit: `rename-app` and `add-feature`, command plugins that run the `fork-kit` tool,
    // whose logic (`ForkKit`) the unit tests test; docs/Forking.md says how a fork uses them.
    .target(name: "ForkKit", dependencies: [.product(name: "L10nTables", package: "Model")], swiftSettings: settings),
    .executableTarget(name: "fork-kit", dependencies: ["ForkKit"], swiftSettings: settings),
    .plugin(
      name: "RenameApp",
      capability: .command(
        intent: .custom(verb: "rename-app", description: "Rename the app: modules, binary, scheme, web host, docs, CI"),
        permissions: [.writeToPackageDirectory(reason: "Renames the app's modules, files and names in place")]
      ),
      dependencies: ["fork-kit"]
    ),
    .plugin(
      name: "AddFeature",
      capability: .command(
        intent: .custom(verb: "add-feature", description: "Add a tab across the layers, registered in an activity"),
        permissions: [.writeToPackageDirectory(reason: "Writes the new feature's files and registers it")]
      ),
      dependencies: ["fork-kit"]
    ),
    .testTarget(name: "ForkKitTests", dependencies: ["ForkKit"], swiftSettings: settings),
    .testTarget(name: "LayeringCheckerTests", dependencies: ["LayeringChecker"], swiftSettings: settings),
    .testTarget(name: "ArchitectureTests", dependencies: ["LayeringChecker"], swiftSettings: settings),
    .testTarget(
      name: "L10nTablesTests",
      dependencies: [.product(name: "L10nTables", package: "Model")],
      path: "Model/Tests/L10nTablesTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunCoreTests",
      dependencies: [core, coreSupport],
      path: "Core/Tests/FunCoreTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunModelTests",
      dependencies: [model, mocks, core],
      path: "Model/Tests/FunModelTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunServicesTests",
      dependencies: [services, model, mocks, core, coreSupport],
      path: "Services/Tests/FunServicesTests",
      resources: [.copy("Support/catalog_server.py")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunViewModelTests",
      dependencies: [viewModel, model, mocks, core],
      path: "ViewModel/Tests/FunViewModelTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunFrontendTests",
      dependencies: [frontend, viewModel, model, mocks, core],
      path: "Frontend/Tests/FunFrontendTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunSpokenTests",
      dependencies: [spoken, viewModel, model, mocks, core],
      path: "Spoken/Tests/FunSpokenTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunCoordinatorTests",
      dependencies: [coordinator, frontend, viewModel, model, mocks, core],
      path: "Coordinator/Tests/FunCoordinatorTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunLinkHandoffTests",
      dependencies: [linkHandoff, linkHandoffSupport, services, model, mocks, core],
      path: "LinkHandoff/Tests/FunLinkHandoffTests",
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunAppTests",
      dependencies: [
        app, .product(name: "fun", package: "App"), .product(name: "crash-probe", package: "App"), linkHandoff,
        linkHandoffSupport, coordinator, frontend, spoken,
        viewModel,
        services, model, mocks, core, coreSupport,
      ],
      path: "App/Tests/FunAppTests",
      swiftSettings: settings
    ),
  ]
)
