// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Model",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FunModel", targets: ["FunModel"]),
    .library(name: "FunModelTestSupport", targets: ["FunModelTestSupport"]),
  ],
  dependencies: [.package(path: "../Core")],
  targets: [
    .target(
      name: "FunModel",
      dependencies: [.product(name: "FunCore", package: "Core")],
      swiftSettings: settings
    ),
    .target(
      name: "FunModelTestSupport",
      dependencies: ["FunModel", .product(name: "FunCore", package: "Core")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunModelTests",
      dependencies: ["FunModel", "FunModelTestSupport", .product(name: "FunCore", package: "Core")],
      swiftSettings: settings
    ),
  ]
)
