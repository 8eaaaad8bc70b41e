import Foundation
import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("StateFolder")
struct StateFolderTests {

  @Test("A missing folder is created 0700, with its missing parents, and its canonical path returned")
  func createsPrivateFolder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let folder = temporary.url.appendingPathComponent("a/b/state")

    let claimed = try StateFolder.claim(folder)

    #expect(claimed.path == folder.path)
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("a")) == 0o700)
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("a/b")) == 0o700)
    #expect(TemporaryDirectory.permissions(atPath: folder.path) == 0o700)
  }

  @Test("An existing folder of yours keeps its mode; a link above it resolves to the real path")
  func keepsModeAndResolvesParents() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileManager.default.createDirectory(atPath: temporary.path("real/state"), withIntermediateDirectories: true)
    #expect(chmod(temporary.path("real/state"), 0o750) == 0)
    #expect(symlink(temporary.path("real"), temporary.path("link")) == 0)

    let claimed = try StateFolder.claim(temporary.url.appendingPathComponent("link/state"))

    #expect(claimed.path == temporary.path("real/state"))
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("real/state")) == 0o750)
  }

  @Test("A folder that is a symbolic link is refused, and nothing is created through it")
  func symbolicLinkIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileManager.default.createDirectory(atPath: temporary.path("target"), withIntermediateDirectories: true)
    #expect(symlink(temporary.path("target"), temporary.path("state")) == 0)

    #expect(throws: StateFolder.Refusal.symbolicLink(path: temporary.path("state"))) {
      try StateFolder.claim(temporary.url.appendingPathComponent("state"))
    }
    #expect(temporary.fileNames == ["state", "target"])
    #expect(FileSystem.names(inDirectory: temporary.path("target")).isEmpty)
  }

  @Test("A folder others can write is refused with the command that closes it, and its mode is left alone")
  func writableByOthersIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.path("state")
    #expect(mkdir(state, 0o700) == 0)
    #expect(chmod(state, 0o777) == 0)

    #expect(throws: StateFolder.Refusal.writableByOthers(path: state, mode: 0o777)) {
      try StateFolder.claim(URL(fileURLWithPath: state))
    }
    let refusal = StateFolder.Refusal.writableByOthers(path: state, mode: 0o777)
    #expect(refusal.text.description.contains("chmod go-w \(state)"))
    #expect(refusal.text.description.contains("mode 0777"))
    #expect(TemporaryDirectory.permissions(atPath: state) == 0o777)
  }

  @Test("A group-writable folder is refused too; a sticky, world-writable parent such as /tmp is fine")
  func groupWritableIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let shared = temporary.path("shared")
    #expect(mkdir(shared, 0o700) == 0)
    #expect(chmod(shared, 0o1777) == 0)
    let state = shared + "/state"
    #expect(mkdir(state, 0o700) == 0)
    #expect(chmod(state, 0o770) == 0)

    #expect(throws: StateFolder.Refusal.self) { try StateFolder.claim(URL(fileURLWithPath: state)) }
    #expect(chmod(state, 0o750) == 0)
    #expect(try StateFolder.claim(URL(fileURLWithPath: state)).path == state)
  }

  @Test("A folder inside one that others can write (and that is not sticky) is refused")
  func unsafeParentIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let open = temporary.path("open")
    #expect(mkdir(open, 0o700) == 0)
    #expect(chmod(open, 0o777) == 0)

    #expect {
      try StateFolder.claim(URL(fileURLWithPath: open + "/state"))
    } throws: { error in
      guard case StateFolder.Refusal.unsafeParent(_, let parent, _, _) = error else { return false }
      return parent == open
    }
    // Refused before anything is made: another user would own the way to what Fun created.
    #expect(FileSystem.names(inDirectory: open).isEmpty)
  }

  @Test("A link of yours inside a folder others can write is refused: they could replace it")
  func linkInUnsafeFolderIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileManager.default.createDirectory(atPath: temporary.path("mine"), withIntermediateDirectories: true)
    let open = temporary.path("open")
    #expect(mkdir(open, 0o700) == 0)
    #expect(chmod(open, 0o777) == 0)
    #expect(symlink(temporary.path("mine"), open + "/link") == 0)

    #expect {
      try StateFolder.claim(URL(fileURLWithPath: open + "/link/state"))
    } throws: { error in
      guard case StateFolder.Refusal.unsafeParent(_, let parent, _, _) = error else { return false }
      return parent == open
    }
    #expect(FileSystem.names(inDirectory: temporary.path("mine")).isEmpty)
  }

  @Test(
    "A folder another user makes on the way after the check, or a link put there, is refused and nothing is made in it",
    .enabled(if: geteuid() == 0, "only root can give a folder to another user")
  )
  func folderMadeMeanwhileIsChecked() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    // As if, between the check that found them missing and the mkdir, another user had made
    // `demo` (theirs) and `link` (a link to your folder).
    let demo = temporary.path("demo")
    #expect(mkdir(demo, 0o755) == 0)
    #expect(chown(demo, 65534, 65534) == 0)
    try FileManager.default.createDirectory(atPath: temporary.path("mine"), withIntermediateDirectories: true)
    #expect(symlink(temporary.path("mine"), temporary.path("link")) == 0)

    for missing in [["demo", "fun"], ["link", "fun"]] {
      let path = temporary.path(missing.joined(separator: "/"))
      #expect {
        _ = try StateFolder.create(missing.map { Substring($0) }, in: temporary.url.path, for: path)
      } throws: { error in
        guard case StateFolder.Refusal.unsafeParent(_, let parent, _, _) = error else { return false }
        return parent == temporary.path(missing[0])
      }
    }
    #expect(FileSystem.names(inDirectory: demo).isEmpty)
    #expect(FileSystem.names(inDirectory: temporary.path("mine")).isEmpty)
    // A folder of yours made meanwhile passes, as one found there would.
    let claimed = try StateFolder.create(["mine", "fun"], in: temporary.url.path, for: temporary.path("mine/fun"))
    #expect(claimed == temporary.path("mine/fun"))
  }

  @Test("A relative link above the folder resolves as the kernel would, .. included")
  func relativeLinkResolves() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileManager.default.createDirectory(atPath: temporary.path("a/real"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: temporary.path("b"), withIntermediateDirectories: true)
    #expect(symlink("../a/real", temporary.path("b/link")) == 0)

    let claimed = try StateFolder.claim(temporary.url.appendingPathComponent("b/link/new/state"))

    #expect(claimed.path == temporary.path("a/real/new/state"))
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("a/real/new")) == 0o700)
  }

  @Test(
    "Another user's link on the way is refused, even in a sticky folder, and nothing is created where it points",
    .enabled(if: geteuid() == 0, "only root can give a link to another user")
  )
  func foreignLinkIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileManager.default.createDirectory(atPath: temporary.path("victim"), withIntermediateDirectories: true)
    let shared = temporary.path("shared")
    #expect(mkdir(shared, 0o700) == 0)
    #expect(chmod(shared, 0o1777) == 0)
    // Another user's links: one to your folder, and one to a folder of root's.
    #expect(symlink(temporary.path("victim"), shared + "/link") == 0)
    #expect(lchown(shared + "/link", 65534, 65534) == 0)
    #expect(symlink(temporary.path("victim"), shared + "/direct") == 0)
    #expect(lchown(shared + "/direct", 65534, 65534) == 0)

    for path in [shared + "/link/y/state", shared + "/direct/state"] {
      #expect {
        try StateFolder.claim(URL(fileURLWithPath: path))
      } throws: { error in
        guard case StateFolder.Refusal.unsafeParent(_, _, let uid, _) = error else { return false }
        return uid == 65534
      }
    }
    #expect(FileSystem.names(inDirectory: temporary.path("victim")).isEmpty)
  }

  @Test("Something other than a folder is refused")
  func fileIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let path = try temporary.write("not a folder", to: "state")
    #expect(throws: StateFolder.Refusal.notAFolder(path: path)) { try StateFolder.claim(URL(fileURLWithPath: path)) }
  }

  @Test(
    "Another user's folder is refused",
    .enabled(if: geteuid() == 0, "only root can give a folder to another user")
  )
  func foreignOwnerIsRefused() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.path("state")
    #expect(mkdir(state, 0o700) == 0)
    #expect(chown(state, 65534, 65534) == 0)

    #expect(throws: StateFolder.Refusal.foreignOwner(path: state, uid: 65534)) {
      try StateFolder.claim(URL(fileURLWithPath: state))
    }
  }

  @Test("An interrupted save's temporary file is removed at start; a running writer's and other names are kept")
  func abandonedTemporaryFiles() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let dead = Self.finishedProcess()
    let uuid = "0F3B5D7E-2A4C-4E6F-8A1B-3C5D7E9F1A2B"
    let abandoned = [
      ".settings.json.tmp-\(dead)-\(uuid)", "profiles/ada/.favorites.json.tmp-\(dead)-\(uuid)",
      ".http-catalog.cache.tmp-\(dead)-\(uuid)",
    ]
    let kept = [
      ".settings.json.tmp-\(getppid())-\(uuid)",  // its writer still runs
      ".settings.json.tmp-\(dead)-not-a-uuid", "notes.tmp-\(dead)-\(uuid)", "settings.json",
    ]
    for name in abandoned + kept {
      try temporary.write("{}", to: name)
    }
    try FileManager.default.createDirectory(atPath: temporary.path("elsewhere"), withIntermediateDirectories: true)
    let linkName = ".profile.json.tmp-\(dead)-\(uuid)"
    let target = try temporary.write("keep me", to: "elsewhere/\(linkName)")
    #expect(symlink(target, temporary.path("profiles/ada/\(linkName)")) == 0)

    let removed = StateFolder.removeAbandonedTemporaryFiles(in: temporary.url)

    #expect(Set(removed) == Set(abandoned.map(temporary.path)))
    for name in kept {
      #expect(FileSystem.exists(path: temporary.path(name)), "\(name)")
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    #expect(FileSystem.exists(path: temporary.path("profiles/ada/\(linkName)")), "a link is not Fun's file")
  }

  @Test("The log's place holding a link is set aside, never followed; a regular file stays")
  func logLinkIsSetAside() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let victim = try temporary.write("export PATH=...\n", to: "home/.bashrc")
    try FileManager.default.createDirectory(atPath: temporary.path("state"), withIntermediateDirectories: true)
    #expect(symlink(victim, temporary.path("state/fun.log")) == 0)
    let state = temporary.url.appendingPathComponent("state")
    let date = Date(timeIntervalSince1970: 1_779_403_258)

    let problem = StateFolder.setAsideUnlessRegularFile(named: "fun.log", in: state, at: date)

    let movedTo = temporary.path("state/fun.log.corrupt-20260521T224058Z")
    #expect(
      problem
        == .unsafeStateFile(
          name: "fun.log", reason: L10n.Reason.notRegularFile(L10n.Reason.kindSymbolicLink), movedTo: movedTo))
    #expect(!FileSystem.exists(path: temporary.path("state/fun.log")))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "export PATH=...\n")
    try temporary.write("a line\n", to: "state/fun.log")
    #expect(StateFolder.setAsideUnlessRegularFile(named: "fun.log", in: state, at: date) == nil)
  }

  /// The id of a process that has ended and been reaped, so nothing runs under it (until the
  /// system hands the number out again, which takes tens of thousands of processes).
  private static func finishedProcess() -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try? process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test("Every refusal says what is wrong, where, and how to fix it")
  func refusalTexts() {
    let texts: [(StateFolder.Refusal, String)] = [
      (.symbolicLink(path: "/s"), "The state folder /s is a symbolic link."),
      (.notAFolder(path: "/s"), "/s is not a folder"),
      (.foreignOwner(path: "/s", uid: 7), "belongs to another user (uid 7)"),
      (.writableByOthers(path: "/s", mode: 0o777), "`chmod go-w /s`"),
      (
        .unsafeParent(path: "/p/s", parent: "/p", uid: 7, mode: 0o777),
        "inside /p, which another user can change (owner uid 7, mode 0777)"
      ),
      (.cannotCreate(path: "/s", reason: "Permission denied"), "Cannot create the state folder /s (Permission denied)"),
    ]
    for (refusal, text) in texts {
      #expect(refusal.text.description.contains(text), "\(refusal)")
      #expect(refusal.text.description.contains("--state-dir"), "\(refusal) says how to choose another")
    }
  }

  @Test(
    "The command that closes a folder names it as a shell reads it back: quoted when it must be",
    arguments: [
      ("/tmp/state", "/tmp/state"), ("/tmp/my state", "'/tmp/my state'"), ("/tmp/it's", "'/tmp/it'\\''s'"),
      ("/tmp/$HOME;*", "'/tmp/$HOME;*'"), ("/tmp/café", "'/tmp/café'"),
    ])
  func writableByOthersCommandIsQuoted(path: String, quoted: String) throws {
    let text = StateFolder.Refusal.writableByOthers(path: path, mode: 0o777).text.description
    #expect(text.contains("`chmod go-w \(quoted)`"), "\(text)")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "printf %s \(quoted)"]
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let read = output.fileHandleForReading.readDataToEndOfFile()
    shell.waitUntilExit()
    #expect(String(decoding: read, as: UTF8.self) == path)
  }

  @Test("A path with control characters is shown with them escaped, and with no command: pasted, it would name another")
  func refusalPathsAreEscaped() {
    let path = "/tmp/a\u{1B}[2J/\u{202E}s"
    let shown = "/tmp/a\\u{1B}[2J/\\u{202E}s"
    // Shown with escapes, the path could not be pasted into a command: none is given.
    let text = StateFolder.Refusal.writableByOthers(path: path, mode: 0o777).text.description
    #expect(text.hasPrefix("The state folder \(shown) can be written by other users (mode 0777)"), "\(text)")
    #expect(!text.contains("`"), "\(text)")
    #expect(text.contains("--state-dir"))
    #expect(
      StateFolder.Refusal.unsafeParent(path: path, parent: "/tmp/a\u{1B}[2J", uid: 7, mode: 0o777).text.description
        .hasPrefix("The state folder \(shown) is inside /tmp/a\\u{1B}[2J,"))
  }

  @Test("A folder that cannot be created (a file where a parent belongs) is refused, saying why")
  func cannotCreate() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try temporary.write("a file", to: "blocker")

    #expect(throws: StateFolder.Refusal.cannotCreate(path: temporary.path("blocker/state"), reason: "Not a directory"))
    {
      try StateFolder.claim(temporary.url.appendingPathComponent("blocker/state"))
    }
  }

  @Test(
    "Another user's file or folder on the way to a state file is never read, and another user's log is set aside",
    .enabled(if: geteuid() == 0, "only root can give a file to another user")
  )
  func foreignEntries() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let folder = temporary.path("theirs")
    try temporary.write("{}", to: "theirs/favorites.json")
    #expect(chown(folder, 65534, 65534) == 0)
    do {
      _ = try FileSystem.readStateFile(path: folder + "/favorites.json")
      Issue.record("read a file in another user's folder")
    } catch {
      #expect(error.cause == .foreignOwner(uid: 65534))
    }

    try temporary.write("their lines\n", to: "fun.log")
    #expect(chown(temporary.path("fun.log"), 65534, 65534) == 0)
    let problem = StateFolder.setAsideUnlessRegularFile(
      named: "fun.log", in: temporary.url, at: Date(timeIntervalSince1970: 0))
    #expect(
      problem
        == .unsafeStateFile(
          name: "fun.log", reason: L10n.Reason.foreignOwner("65534"),
          movedTo: temporary.path("fun.log.corrupt-19700101T000000Z")))
    #expect(
      problem?.message
        == "fun.log was set aside (it belongs to another user (uid 65534)); moved to fun.log.corrupt-19700101T000000Z")
  }
}
