extension Fixture {
  /// A workspace the checker has never seen, laid out the way many iOS apps are: its packages in
  /// `Packages/`, a `UI` layer where Fun has `Frontend`, `Presentation` for ViewModels, `Data` for
  /// services, `Navigation` for coordinators, `Application` for the composition root and the
  /// `acme` executable, mocks in `AcmeDomainMocks`, SwiftUI and UIKit as toolchain modules (only
  /// the UI may use UIKit), and a rules table of its own. Nothing in it is named like Fun's.
  static var iOSStyle: Fixture {
    let table = """
      {
        "layers": [
          { "name": "Kit", "package": "Packages/Kit", "modules": ["AcmeKit"] },
          { "name": "Domain", "package": "Packages/Domain", "modules": ["AcmeDomain"],
            "testSupport": ["AcmeDomainMocks"], "mayImport": ["Kit"] },
          { "name": "Data", "package": "Packages/Data", "modules": ["AcmeData"], "mayImport": ["Domain", "Kit"] },
          { "name": "Presentation", "package": "Packages/Presentation", "modules": ["AcmePresentation"],
            "mayImport": ["Domain", "Kit"] },
          { "name": "UI", "package": "Packages/UI", "modules": ["AcmeUI"],
            "mayImport": ["Presentation", "Domain", "Kit"] },
          { "name": "Navigation", "package": "Packages/Navigation", "modules": ["AcmeNavigation"],
            "mayImport": ["UI", "Presentation", "Domain", "Kit"] },
          { "name": "Application", "package": "Packages/Application", "modules": ["AcmeApplication"],
            "executables": ["acme"], "mayImport": ["Navigation", "UI", "Presentation", "Data", "Domain", "Kit"] }
        ],
        "tooling": { "package": ".", "tests": ["LayeringTests"] },
        "toolchain": ["Foundation", "Combine", "SwiftUI", "UIKit", "Observation"],
        "testFrameworks": ["Testing", "XCTest"],
        "restrictedToolchain": [
          { "module": "UIKit", "onlyIn": ["AcmeUI"], "reason": "only the UI layer touches UIKit" }
        ]
      }
      """
    let kit = Dependency.product("AcmeKit", package: "Kit")
    let domain = Dependency.product("AcmeDomain", package: "Domain")
    let mocks = Dependency.product("AcmeDomainMocks", package: "Domain")
    let data = Dependency.product("AcmeData", package: "Data")
    let presentation = Dependency.product("AcmePresentation", package: "Presentation")
    let ui = Dependency.product("AcmeUI", package: "UI")
    let navigation = Dependency.product("AcmeNavigation", package: "Navigation")

    /// A layer package with its module and the module's tests, which may also use the mocks.
    func layer(_ name: String, packages: [String], dependencies: [Dependency]) -> Package {
      Package(
        directory: "Packages/\(name)",
        localDependencies: packages.map { "Packages/\($0)" },
        targets: [
          Target(name: "Acme\(name)", type: "regular", dependencies: dependencies),
          Target(name: "Acme\(name)Tests", type: "test", dependencies: [.target("Acme\(name)"), mocks] + dependencies),
        ]
      )
    }

    let packages = [
      Package(
        directory: "",
        localDependencies: ["Kit", "Domain", "Data", "Presentation", "UI", "Navigation", "Application"].map {
          "Packages/\($0)"
        },
        targets: [Target(name: "LayeringTests", type: "test", dependencies: [])],
        rootName: "Acme"
      ),
      Package(
        directory: "Packages/Kit",
        localDependencies: [],
        targets: [
          Target(name: "AcmeKit", type: "regular", dependencies: []),
          Target(name: "AcmeKitTests", type: "test", dependencies: [.target("AcmeKit")]),
        ]
      ),
      Package(
        directory: "Packages/Domain",
        localDependencies: ["Packages/Kit"],
        targets: [
          Target(name: "AcmeDomain", type: "regular", dependencies: [kit]),
          Target(name: "AcmeDomainMocks", type: "regular", dependencies: [.target("AcmeDomain"), kit]),
          Target(
            name: "AcmeDomainTests", type: "test", dependencies: [.target("AcmeDomain"), .target("AcmeDomainMocks")]),
        ]
      ),
      layer("Data", packages: ["Kit", "Domain"], dependencies: [domain, kit]),
      layer("Presentation", packages: ["Kit", "Domain"], dependencies: [domain, kit]),
      layer("UI", packages: ["Kit", "Domain", "Presentation"], dependencies: [presentation, domain, kit]),
      layer(
        "Navigation",
        packages: ["Kit", "Domain", "Presentation", "UI"],
        dependencies: [ui, presentation, domain, kit]
      ),
      Package(
        directory: "Packages/Application",
        localDependencies: ["Kit", "Domain", "Data", "Presentation", "UI", "Navigation"].map { "Packages/\($0)" },
        targets: [
          Target(
            name: "AcmeApplication", type: "regular", dependencies: [navigation, ui, presentation, data, domain, kit]),
          Target(name: "acme", type: "executable", dependencies: [.target("AcmeApplication")]),
          Target(
            name: "AcmeApplicationTests", type: "test",
            dependencies: [.target("AcmeApplication"), .target("acme"), mocks]),
        ]
      ),
    ]

    let sources: [String: String] = [
      "Packages/Kit/Sources/AcmeKit/Kit.swift": "import Foundation\n",
      "Packages/Kit/Tests/AcmeKitTests/KitTests.swift": "@testable import AcmeKit\nimport Testing\n",
      "Packages/Domain/Sources/AcmeDomain/Domain.swift": "import AcmeKit\nimport Foundation\n",
      "Packages/Domain/Sources/AcmeDomainMocks/Mocks.swift": "import AcmeDomain\nimport AcmeKit\nimport XCTest\n",
      "Packages/Domain/Tests/AcmeDomainTests/DomainTests.swift":
        "import AcmeDomain\nimport AcmeDomainMocks\nimport Testing\n",
      "Packages/Data/Sources/AcmeData/Repository.swift": "import AcmeDomain\nimport AcmeKit\nimport Foundation\n",
      "Packages/Data/Tests/AcmeDataTests/RepositoryTests.swift":
        "@testable import AcmeData\nimport AcmeDomainMocks\nimport XCTest\n",
      "Packages/Presentation/Sources/AcmePresentation/HomeViewModel.swift":
        "import AcmeDomain\nimport Combine\nimport Observation\n",
      "Packages/Presentation/Tests/AcmePresentationTests/HomeViewModelTests.swift":
        "import AcmeDomainMocks\n@testable import AcmePresentation\nimport Testing\n",
      "Packages/UI/Sources/AcmeUI/HomeView.swift":
        "import AcmePresentation\nimport SwiftUI\n\n#if canImport(UIKit)\n  import UIKit\n#endif\n",
      "Packages/UI/Tests/AcmeUITests/HomeViewTests.swift":
        "@testable import AcmeUI\nimport AcmePresentation\nimport Testing\n",
      "Packages/Navigation/Sources/AcmeNavigation/AppRouter.swift":
        "import AcmePresentation\nimport AcmeUI\nimport SwiftUI\n",
      "Packages/Navigation/Tests/AcmeNavigationTests/AppRouterTests.swift":
        "@testable import AcmeNavigation\nimport Testing\n",
      "Packages/Application/Sources/AcmeApplication/CompositionRoot.swift":
        "import AcmeData\nimport AcmeDomain\nimport AcmeNavigation\nimport AcmeUI\n",
      "Packages/Application/Sources/acme/main.swift": "import AcmeApplication\nimport Foundation\n",
      "Packages/Application/Tests/AcmeApplicationTests/LaunchTests.swift":
        "@testable import AcmeApplication\nimport AcmeDomainMocks\nimport Testing\n",
      "Tests/LayeringTests/LayeringTests.swift": "import Foundation\nimport Testing\n",
    ]
    return Fixture(table: table, packages: packages, sources: sources)
  }
}
