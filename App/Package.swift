// swift-tools-version: 6.2
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let layers: [Target.Dependency] = [
  .product(name: "FunCoordinator", package: "Coordinator"),
  .product(name: "FunFrontend", package: "Frontend"),
  .product(name: "FunSpoken", package: "Spoken"),
  .product(name: "FunViewModel", package: "ViewModel"),
  .product(name: "FunServices", package: "Services"),
  .product(name: "FunModel", package: "Model"),
  .product(name: "FunCore", package: "Core"),
]
let linkHandoff: Target.Dependency = .product(name: "FunLinkHandoff", package: "LinkHandoff")

let package = Package(
  name: "App",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FunApp", targets: ["FunApp"]),
    .executable(name: "fun", targets: ["fun"]),
    .executable(name: "crash-probe", targets: ["crash-probe"]),
  ],
  dependencies: [
    .package(path: "../Core"), .package(path: "../Model"), .package(path: "../Services"),
    .package(path: "../ViewModel"), .package(path: "../Frontend"), .package(path: "../Spoken"),
    .package(path: "../Coordinator"),
    .package(path: "../LinkHandoff"),
  ],
  targets: [
    .target(name: "FunApp", dependencies: layers + [linkHandoff], swiftSettings: settings),
    .executableTarget(name: "fun", dependencies: ["FunApp"], swiftSettings: settings),
    // For tests only: takes the terminal over and crashes, which `fun` cannot be made to do.
    .executableTarget(
      name: "crash-probe", dependencies: [.product(name: "FunFrontend", package: "Frontend")], swiftSettings: settings),
    // `fun` and `crash-probe` are dependencies so that `swift test` builds the binaries the
    // pseudo-terminal tests run.
    .testTarget(
      name: "FunAppTests",
      dependencies: [
        "FunApp", "fun", "crash-probe", linkHandoff,
        .product(name: "FunLinkHandoffTestSupport", package: "LinkHandoff"),
        .product(name: "FunModelTestSupport", package: "Model"),
        .product(name: "FunCoreTestSupport", package: "Core"),
      ] + layers,
      swiftSettings: settings
    ),
  ]
)
