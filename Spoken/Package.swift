// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Spoken",
  platforms: [.macOS(.v15)],
  products: [.library(name: "FunSpoken", targets: ["FunSpoken"])],
  dependencies: [.package(path: "../Core"), .package(path: "../Model"), .package(path: "../ViewModel")],
  targets: [
    .target(
      name: "FunSpoken",
      dependencies: [
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "FunSpokenTests",
      dependencies: [
        "FunSpoken",
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    ),
  ]
)
