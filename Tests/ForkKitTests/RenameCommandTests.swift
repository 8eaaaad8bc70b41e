import Foundation
import Testing

@testable import ForkKit

/// `rename-app` on a fixture tree on disk: the places it finds, what it refuses, and that a
/// second run finds nothing.
@Suite("rename-app", .timeLimit(.minutes(1)))
struct RenameCommandTests {
  @Test("The identity is read from the tree: layers.json's prefix and binary, the deep links' scheme and host")
  func readsIdentity() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    #expect(
      try AppIdentity.read(from: fixture.root) == AppIdentity(name: "Acme", scheme: "acmeapp", webHost: "acme.example"))
  }

  @Test("Every place is renamed: folders, manifests, imports, DocC links, scripts, flows, tables; nothing else")
  func renamesEveryPlace() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    let output = try RenameCommand(arguments: ["--name", "Orbit", "--allow-dirty"])
      .run(root: fixture.root)

    #expect(
      try AppIdentity.read(from: fixture.root)
        == AppIdentity(name: "Orbit", scheme: "orbitapp", webHost: "orbit.example"))
    #expect(fixture.text("layers.json")?.contains(#""modules": ["OrbitCore"]"#) == true)
    #expect(fixture.text("layers.json")?.contains(#""executables": ["orbit"]"#) == true)
    #expect(
      fixture.text("Core/Package.swift")?.contains(#".library(name: "OrbitCore", targets: ["OrbitCore"])"#) == true)
    #expect(
      fixture.text("Core/Sources/OrbitCore/OrbitRun.swift") == """
        /// How an Orbit run starts; ORBIT_STATE_DIR overrides the state folder, orbit.log is its log.
        public struct OrbitRun {
          func acmeic() {}
          let orbitBinary = "orbit"
        }

        """)
    let tests = fixture.text("App/Tests/OrbitAppTests/RunTests.swift") ?? ""
    #expect(tests.contains("import OrbitCore\n\n@testable import OrbitModel"))
    #expect(tests.contains(#"["orbitapp://tab/home", "https://orbit.example/tab/home", "ORBITAPP://tab/home"]"#))
    #expect(tests.contains("two Orbits on one profile; the Acmeology museum stays"))
    #expect(fixture.text("App/Flows/tour.orbit") == "open orbitapp://tab/home\nexpect Orbit\n")
    #expect(fixture.text("docs/OrbitGuide.docc/Tab.md") == "Add a case to ``/OrbitModel/Tab``.\n")
    #expect(
      fixture.text("Model/Sources/OrbitModel/Localization/Tables/en.json")?.contains(#""app.name": "Orbit""#) == true)
    #expect(fixture.text("App/Flows/run-flows.sh")?.contains("App/Flows/*.orbit") == true)
    let permissions = try FileManager.default.attributesOfItem(
      atPath: fixture.root.appending(path: "App/Flows/run-flows.sh").path)
    #expect(permissions[.posixPermissions] as? Int == 0o755)
    // Old folders are gone, not left empty; a snapshot showing the name is deleted, one that
    // does not is moved.
    #expect(!fixture.exists("Core/Sources/AcmeCore"))
    #expect(!fixture.exists("docs/AcmeGuide.docc"))
    #expect(!fixture.exists("Frontend/Tests/OrbitFrontendTests/.snapshots/SignIn"))
    #expect(fixture.text("Frontend/Tests/OrbitFrontendTests/.snapshots/Home/list.80x24.txt") == "1 |  Home\n")
    #expect(fixture.text("Model/Sources/OrbitModel/HomeModel.swift") == "struct HomeModel {}\n")
    #expect(output.contains { $0.contains("SignIn/title.80x24.txt (deleted") })
    #expect(
      output.contains {
        $0 == "Acme is now Orbit: 11 files changed (8 moved), 25 names replaced, 1 snapshot to record again."
      },
      "\(output)")
  }

  @Test("LICENSE keeps its notice; renamed Swift files are formatted (imports sorted); pseudo-locale names renamed")
  func keepsLicenseAndFormats() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    let license = "MIT License\n\nCopyright (c) 2026 The Acme authors\n"
    try TreeFile.write(license, to: fixture.root.appending(path: "LICENSE"))
    // `AcmeCore` sorts before `Observation`, `OrbitCore` after it.
    let source = "import AcmeCore\nimport Observation\n\nlet acme = AcmeRun()\n"
    try TreeFile.write(source, to: fixture.root.appending(path: "Core/Sources/AcmeCore/Start.swift"))
    // A flow in the pseudo-locale expects the name as it shows it, with no ASCII word in it.
    try TreeFile.write("expect ⟦ÅÅçméé, šçŕ⟧\n", to: fixture.root.appending(path: "App/Flows/pseudo.acme"))
    _ = try RenameCommand(arguments: ["--name", "Orbit", "--allow-dirty"]).run(root: fixture.root)
    #expect(fixture.text("LICENSE") == license)
    #expect(fixture.text("App/Flows/pseudo.orbit") == "expect ⟦ÖÖŕbîîţ, šçŕ⟧\n")
    #expect(
      fixture.text("Core/Sources/OrbitCore/Start.swift")
        == "import Observation\nimport OrbitCore\n\nlet orbit = OrbitRun()\n"
    )
  }

  @Test("The API listings stay sorted as list-api sorts them, though the renamed names sort elsewhere")
  func resortsListings() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    let listing = "AcmeCore.Run  struct Run\nNimbus  struct Nimbus\n"
    try TreeFile.write(listing, to: fixture.root.appending(path: "api/AcmeCore.txt"))
    _ = try RenameCommand(arguments: ["--name", "Orbit", "--allow-dirty"]).run(root: fixture.root)
    #expect(fixture.text("api/OrbitCore.txt") == "Nimbus  struct Nimbus\nOrbitCore.Run  struct Run\n")
  }

  @Test("A scheme spelt as the binary is refused, as a second rename could not tell them apart; the default is not")
  func schemeIsNotTheBinary() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    let error = #expect(throws: ForkKitError.self) {
      try RenameCommand(arguments: ["--name", "Orbit", "--scheme", "orbit", "--allow-dirty"]).run(root: fixture.root)
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("\"orbit\" cannot be the link scheme: it is the binary's name"))
    #expect(fixture.exists("Core/Sources/AcmeCore/AcmeRun.swift"))
    // With the default scheme, the renamed app renames again, to a scheme of its own.
    _ = try RenameCommand(arguments: ["--name", "Orbit", "--allow-dirty"]).run(root: fixture.root)
    _ = try RenameCommand(arguments: ["--name", "Nimbus", "--scheme", "nimbuslink", "--allow-dirty"])
      .run(root: fixture.root)
    #expect(fixture.text("App/Flows/tour.nimbus") == "open nimbuslink://tab/home\nexpect Nimbus\n")
  }

  @Test("The tool prints --help on standard output, and a refusal on standard error with exit status 1")
  func commandLine() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    for (command, type) in [("rename-app", RenameCommand.help), ("add-feature", AddFeatureCommand.help)] {
      let outcome = ForkKitCommandLine.run([command, "--root", fixture.root.path, "--help"])
      #expect(outcome == ForkKitCommandLine.Outcome(output: type, errors: [], status: 0))
      #expect(
        outcome.output.first?.hasPrefix("usage: swift package --allow-writing-to-package-directory \(command)") == true)
    }
    let refused = ForkKitCommandLine.run(["rename-app", "--root", fixture.root.path, "--name", "orbit"])
    #expect(refused.output.isEmpty && refused.status == 1)
    #expect(refused.errors.first?.hasPrefix("error: \"orbit\" cannot name the app") == true)
    #expect(ForkKitCommandLine.run(["rename-app"]).status == 2)
  }

  @Test(
    "Counts read in the singular for one and the plural otherwise",
    arguments: [(0, "0 names"), (1, "1 name"), (2, "2 names")])
  func counts(count: Int, text: String) {
    #expect(Renaming.counted(count, "name") == text)
  }

  @Test("A second run with the same names changes nothing and says there is nothing to rename")
  func secondRunFindsNothing() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    let command = try RenameCommand(arguments: ["--name", "Orbit", "--allow-dirty"])
    _ = try command.run(root: fixture.root)
    let before = try TreeFile.paths(under: fixture.root).map { "\($0)\n\(fixture.text($0) ?? "")" }
    let output = try command.run(root: fixture.root)
    #expect(output.count == 1 && output[0].hasPrefix("Nothing to rename: the app is already called Orbit"))
    #expect(try TreeFile.paths(under: fixture.root).map { "\($0)\n\(fixture.text($0) ?? "")" } == before)
    // And the renamed tree renames again: its identity is read from the tree, not remembered.
    _ = try RenameCommand(arguments: ["--name", "Nova", "--allow-dirty"]).run(root: fixture.root)
    #expect(fixture.text("App/Flows/tour.nova") == "open novaapp://tab/home\nexpect Nova\n")
  }

  @Test("A name that would clash with a word the tree uses is refused, and nothing is written")
  func clashRefused() throws {
    let fixture = try ForkFixture()
    defer { fixture.remove() }
    let error = #expect(throws: ForkKitError.self) {
      try RenameCommand(arguments: ["--name", "Home", "--allow-dirty"]).run(root: fixture.root)
    }
    // It says where: the renamed word's file and the file that uses the new word already.
    #expect(
      "\(error.map { "\($0)" } ?? "")".contains(
        "\"Home\" would clash: renaming would turn AcmeModel into HomeModel in App/Tests/AcmeAppTests/RunTests.swift, "
          + "and HomeModel already names something else in Model/Sources/AcmeModel/HomeModel.swift"))
    #expect(fixture.exists("Core/Sources/AcmeCore/AcmeRun.swift"))
  }

  @Test("A dirty work tree is refused unless --allow-dirty; a tree outside git too")
  func dirtyTreeRefused() throws {
    let fixture = try ForkFixture(git: true)
    defer { fixture.remove() }
    try TreeFile.write("changed\n", to: fixture.root.appending(path: "docs/notes.md"))
    #expect(throws: ForkKitError.dirtyTree(["docs/notes.md"])) {
      try RenameCommand(arguments: ["--name", "Orbit"]).run(root: fixture.root)
    }
    #expect(fixture.exists("Core/Sources/AcmeCore/AcmeRun.swift"))
    try fixture.run("git", "add", "-A")
    try fixture.run("git", "-c", "user.name=F", "-c", "user.email=f@example.com", "commit", "-qm", "Notes")
    _ = try RenameCommand(arguments: ["--name", "Orbit"]).run(root: fixture.root)
    #expect(fixture.exists("Core/Sources/OrbitCore/OrbitRun.swift"))

    let outside = try ForkFixture()
    defer { outside.remove() }
    let error = #expect(throws: ForkKitError.self) {
      try RenameCommand(arguments: ["--name", "Orbit"]).run(root: outside.root)
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("not a git work tree"))
  }

  @Test("Wrong calls say how to call it", arguments: [[], ["--name"], ["--name", "Orbit", "--colour", "red"]])
  func wrongCalls(arguments: [String]) {
    let error = #expect(throws: ForkKitError.self) { try RenameCommand(arguments: arguments) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("usage: swift package"))
  }
}
