// swift-tools-version: 6.1
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
      resources: [.process("Resources")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunServicesTests",
      dependencies: [
        "FunServices",
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      resources: [.copy("Support/catalog_server.py")],
      swiftSettings: settings
    ),
  ]
)
