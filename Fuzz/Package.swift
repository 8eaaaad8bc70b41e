// swift-tools-version: 6.2
// Fun's fuzz targets: one libFuzzer executable per parser, beside the layers, never part of the
// app. layers.json knows this package as a harness: its targets may import the layers they
// drive, and nothing imports them.
//
// Build and run them through `.ci/run fuzz` (docs/Fuzzing.md): a plain `swift build` here cannot
// link them, since libFuzzer comes with the toolset `toolset.json` (`-sanitize=fuzzer,address`
// for every module built for the targets, so the code under test is instrumented too).
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let model: Target.Dependency = .product(name: "FunModel", package: "Model")
let services: Target.Dependency = .product(name: "FunServices", package: "Services")
let frontend: Target.Dependency = .product(name: "FunFrontend", package: "Frontend")
let linkHandoff: Target.Dependency = .product(name: "FunLinkHandoff", package: "LinkHandoff")
let app: Target.Dependency = .product(name: "FunApp", package: "App")

let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Model"), .package(path: "../Services"),
    .package(path: "../Frontend"), .package(path: "../LinkHandoff"), .package(path: "../App"),
  ],
  targets: [
    .systemLibrary(name: "CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], swiftSettings: settings),
    .executableTarget(name: "fuzz-keys", dependencies: ["FuzzSupport", frontend], swiftSettings: settings),
    .executableTarget(name: "fuzz-deep-link", dependencies: ["FuzzSupport", model], swiftSettings: settings),
    .executableTarget(name: "fuzz-script-line", dependencies: ["FuzzSupport", app, model], swiftSettings: settings),
    .executableTarget(name: "fuzz-catalog", dependencies: ["FuzzSupport", services, model], swiftSettings: settings),
    .executableTarget(name: "fuzz-favorites", dependencies: ["FuzzSupport", services], swiftSettings: settings),
    .executableTarget(name: "fuzz-settings", dependencies: ["FuzzSupport", services, model], swiftSettings: settings),
    .executableTarget(name: "fuzz-session", dependencies: ["FuzzSupport", services], swiftSettings: settings),
    .executableTarget(name: "fuzz-profile", dependencies: ["FuzzSupport", services, model], swiftSettings: settings),
    .executableTarget(name: "fuzz-migration", dependencies: ["FuzzSupport", services], swiftSettings: settings),
    .executableTarget(
      name: "fuzz-link-handoff", dependencies: ["FuzzSupport", linkHandoff, frontend], swiftSettings: settings),
    .executableTarget(name: "fuzz-timestamp", dependencies: ["FuzzSupport", services], swiftSettings: settings),
    .executableTarget(name: "fuzz-catalog-cache", dependencies: ["FuzzSupport", services], swiftSettings: settings),
  ]
)
