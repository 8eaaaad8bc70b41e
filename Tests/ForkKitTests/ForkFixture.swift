import Foundation

@testable import ForkKit

/// A small package tree shaped as the app's (a rules table, the deep-link constants, manifests,
/// sources, a script, a DocC link, a string table, a snapshot), named Acme: written to a
/// temporary folder for each test, so the rename and the scaffold run the real way, on disk.
struct ForkFixture {
  /// The tree's root; ``remove()`` deletes it.
  let root: URL

  /// The files the tree starts with, by path.
  static let files: [String: String] = [
    "layers.json": """
    { "layers": [
      { "name": "Core", "package": "Core", "modules": ["AcmeCore"], "mayImport": [] },
      { "name": "Model", "package": "Model", "modules": ["AcmeModel"], "mayImport": ["Core"] },
      { "name": "App", "package": "App", "modules": ["AcmeApp"], "executables": ["acme"], "mayImport": ["Model"] }
    ] }
    """,
    "Model/Sources/AcmeModel/Domain/DeepLink.swift": """
    enum DeepLink {
      /// The custom scheme.
      static let scheme = "acmeapp"
      /// The web host whose paths mirror the custom scheme.
      static let webHost = "acme.example"
    }
    """,
    "Core/Package.swift": """
    let package = Package(name: "Core", products: [.library(name: "AcmeCore", targets: ["AcmeCore"])])
    """,
    "Core/Sources/AcmeCore/AcmeRun.swift": """
    /// How an Acme run starts; ACME_STATE_DIR overrides the state folder, acme.log is its log.
    public struct AcmeRun {
      func acmeic() {}
      let acmeBinary = "acme"
    }

    """,
    "App/Tests/AcmeAppTests/RunTests.swift": """
    import AcmeCore

    @testable import AcmeModel

    let links = ["acmeapp://tab/home", "https://acme.example/tab/home", "ACMEAPP://tab/home"]
    let note = "two Acmes on one profile; the Acmeology museum stays"
    """,
    "App/Flows/tour.acme": "open acmeapp://tab/home\nexpect Acme\n",
    "App/Flows/run-flows.sh": "#!/usr/bin/env bash\nfor flow in App/Flows/*.acme; do \"$1\" --script \"$flow\"; done\n",
    "docs/AcmeGuide.docc/Tab.md": "Add a case to ``/AcmeModel/Tab``.\n",
    "Model/Sources/AcmeModel/Localization/Tables/en.json":
      "{\n  \"app.name\": \"Acme\",\n  \"tab.home\": \"Home\"\n}\n",
    "Frontend/Tests/AcmeFrontendTests/.snapshots/SignIn/title.80x24.txt": "1 |  Acme\n",
    "Frontend/Tests/AcmeFrontendTests/.snapshots/Home/list.80x24.txt": "1 |  Home\n",
    "Model/Sources/AcmeModel/HomeModel.swift": "struct HomeModel {}\n",
  ]

  /// Writes the tree to a fresh temporary folder (the flow script executable), as a git work
  /// tree with everything committed when `git` is true.
  init(git: Bool = false) throws {
    root = FileManager.default.temporaryDirectory.appending(path: "fork-kit-\(UUID().uuidString)")
    for (path, text) in Self.files {
      try TreeFile.write(text, to: root.appending(path: path))
    }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: root.appending(path: "App/Flows/run-flows.sh").path)
    if git {
      try run("git", "init", "-q")
      try run("git", "add", "-A")
      try run("git", "-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", "commit", "-qm", "Start")
    }
  }

  /// The text of the file at `path`, or `nil` when there is none.
  func text(_ path: String) -> String? {
    try? String(contentsOf: root.appending(path: path), encoding: .utf8)
  }

  /// Whether something exists at `path`.
  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appending(path: path).path)
  }

  /// Runs a command in the tree, failing when it fails.
  func run(_ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = root
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ForkKitError.io("\(arguments) failed") }
  }

  /// Deletes the tree.
  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
