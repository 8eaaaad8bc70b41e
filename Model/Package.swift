// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Model",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FunModel", targets: ["FunModel"]),
    .library(name: "FunModelTestSupport", targets: ["FunModelTestSupport"]),
    // The string tables' reader and checker, for the root package's tests of the generator.
    .library(name: "L10nTables", targets: ["L10nTables"]),
  ],
  dependencies: [.package(path: "../Core")],
  targets: [
    .target(
      name: "FunModel",
      dependencies: [.product(name: "FunCore", package: "Core")],
      // The tables are the plugin's input, compiled into the generated accessors: no resources.
      exclude: ["Localization/Tables"],
      swiftSettings: settings,
      plugins: [.plugin(name: "L10nPlugin")]
    ),
    .target(
      name: "FunModelTestSupport",
      dependencies: ["FunModel", .product(name: "FunCore", package: "Core")],
      swiftSettings: settings
    ),
    // Build-time tooling (layers.json knows it as such): the tables' reader, checker and code
    // generator; the tool the plugin runs; and the build-tool plugin FunModel uses.
    .target(name: "L10nTables", swiftSettings: settings),
    .executableTarget(name: "L10nGenerator", dependencies: ["L10nTables"], swiftSettings: settings),
    .plugin(name: "L10nPlugin", capability: .buildTool(), dependencies: ["L10nGenerator"]),
    .testTarget(
      name: "FunModelTests",
      dependencies: ["FunModel", "FunModelTestSupport", .product(name: "FunCore", package: "Core")],
      swiftSettings: settings
    ),
    .testTarget(name: "L10nTablesTests", dependencies: ["L10nTables"], swiftSettings: settings),
  ]
)
