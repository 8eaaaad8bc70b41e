import Foundation
import Testing

@testable import LayeringChecker

/// The checker on a workspace it has never seen: ``Fixture/iOSStyle``, whose packages, modules
/// and table share no name with Fun's. Nothing but its `layers.json` tells the checker its rules.
@Suite("A workspace with other names", .timeLimit(.minutes(5)))
struct IOSStyleWorkspaceTests {
  @Test("The clean iOS-style fixture has no violations")
  func cleanPasses() throws {
    let violations = try Fixture.iOSStyle.violations

    #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
  }

  @Test(
    "Its own rules hold: imports up or sideways, UIKit outside UI, mocks in production, each at file:line",
    arguments: [
      ("Packages/Presentation/Sources/AcmePresentation/Leak.swift", "import AcmeUI", Violation.Rule.layer),
      ("Packages/Data/Sources/AcmeData/Leak.swift", "import AcmePresentation", .layer),
      ("Packages/UI/Sources/AcmeUI/Leak.swift", "import AcmeNavigation", .layer),
      ("Packages/Presentation/Sources/AcmePresentation/Leak.swift", "import UIKit", .forbiddenToolchainModule),
      ("Packages/Data/Sources/AcmeData/Leak.swift", "import AcmeDomainMocks", .testSupportInProduction),
      ("Packages/Kit/Sources/AcmeKit/Leak.swift", "import Alamofire", .unknownModule),
      ("Packages/UI/Tests/AcmeUITests/Leak.swift", "import AcmeData", .layer),
    ]
  )
  func importViolations(path: String, line: String, rule: Violation.Rule) throws {
    var fixture = Fixture.iOSStyle
    fixture.sources[path] = "import Foundation\n\n\(line)\n"

    let violations = try fixture.violations

    #expect(violations.map(\.description).map { $0.hasPrefix("\(path):3: \(rule.rawValue): ") } == [true])
  }

  @Test("A package dependency from Data on Presentation (sideways) fails at its line in the nested package")
  func packageDependency() throws {
    var fixture = Fixture.iOSStyle
    fixture.editPackage("Packages/Data") { $0.localDependencies.append("Packages/Presentation") }
    let line = try #require(fixture.manifestLine("Packages/Data", containing: #""../../Packages/Presentation""#))

    let violations = try fixture.violations

    #expect(
      violations.map(\.description) == [
        "Packages/Data/Package.swift:\(line): package-dependency: package Data (layer Data) depends on package "
          + "Packages/Presentation (layer Presentation), which it may not import, even if no target uses it yet; "
          + "its layer may import: Domain, Kit"
      ])
  }

  @Test("A target of Presentation depending on UI's product fails at the manifest line")
  func upwardProduct() throws {
    var fixture = Fixture.iOSStyle
    fixture.editTarget("AcmePresentation", in: "Packages/Presentation") {
      $0.dependencies.append(.product("AcmeUI", package: "UI"))
    }
    let line = try #require(
      fixture.manifestLine("Packages/Presentation", containing: #".target(name: "AcmePresentation","#))

    let violations = try fixture.violations

    #expect(
      violations.map(\.description).map {
        $0.hasPrefix(
          "Packages/Presentation/Package.swift:\(line): manifest-layer: target AcmePresentation depends on AcmeUI")
      } == [true])
  }

  @Test("Fun's table does not fit it: every one of its modules is unknown to Fun's rules")
  func funRulesDoNotFit() throws {
    var fixture = Fixture.iOSStyle
    fixture.table = Fixture.clean.table

    let violations = try fixture.violations

    #expect(violations.contains { $0.rule == .unknownTarget && $0.file == "Packages/UI/Package.swift" })
    #expect(violations.contains { $0.rule == .missingPackage && $0.message.hasPrefix("layer Frontend ") })
  }

  @Test("On disk, through the command with --root and --table from elsewhere: clean, then a violation")
  func onDisk() async throws {
    let parent = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    var fixture = Fixture.iOSStyle
    try fixture.write(to: parent.appending(path: "acme"))
    let rules = parent.appending(path: "acme-rules.json")
    try FileManager.default.moveItem(at: parent.appending(path: "acme/layers.json"), to: rules)
    let arguments = ["--root", "acme", "--table", rules.path]

    let clean = await CheckLayeringCommand.run(arguments: arguments, currentDirectory: parent)

    #expect(clean.status == 0, "\(clean.output)\(clean.errors)")
    #expect(clean.output == "check-layering: no violations (8 packages, 17 Swift files, rules in \(rules.path))\n")

    let leak = "Packages/Presentation/Sources/AcmePresentation/Leak.swift"
    fixture.sources[leak] = "import AcmeDomain\nimport AcmeUI\n"
    try fixture.write(to: parent.appending(path: "acme"))
    try FileManager.default.removeItem(at: parent.appending(path: "acme/layers.json"))

    let broken = await CheckLayeringCommand.run(arguments: arguments, currentDirectory: parent)

    let expected =
      "\(leak):2: layer: `import AcmeUI`: AcmePresentation may not import AcmeUI (layer UI); "
      + "it may import AcmeDomain, AcmeKit"
    #expect(broken.status == 1)
    #expect(broken.output.split(separator: "\n").first.map(String.init) == expected)
  }
}
