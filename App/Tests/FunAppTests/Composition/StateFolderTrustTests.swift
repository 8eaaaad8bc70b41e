import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The attack on a state folder someone else made: another local user creates the folder a
/// documented example names, opens it to everyone and plants links to the victim's files in it.
/// Every mode of `fun` refuses such a folder, with exit status 2, before it reads or writes
/// anything there.
@Suite("State folder trust")
struct StateFolderTrustTests {
  /// The victim's files the planted links point at, and what they hold.
  private struct Victim {
    let home: String
    let elsewhere: String

    init(in directory: TemporaryDirectory) throws {
      home = directory.path("home")
      elsewhere = directory.path("elsewhere")
      try directory.write("export PATH=/usr/bin\n", to: "home/.bashrc")
      try directory.write("let answer = 42\n", to: "home/projects/app.swift")
      try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    }

    /// The shell commands that plant the links in `folder`.
    func plant(in folder: String) -> String {
      "ln -s \(home)/.bashrc \(folder)/fun.log && ln -s \(home) \(folder)/profiles"
        + " && ln -s \(elsewhere)/new \(folder)/settings.json.lock"
    }

    /// Checks that nothing of the victim's changed and nothing was created through a link.
    func expectUntouched(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      #expect(
        try String(contentsOfFile: home + "/.bashrc", encoding: .utf8) == "export PATH=/usr/bin\n",
        sourceLocation: sourceLocation)
      #expect(
        try String(contentsOfFile: home + "/projects/app.swift", encoding: .utf8) == "let answer = 42\n",
        sourceLocation: sourceLocation)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: home).sorted() == [".bashrc", "projects"],
        sourceLocation: sourceLocation)
      #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, sourceLocation: sourceLocation)
      #expect(
        // Sorted on both sides: a renamed app's log (`<binary>.log`) sorts wherever its name does.
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
          == ["fun.log", "profiles", "settings.json.lock"].sorted(),
        sourceLocation: sourceLocation)
    }
  }

  /// Every way `fun` starts on a state folder: a script, a profile signed in, `--open`.
  private static let modes: [[String]] = [
    ["--script", "-"],
    ["--script", "-", "--profile", "projects"],
    ["--open", "funapp://tab/favorites"],
  ]

  @Test(
    "Another user's state folder, open to all and full of links to your files, is refused in every mode",
    .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
  )
  func anotherUsersFolderIsRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let victim = try Victim(in: directory)
    // A shared folder like /tmp (world-writable and sticky), inside which the attacker, as
    // `nobody`, makes the folder first.
    let shared = try sharedFolder()
    defer { try? FileManager.default.removeItem(atPath: shared) }
    let folder = shared + "/demo"
    let attacker = try Process.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      arguments: [
        "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c",
        "mkdir \(folder) && chmod 777 \(folder) && \(victim.plant(in: folder))",
      ])
    attacker.waitUntilExit()
    #expect(attacker.terminationStatus == 0)

    for mode in Self.modes {
      let run = await FunRun.run(mode + ["--state-dir", folder])
      #expect(run.status == 2, "\(mode)")
      #expect(
        run.errors.first?.hasPrefix("fun: The state folder \(folder) belongs to another user (uid 65534)") == true,
        "\(run.errors)")
      try victim.expectUntouched(folder)
    }
  }

  @Test("Your own state folder opened to every writer is refused in every mode, its mode left as it was")
  func folderOpenToOthersIsRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let victim = try Victim(in: directory)
    let folder = directory.path("demo")
    #expect(mkdir(folder, 0o700) == 0)
    #expect(chmod(folder, 0o777) == 0)
    let plant = try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", victim.plant(in: folder)])
    plant.waitUntilExit()

    for mode in Self.modes {
      let run = await FunRun.run(mode + ["--state-dir", folder])
      #expect(run.status == 2, "\(mode)")
      #expect(run.errors.first?.contains("chmod go-w \(folder)") == true, "\(run.errors)")
      try victim.expectUntouched(folder)
      #expect(TemporaryDirectory.permissions(atPath: folder) == 0o777)
    }
  }

  @Test("A state folder that is a link is refused, and nothing is created where it points")
  func linkedFolderIsRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.path("target"), withIntermediateDirectories: true)
    #expect(symlink(directory.path("target"), directory.path("state")) == 0)

    let run = await FunRun.run(["--script", "-", "--state-dir", directory.path("state")])

    #expect(run.status == 2)
    #expect(run.errors.first?.contains("is a symbolic link") == true, "\(run.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("target")).isEmpty)
  }

  /// A fresh folder that everyone may write in, with the sticky bit, as /tmp is.
  private func sharedFolder() throws -> String {
    let path = "/tmp/FunShared-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(chmod(path, 0o1777) == 0)
    return path
  }
}
