import Foundation
import Testing

@testable import LayeringChecker

@Suite("LayerTable")
struct LayerTableTests {
  @Test("The repository's layers.json decodes, has no problems, and says what the layer rules say")
  func repositoryTable() throws {
    let table = try LayerTable.decode(Data(Repository.table.utf8))

    #expect(table.problems.isEmpty, "\(table.problems)")
    #expect(
      table.layers.map(\.package) == [
        "Core", "Model", "Services", "ViewModel", "Frontend", "Spoken", "Coordinator", "LinkHandoff", "App",
      ])
    let rules = try LayerRules(table: table)
    let viewModel = LayerRules.Target(name: "FunViewModel", isTest: false)
    #expect(rules.allowedModules(for: viewModel) == ["FunViewModel", "FunModel", "FunCore"])
    let app = LayerRules.Target(name: "FunApp", isTest: false)
    #expect(rules.allowedModules(for: app).isSuperset(of: ["FunCoordinator", "FunServices", "FunCore"]))
    #expect(!rules.allowedModules(for: app).contains("FunModelTestSupport"))
    // The link hand-off moves strings over a socket: no terminal, no screens, no coordinators.
    let linkHandoff = LayerRules.Target(name: "FunLinkHandoff", isTest: false)
    #expect(rules.allowedModules(for: linkHandoff) == ["FunLinkHandoff", "FunServices", "FunModel", "FunCore"])
    let fuzzTarget = LayerRules.Target(name: "fuzz-keys", isTest: false)
    #expect(rules.allowedModules(for: fuzzTarget).isSuperset(of: ["FuzzSupport", "FunFrontend", "FunApp", "FunCore"]))
    #expect(rules.allowedModules(for: fuzzTarget).isDisjoint(with: ["FunViewModel", "FunModelTestSupport"]))
  }

  @Test("Lists left out of a row are empty; tooling and restrictions are optional")
  func defaults() throws {
    let table = try LayerTable.decode(
      Data(#"{"layers": [{"name": "Base", "package": "Base", "modules": ["Base"]}], "toolchain": ["Foundation"]}"#.utf8)
    )

    #expect(table.layers == [LayerTable.Layer(name: "Base", package: "Base", modules: ["Base"])])
    #expect(table.tooling == LayerTable.Tooling())
    #expect(table.harnesses.isEmpty && table.testFrameworks.isEmpty && table.restrictedToolchain.isEmpty)
    #expect(table.problems.isEmpty)
  }

  @Test(
    "A table that cannot describe a layered workspace says why, and the rules refuse it",
    arguments: [
      (
        #"[{"name": "A", "package": "A", "modules": ["X"]}, {"name": "B", "package": "B", "modules": ["X"]}]"#,
        "X is named twice"
      ),
      (
        #"[{"name": "A", "package": "A", "modules": ["X"]}, {"name": "B", "package": "./A/", "modules": ["Y"]}]"#,
        "layers A and B share the package ./A/"
      ),
      (#"[{"name": "A", "package": "A", "modules": ["X"], "mayImport": ["C"]}]"#, "which is not a layer of the table"),
      (#"[{"name": "A", "package": "A", "modules": ["X"], "mayImport": ["A"]}]"#, "lists itself"),
      (
        #"[{"name": "A", "package": "A", "modules": ["X"], "mayImport": ["B"]}, "#
          + #"{"name": "B", "package": "B", "modules": ["Y"], "mayImport": ["A"]}]"#,
        "may import each other"
      ),
      (#"[{"name": "A", "package": "A", "modules": []}]"#, "has no modules"),
    ]
  )
  func problems(layers: String, problem: String) throws {
    let table = try LayerTable.decode(Data(#"{"layers": \#(layers), "toolchain": ["Foundation"]}"#.utf8))

    #expect(table.problems.contains { $0.contains(problem) }, "\(table.problems)")
    #expect(throws: LayerTable.Failure.self) { try LayerRules(table: table) }
  }

  @Test("A harness needs a package of its own and may import only layers of the table")
  func harnessProblems() throws {
    let table = LayerTable(
      layers: [.init(name: "A", package: "A", modules: ["X"])],
      tooling: .init(package: "Tools"),
      harnesses: [
        .init(package: "A"), .init(package: "Tools"), .init(package: "H", mayImport: ["Z"]), .init(package: "./H/"),
      ],
      toolchain: ["Foundation"],
      testFrameworks: []
    )

    #expect(
      table.problems == [
        "the harness package A is also the package of layer A",
        "the harness package Tools is also the tooling package",
        "the harness H may import Z, which is not a layer of the table",
        "the harness package ./H/ is listed twice",
      ])
    #expect(throws: LayerTable.Failure.self) { try LayerRules(table: table) }
  }

  @Test("A restriction must name a toolchain module and targets the table knows")
  func restrictionProblems() throws {
    let table = LayerTable(
      layers: [.init(name: "A", package: "A", modules: ["X"])],
      toolchain: ["Foundation"],
      testFrameworks: [],
      restrictedToolchain: [.init(module: "Glibc", notIn: ["Nowhere"], reason: "because")]
    )

    #expect(
      table.problems == [
        "the restricted module Glibc is not in the toolchain list",
        "the restriction of Glibc names Nowhere, which the table does not know",
      ])
  }
}
