// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
  name: "Core",
  platforms: [.macOS(.v15)],
  products: [.library(name: "FunCore", targets: ["FunCore"])],
  targets: [
    .target(name: "FunCore", swiftSettings: settings),
    .testTarget(name: "FunCoreTests", dependencies: ["FunCore"], swiftSettings: settings),
  ]
)
