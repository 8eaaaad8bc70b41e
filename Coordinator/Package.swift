// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Coordinator",
  platforms: [.macOS(.v15)],
  products: [.library(name: "FunCoordinator", targets: ["FunCoordinator"])],
  dependencies: [
    .package(path: "../Core"), .package(path: "../Model"), .package(path: "../ViewModel"),
    .package(path: "../Frontend"),
  ],
  targets: [
    .target(
      name: "FunCoordinator",
      dependencies: [
        .product(name: "FunFrontend", package: "Frontend"),
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunCoordinatorTests",
      dependencies: [
        "FunCoordinator",
        .product(name: "FunFrontend", package: "Frontend"),
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
  ]
)
