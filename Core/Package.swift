// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Core",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FunCore", targets: ["FunCore"]),
    .library(name: "FunCoreTestSupport", targets: ["FunCoreTestSupport"]),
  ],
  targets: [
    .target(name: "FunCore", swiftSettings: settings),
    // What the tests of Core and of the layers above share, which no production code imports.
    .target(name: "FunCoreTestSupport", dependencies: ["FunCore"], swiftSettings: settings),
    .testTarget(name: "FunCoreTests", dependencies: ["FunCore", "FunCoreTestSupport"], swiftSettings: settings),
  ]
)
