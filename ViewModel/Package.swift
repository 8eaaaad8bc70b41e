// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "ViewModel",
  platforms: [.macOS(.v15)],
  products: [.library(name: "FunViewModel", targets: ["FunViewModel"])],
  dependencies: [.package(path: "../Core"), .package(path: "../Model")],
  targets: [
    .target(
      name: "FunViewModel",
      dependencies: [
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunViewModelTests",
      dependencies: [
        "FunViewModel",
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
  ]
)
