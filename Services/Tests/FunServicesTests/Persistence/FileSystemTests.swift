import Foundation
import FunCoreTestSupport
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("FileSystem")
struct FileSystemTests {
  @Test("names(inDirectory:) lists files and folders, hidden ones too, but not . and ..")
  func namesListsEntries() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.makeDirectory(path: temporary.path("folder"))
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("file.json"))
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path(".hidden"))
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("naïve ✓"))

    #expect(
      FileSystem.names(inDirectory: temporary.url.path).sorted() == [".hidden", "file.json", "folder", "naïve ✓"])
  }

  @Test("The temporary file a save writes is recognised by its name as this process's; other names are not")
  func temporaryNameRoundTrip() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let written = Locked<String?>(nil)
    var calls = FileSystem.WriteCalls.system
    calls.rename = { from, to in
      written.withLock { $0 = (from as NSString).lastPathComponent }
      return FileSystem.WriteCalls.system.rename(from, to)
    }
    try FileSystem.writeAtomically(Data("{}".utf8), to: temporary.path("settings.json"), calls: calls)
    let name = try #require(written.withLock { $0 })

    #expect(FileSystem.temporaryFile(named: name)?.name == "settings.json")
    #expect(FileSystem.temporaryFile(named: name)?.process == getpid())
    #expect(StateFolder.writer(ofTemporaryFile: name) == getpid())
    let uuid = UUID()
    #expect(
      FileSystem.temporaryFile(named: FileSystem.temporaryName(for: "a.tmp-1.json", process: 7, id: uuid))?.name
        == "a.tmp-1.json")
    #expect(
      StateFolder.writer(ofTemporaryFile: FileSystem.temporaryName(for: "notes.txt", process: 7, id: uuid)) == nil)
    for other in [
      "settings.json", ".settings.json", "settings.json.tmp-7-\(uuid.uuidString)", ".settings.json.tmp-7",
      ".settings.json.tmp-0-\(uuid.uuidString)", ".settings.json.tmp-x-\(uuid.uuidString)",
      ".settings.json.tmp-7-not-a-uuid", "..tmp-7-\(uuid.uuidString)",
    ] {
      #expect(FileSystem.temporaryFile(named: other) == nil, "\(other)")
    }
  }

  @Test("names(inDirectory:) is empty for a missing folder and for a file")
  func namesOfWhatIsNotAFolder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("file.json"))
    #expect(FileSystem.names(inDirectory: temporary.path("missing")).isEmpty)
    #expect(FileSystem.names(inDirectory: temporary.path("file.json")).isEmpty)
  }

  @Test("Setting a file aside keeps the newest three set aside from its name, by the time and number in their names")
  func setAsideKeepsNewestThree() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let path = temporary.path("favorites.json")
    let dates = [0, 86_400, 86_400, 86_400, 60, 172_800].map { Date(timeIntervalSince1970: 1_750_000_000 + Double($0)) }
    var movedTo: [String] = []
    for date in dates {
      try FileSystem.writeAtomically(Data("{".utf8), to: path)
      movedTo.append((try FileSystem.moveAside(path, at: date) as NSString).lastPathComponent)
    }
    #expect(
      movedTo == [
        "favorites.json.corrupt-20250615T150640Z", "favorites.json.corrupt-20250616T150640Z",
        "favorites.json.corrupt-20250616T150640Z-2", "favorites.json.corrupt-20250616T150640Z-3",
        "favorites.json.corrupt-20250615T150740Z", "favorites.json.corrupt-20250617T150640Z",
      ])
    #expect(
      FileSystem.names(inDirectory: temporary.url.path).sorted() == [
        "favorites.json.corrupt-20250616T150640Z-2", "favorites.json.corrupt-20250616T150640Z-3",
        "favorites.json.corrupt-20250617T150640Z",
      ])
  }

  @Test("The file just set aside is kept though older copies are named later (a clock once ahead): a warning names it")
  func setAsideKeepsWhatItJustMoved() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let path = temporary.path("favorites.json")
    let later = (1...3).map { "favorites.json.corrupt-2099010\($0)T000000Z" }
    for name in later {
      try FileSystem.writeAtomically(Data("old".utf8), to: temporary.path(name))
    }
    try FileSystem.writeAtomically(Data("{".utf8), to: path)
    let movedTo = try FileSystem.moveAside(path, at: Date(timeIntervalSince1970: 1_750_000_000))
    #expect(try String(contentsOfFile: movedTo, encoding: .utf8) == "{")
    #expect(
      Set(FileSystem.names(inDirectory: temporary.url.path))
        == [(movedTo as NSString).lastPathComponent, later[1], later[2]])
  }

  @Test("Only names Fun gives what it sets aside are removed: no other name, no folder, and a link never followed")
  func setAsideRemovesOnlyItsOwnNames() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.makeDirectory(path: temporary.path("state"))
    let path = temporary.path("state/settings.json")
    let outside = temporary.path("outside.txt")
    try FileSystem.writeAtomically(Data("keep".utf8), to: outside)
    let others = [
      "settings.json.corrupt-notes", "settings.json.corrupt-20200101T000000Z.bak",
      "settings.json.corrupt-20200101T000000Z-02",
      "settings.json.corrupt-20200101T000000Z-1", "settings.json.corrupt-2020010T000000Z",
      "settings.json.corrupt-20200101T000000",
      "other.json.corrupt-20200101T000000Z", "xsettings.json.corrupt-20200101T000000Z", "settings.json",
    ]
    for name in others {
      try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("state/" + name))
    }
    try FileSystem.makeDirectory(path: temporary.path("state/settings.json.corrupt-19990101T000000Z"))
    #expect(symlink(outside, temporary.path("state/settings.json.corrupt-19990102T000000Z")) == 0)
    for name in ["settings.json.corrupt-20240101T000000Z", "settings.json.corrupt-20240101T000000Z-2"] {
      try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("state/" + name))
    }

    _ = try FileSystem.moveAside(path, at: Date(timeIntervalSince1970: 1_750_000_000))

    #expect(
      Set(FileSystem.names(inDirectory: temporary.path("state")))
        == Set(
          others.filter { $0 != "settings.json" } + [
            "settings.json.corrupt-19990101T000000Z", "settings.json.corrupt-20240101T000000Z",
            "settings.json.corrupt-20240101T000000Z-2", "settings.json.corrupt-20250615T150640Z",
          ]))
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep")
  }

  @Test("What Fun creates is private: folders 0700 and files 0600")
  func createsPrivately() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("a/b/file.json"))
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("a")) == 0o700)
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("a/b")) == 0o700)
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("a/b/file.json")) == 0o600)
  }

  @Test("A state file that is a link, a FIFO or a device is refused at once, never followed or waited on")
  func readsOnlyRegularFiles() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let secret = try temporary.write("secret", to: "secret.json")
    #expect(symlink(secret, temporary.path("link.json")) == 0)
    #expect(symlink("/dev/zero", temporary.path("zero.json")) == 0)
    #expect(mkfifo(temporary.path("fifo.json"), 0o600) == 0)

    let cases = [
      ("link.json", "it is a symbolic link, not a regular file"),
      ("zero.json", "it is a symbolic link, not a regular file"),
      ("fifo.json", "it is a FIFO, not a regular file"),
    ]
    for (name, reason) in cases {
      #expect(throws: FileSystem.Failure.self) { try FileSystem.readStateFile(path: temporary.path(name)) }
      do {
        _ = try FileSystem.readStateFile(path: temporary.path(name))
      } catch {
        #expect(error.reason.description == reason, "\(name)")
        #expect(!error.isMissing)
      }
    }
    #expect(try FileSystem.readStateFile(path: secret) == Data("secret".utf8))
  }

  @Test("A lock file is created private, and a link or a FIFO in its place is passed over, never followed or waited on")
  func opensOnlyRegularLockFiles() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let target = try temporary.write("keep", to: "target")
    #expect(symlink(target, temporary.path("link.lock")) == 0)
    #expect(mkfifo(temporary.path("fifo.lock"), 0o600) == 0)

    let created = try #require(FileSystem.openLockFile(path: temporary.path("new.lock")))
    close(created)
    #expect(TemporaryDirectory.permissions(atPath: temporary.path("new.lock")) == 0o600)
    // A FIFO would block an open without O_NONBLOCK until a writer came: this returns at once.
    #expect(FileSystem.openLockFile(path: temporary.path("fifo.lock")) == nil)
    #expect(FileSystem.openLockFile(path: temporary.path("link.lock")) == nil)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
  }

  @Test("A state file over the limit is refused before it is read, with the limit in the reason")
  func refusesLargeFiles() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let path = try temporary.write(String(repeating: "x", count: 2048), to: "big.json")
    #expect(try FileSystem.readStateFile(path: path, limit: 2048).count == 2048)
    do {
      _ = try FileSystem.readStateFile(path: path, limit: 2047)
      Issue.record("a file over the limit was read")
    } catch {
      #expect(error.cause == .tooLarge(limit: 2047))
    }
    #expect(
      FileSystem.Failure(path: path, cause: .tooLarge(limit: 16 << 20)).reason.description == "it is larger than 16 MiB"
    )
  }

  @Test("A state file below a linked folder is refused: no folder on the way is followed")
  func refusesLinkedFolders() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try temporary.write("{}", to: "home/ada/favorites.json")
    try FileManager.default.createDirectory(atPath: temporary.path("state"), withIntermediateDirectories: true)
    #expect(symlink(temporary.path("home"), temporary.path("state/profiles")) == 0)

    do {
      _ = try FileSystem.readStateFile(path: temporary.path("state/profiles/ada/favorites.json"))
      Issue.record("read through a link")
    } catch {
      #expect(error.path == temporary.path("state/profiles"))
      #expect(error.reason.description == "it is a symbolic link, not a real folder")
    }
    #expect(throws: FileSystem.Failure.self) {
      try FileSystem.writeAtomically(Data("x".utf8), to: temporary.path("state/profiles/ada/favorites.json"))
    }
    #expect(try String(contentsOfFile: temporary.path("home/ada/favorites.json"), encoding: .utf8) == "{}")
  }

  @Test("Removing a tree removes links inside it, never what they point to")
  func removeTreeNeverCrossesLinks() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let precious = try temporary.write("keep", to: "home/notes/precious.txt")
    try temporary.write("{}", to: "state/profiles/ada/favorites.json")
    try temporary.write("{}", to: "state/profiles/ada/nested/deeper/file")
    #expect(symlink(temporary.path("home"), temporary.path("state/profiles/ada/home")) == 0)
    #expect(symlink(precious, temporary.path("state/profiles/ada/nested/precious")) == 0)

    try FileSystem.removeTree(path: temporary.path("state/profiles/ada"))

    #expect(!FileSystem.exists(path: temporary.path("state/profiles/ada")))
    #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep")

    // A path that is itself a link is not removed, and not followed.
    #expect(symlink(temporary.path("home"), temporary.path("state/profiles/bob")) == 0)
    #expect(throws: FileSystem.Failure.self) { try FileSystem.removeTree(path: temporary.path("state/profiles/bob")) }
    #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep")
  }

  /// Records the calls of an atomic write, failing the ones named in `failing`; with
  /// `hasFullSync`, as on macOS, which has `F_FULLFSYNC` (its real call is `fsync` here).
  private final class RecordingCalls: Sendable {
    let calls = Locked<[String]>([])
    let failing: Set<String>
    let hasFullSync: Bool

    init(failing: String..., hasFullSync: Bool = false) {
      self.failing = Set(failing)
      self.hasFullSync = hasFullSync
    }

    var writeCalls: FileSystem.WriteCalls {
      let system = FileSystem.WriteCalls.system
      var calls = FileSystem.WriteCalls(
        write: { descriptor, bytes in self.record("write") ?? system.write(descriptor, bytes) },
        fsync: { descriptor in self.record("fsync") ?? system.fsync(descriptor) },
        rename: { from, to in self.record("rename") ?? system.rename(from, to) }
      )
      if hasFullSync {
        calls.fullSync = { descriptor in self.record("fullSync") ?? system.fsync(descriptor) }
      }
      return calls
    }

    private func record(_ call: String) -> Int32?? {
      calls.withLock { $0.append(call) }
      return failing.contains(call) ? .some(call == "fullSync" ? ENOTSUP : EIO) : nil
    }
  }

  @Test(
    "Where there is a full sync (macOS), an atomic write writes, full-syncs and renames; where a file system refuses it, it falls back to fsync"
  )
  func fullSyncOrder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let full = RecordingCalls(hasFullSync: true)
    try FileSystem.writeAtomically(Data("full".utf8), to: temporary.path("file.json"), calls: full.writeCalls)
    #expect(full.calls.withLock { $0 } == ["write", "fullSync", "rename"])

    let refused = RecordingCalls(failing: "fullSync", hasFullSync: true)
    try FileSystem.writeAtomically(Data("fallback".utf8), to: temporary.path("file.json"), calls: refused.writeCalls)
    #expect(refused.calls.withLock { $0 } == ["write", "fullSync", "fsync", "rename"])
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json")) == Data("fallback".utf8))

    let failing = RecordingCalls(failing: "fullSync", "fsync", hasFullSync: true)
    do {
      try FileSystem.writeAtomically(Data("lost".utf8), to: temporary.path("file.json"), calls: failing.writeCalls)
      Issue.record("a failed sync was not reported")
    } catch {
      #expect(error.cause == .system(EIO))
    }
    #expect(failing.calls.withLock { $0 } == ["write", "fullSync", "fsync"])
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json")) == Data("fallback".utf8))
  }

  @Test("This system's calls have a full sync exactly where the kernel has F_FULLFSYNC")
  func fullSyncWhereTheKernelHasIt() {
    #if canImport(Darwin)
      #expect(FileSystem.WriteCalls.system.fullSync != nil)
    #else
      #expect(FileSystem.WriteCalls.system.fullSync == nil)
    #endif
  }

  @Test("An atomic write writes, then fsyncs, then renames, in that order")
  func writeOrder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let recording = RecordingCalls()
    try FileSystem.writeAtomically(Data("new".utf8), to: temporary.path("file.json"), calls: recording.writeCalls)
    #expect(recording.calls.withLock { $0 } == ["write", "fsync", "rename"])
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json")) == Data("new".utf8))
  }

  @Test("A failing fsync is reported, renames nothing, keeps the old file and leaves no temporary file")
  func failingFsyncKeepsOldFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.writeAtomically(Data("old".utf8), to: temporary.path("file.json"))
    let recording = RecordingCalls(failing: "fsync")

    do {
      try FileSystem.writeAtomically(Data("new".utf8), to: temporary.path("file.json"), calls: recording.writeCalls)
      Issue.record("a failed fsync was not reported")
    } catch {
      #expect(error.cause == .system(EIO))
      // The file being saved, never the temporary one, which is gone by the time a toast shows.
      #expect(error.path == temporary.path("file.json"))
    }

    #expect(recording.calls.withLock { $0 } == ["write", "fsync"])
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json")) == Data("old".utf8))
    #expect(temporary.fileNames == ["file.json"])
  }

  @Test("A failing write is reported, fsyncs and renames nothing, and keeps the old file")
  func failingWriteKeepsOldFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.writeAtomically(Data("old".utf8), to: temporary.path("file.json"))
    let recording = RecordingCalls(failing: "write")

    #expect(throws: FileSystem.Failure.self) {
      try FileSystem.writeAtomically(Data("new".utf8), to: temporary.path("file.json"), calls: recording.writeCalls)
    }

    #expect(recording.calls.withLock { $0 } == ["write"])
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json")) == Data("old".utf8))
    #expect(temporary.fileNames == ["file.json"])
  }

  @Test(
    "Contents over the limit the file is read with are refused before anything is touched; at the limit they are written"
  )
  func writeOverTheLimitKeepsOldFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileSystem.writeAtomically(Data("old".utf8), to: temporary.path("file.json"), limit: 4)
    let recording = RecordingCalls()

    do {
      try FileSystem.writeAtomically(
        Data("fives".utf8), to: temporary.path("file.json"), limit: 4, calls: recording.writeCalls)
      Issue.record("contents over the limit were written")
    } catch {
      #expect(error == FileSystem.Failure(path: temporary.path("file.json"), cause: .tooLarge(limit: 4)))
    }
    #expect(recording.calls.withLock { $0 }.isEmpty)
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json"), limit: 4) == Data("old".utf8))
    #expect(temporary.fileNames == ["file.json"])
    // Not even the folder a write makes on demand.
    #expect(throws: FileSystem.Failure.self) {
      try FileSystem.writeAtomically(Data("fives".utf8), to: temporary.path("new/file.json"), limit: 4)
    }
    #expect(!FileSystem.exists(path: temporary.path("new")))

    try FileSystem.writeAtomically(Data("four".utf8), to: temporary.path("file.json"), limit: 4)
    #expect(try FileSystem.readStateFile(path: temporary.path("file.json"), limit: 4) == Data("four".utf8))
  }

  @Test("By default a write takes what a read takes: the state file limit")
  func writeLimitIsTheReadLimit() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let over = Data(count: FileSystem.stateFileLimit + 1)
    #expect(
      throws: FileSystem.Failure(path: temporary.path("file.json"), cause: .tooLarge(limit: FileSystem.stateFileLimit))
    ) {
      try FileSystem.writeAtomically(over, to: temporary.path("file.json"))
    }
    #expect(temporary.fileNames.isEmpty)
  }
}

/// Opening a terminal device makes it the controlling terminal of a session leader that has
/// none, whatever the opener does with the descriptor next: refusing it afterwards is too late.
@Suite("FileSystem and terminals", .timeLimit(.minutes(1)))
struct FileSystemTerminalTests {
  @Test(
    "A terminal where a state file belongs is refused and never becomes the controlling terminal of a session leader",
    .enabled(if: ControllingTerminalProbe.isAvailable)
  )
  func terminalNeverBecomesControlling() async {
    await #expect(processExitsWith: .success) {
      let terminal = ControllingTerminalProbe.newSession().terminal
      guard let folder = try? TemporaryDirectory() else { ControllingTerminalProbe.fail(.noNewSession) }
      // The terminal is opened with the flags the read asks for; planted at the path itself, its
      // folder (/dev/pts, root's) would be refused before the open for any user but root.
      let calls = FileSystem.ReadCalls(open: { _, flags in
        let descriptor = open(terminal, flags)
        return descriptor >= 0 ? descriptor : -errno
      })
      do throws(FileSystem.Failure) {
        _ = try FileSystem.readStateFile(path: folder.path("settings.json"), calls: calls)
        ControllingTerminalProbe.fail(.notRefused)
      } catch {
        guard error.reason.description == "it is a character device, not a regular file" else {
          ControllingTerminalProbe.fail(.notRefused)
        }
      }
      if ControllingTerminalProbe.hasControllingTerminal { ControllingTerminalProbe.fail(.becameControllingTerminal) }
    }
  }
}
