// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Services",
  platforms: [.macOS(.v15)],
  products: [.library(name: "FunServices", targets: ["FunServices"])],
  dependencies: [.package(path: "../Core"), .package(path: "../Model")],
  targets: [
    .target(
      name: "FunServices",
      dependencies: [
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      // Compiled into the module as bytes (`PackageResources.catalog_json`), not copied into a
      // resource bundle: `fun` is one binary that works wherever it is copied.
      resources: [.embedInCode("Resources/catalog.json")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunServicesTests",
      dependencies: [
        "FunServices",
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
        .product(name: "FunCoreTestSupport", package: "Core"),
      ],
      resources: [.copy("Support/catalog_server.py")],
      swiftSettings: settings
    ),
  ]
)
