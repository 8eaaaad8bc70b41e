// swift-tools-version: 6.2
// The link hand-off: `fun --open URL` handing its link to the `fun` already running on the same
// state folder, over a Unix domain socket. Infrastructure beside the layers, not inside the
// lesson: a package of its own, so the compiler keeps it to what it needs (the state folder's
// trust rule in Services, the domain in Model, Core) and it builds and tests alone. FunApp
// imports it; nothing else does.
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let core: Target.Dependency = .product(name: "FunCore", package: "Core")
let model: Target.Dependency = .product(name: "FunModel", package: "Model")
let services: Target.Dependency = .product(name: "FunServices", package: "Services")

let package = Package(
  name: "LinkHandoff",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "FunLinkHandoff", targets: ["FunLinkHandoff"]),
    .library(name: "FunLinkHandoffTestSupport", targets: ["FunLinkHandoffTestSupport"]),
  ],
  dependencies: [.package(path: "../Core"), .package(path: "../Model"), .package(path: "../Services")],
  targets: [
    .target(name: "FunLinkHandoff", dependencies: [services, model, core], swiftSettings: settings),
    // Raw socket clients for tests that misbehave on purpose, here and in the App's tests.
    .target(name: "FunLinkHandoffTestSupport", swiftSettings: settings),
    .testTarget(
      name: "FunLinkHandoffTests",
      dependencies: [
        "FunLinkHandoff", "FunLinkHandoffTestSupport", services, model, core,
        .product(name: "FunModelTestSupport", package: "Model"),
      ],
      swiftSettings: settings
    ),
  ]
)
