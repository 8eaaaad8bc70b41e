// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Services",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FunServices", targets: ["FunServices"]),
    // Fetches remote catalogs in a process of its own, so `fun` never loads FoundationNetworking.
    .executable(name: "fun-fetch", targets: ["fun-fetch"]),
  ],
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
    .executableTarget(
      name: "fun-fetch",
      dependencies: ["FunServices", .product(name: "FunCore", package: "Core")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunServicesTests",
      // `fun-fetch` is a dependency so that the remote-catalog tests have the helper built.
      dependencies: [
        "FunServices",
        "fun-fetch",
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      resources: [.copy("Support/catalog_server.py")],
      swiftSettings: settings
    ),
  ]
)
