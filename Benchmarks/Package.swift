// swift-tools-version: 6.2
// Fun's benchmarks: `fun-bench`, beside the layers, never part of the app (as swift-nio and
// swift-collections keep theirs). layers.json knows this package as a harness: its target may
// import the layers it measures, and nothing imports it.
//
// `fun-bench` measures the app in process and starts the `fun` binary as a child process; it
// depends on App's `fun` product so that one release build here builds both, side by side:
//   swift build -c release --package-path Benchmarks
//   $(swift build -c release --package-path Benchmarks --show-bin-path)/fun-bench --quick --check
// docs/Performance.md says what it measures and what each target means.
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Core"), .package(path: "../Model"), .package(path: "../Services"),
    .package(path: "../ViewModel"), .package(path: "../Frontend"), .package(path: "../Coordinator"),
    .package(path: "../App"),
  ],
  targets: [
    .executableTarget(
      name: "fun-bench",
      dependencies: [
        .product(name: "FunApp", package: "App"),
        // Not linked: an executable product as a dependency is built beside fun-bench.
        .product(name: "fun", package: "App"),
        .product(name: "FunCoordinator", package: "Coordinator"),
        .product(name: "FunFrontend", package: "Frontend"),
        .product(name: "FunViewModel", package: "ViewModel"),
        .product(name: "FunServices", package: "Services"),
        .product(name: "FunModel", package: "Model"),
        .product(name: "FunCore", package: "Core"),
      ],
      swiftSettings: settings
    )
  ]
)
