// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Frontend",
  platforms: [.macOS(.v15)],
  products: [.library(name: "FunFrontend", targets: ["FunFrontend"])],
  dependencies: [.package(path: "../Core"), .package(path: "../Model"), .package(path: "../ViewModel")],
  targets: [
    .target(
      name: "FunFrontend",
      dependencies: [
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunFrontendTests",
      dependencies: [
        "FunFrontend",
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
  ]
)
