import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("StateFile")
struct StateFileTests {
  /// 2026-05-21T22:40:58Z.
  private static let fixedDate = Date(timeIntervalSince1970: 1_779_403_258)

  private func file(_ directory: URL, name: String = "settings.json") -> StateFile<FeatureToggles> {
    StateFile(directory: directory, name: name, now: { Self.fixedDate })
  }

  @Test("A file lock is let go when its body ends, even while a process spawned meanwhile holds a copy of it")
  func lockLetGoWithSpawnedCopy() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let path = temporary.path("settings.json.lock")
    var copy: Int32?
    FileLock(path: path).withLock {
      // What a process spawned now holds until its `exec` closes it.
      guard let named = FileIdentity(path: path) else { return }
      copy = (0..<Int32(sysconf(Int32(_SC_OPEN_MAX)))).first { FileIdentity(descriptor: $0) == named }.map { dup($0) }
    }
    defer { copy.map { _ = close($0) } }
    #expect(copy != nil)

    let probe = open(path, O_RDWR | O_CLOEXEC)
    defer { close(probe) }
    #expect(flock(probe, LOCK_EX | LOCK_NB) == 0, "the lock is still held: another save would wait")
  }

  @Test("A written value reads back, and the directory is created on demand")
  func roundTrip() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let directory = temporary.url.appendingPathComponent("a/b/state")
    let file = file(directory)
    let toggles = FeatureToggles(showsFeaturedCarousel: false, appearance: .dark, simulatesNetworkFailure: true)

    try file.write(toggles)

    #expect(try file.read() == toggles)
    #expect(file.changeStamp() != nil)
  }

  @Test("A missing file reads as nil, with no change stamp, and nothing is moved aside")
  func missingFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    #expect(try file(temporary.url).read() == nil)
    #expect(file(temporary.url).changeStamp() == nil)
    #expect(temporary.fileNames.isEmpty)
  }

  /// Why `file` cannot be read (it has been moved aside then), or `nil` when it could be.
  private func problem<Value>(reading file: StateFile<Value>) -> AppError? {
    do throws(AppError) {
      _ = try file.read()
      return nil
    } catch {
      return error
    }
  }

  @Test("A write replaces the file by rename and leaves no temporary files behind")
  func atomicWriteLeavesNoTemporaryFiles() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = file(temporary.url)
    let inode = { () -> Int? in
      (try? FileManager.default.attributesOfItem(atPath: file.url.path))?[.systemFileNumber] as? Int
    }
    try file.write(.defaults)
    let firstInode = inode()
    try file.write(FeatureToggles(showsFeaturedCarousel: false, appearance: .light, simulatesNetworkFailure: false))

    #expect(inode() != firstInode, "a rename installs a new file; an in-place write would keep the inode")
    #expect(temporary.fileNames == ["settings.json"])
    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(text.contains("\"appearance\" : \"light\""))
  }

  @Test("A corrupt file is moved aside with its contents intact, and the read says where")
  func corruptFileIsQuarantined() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = file(temporary.url)
    let garbage = Data("{\"appearance\": \"purple\"".utf8)
    try garbage.write(to: file.url)

    let problem = problem(reading: file)

    let quarantined = file.url.path + ".corrupt-20260521T224058Z"
    #expect(problem == .corruptStateFile(name: "settings.json", movedTo: quarantined))
    #expect(FileManager.default.contents(atPath: quarantined) == garbage)
    #expect(!FileManager.default.fileExists(atPath: file.url.path))
  }

  @Test("Two quarantines in the same second get distinct names")
  func quarantineNamesAreUnique() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = file(temporary.url)
    try Data("first".utf8).write(to: file.url)
    _ = problem(reading: file)
    try Data("second".utf8).write(to: file.url)
    let problem = problem(reading: file)

    let second = file.url.path + ".corrupt-20260521T224058Z-2"
    #expect(problem == .corruptStateFile(name: "settings.json", movedTo: second))
    #expect(FileManager.default.contents(atPath: second) == Data("second".utf8))
    #expect(
      temporary.fileNames.filter { $0.contains("corrupt") }
        == ["settings.json.corrupt-20260521T224058Z", "settings.json.corrupt-20260521T224058Z-2"]
    )
  }

  @Test("Three quarantines in the same second keep all three copies")
  func threeQuarantinesKeepEveryCopy() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = file(temporary.url)
    for contents in ["first", "second", "third"] {
      try Data(contents.utf8).write(to: file.url)
      _ = problem(reading: file)
    }

    let stem = file.url.path + ".corrupt-20260521T224058Z"
    #expect(FileManager.default.contents(atPath: stem) == Data("first".utf8))
    #expect(FileManager.default.contents(atPath: stem + "-2") == Data("second".utf8))
    #expect(FileManager.default.contents(atPath: stem + "-3") == Data("third".utf8))
  }

  @Test("A FIFO, a link to a device or to another file where the file belongs is set aside, never read")
  func unsafeEntriesAreSetAside() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let other = try temporary.write("{\"featuredCarousel\":false}", to: "elsewhere.json")
    let plants: [(LocalizedText, String, () -> Int32)] = [
      (L10n.Reason.kindFIFO, "fifo.json", { mkfifo(temporary.path("fifo.json"), 0o600) }),
      (L10n.Reason.kindSymbolicLink, "zero.json", { symlink("/dev/zero", temporary.path("zero.json")) }),
      (L10n.Reason.kindSymbolicLink, "other.json", { symlink(other, temporary.path("other.json")) }),
    ]
    for (kind, name, plant) in plants {
      #expect(plant() == 0)
      let problem = problem(reading: file(temporary.url, name: name))

      let movedTo = temporary.path(name) + ".corrupt-20260521T224058Z"
      #expect(
        problem == .unsafeStateFile(name: name, reason: L10n.Reason.notRegularFile(kind), movedTo: movedTo))
      #expect(!FileSystem.exists(path: temporary.path(name)))
      #expect(FileSystem.exists(path: movedTo))
    }
    #expect(try String(contentsOfFile: other, encoding: .utf8) == "{\"featuredCarousel\":false}")
    #expect(
      problemText(
        .unsafeStateFile(name: "fifo.json", reason: L10n.Reason.notRegularFile(L10n.Reason.kindFIFO), movedTo: "/s/x"))
        == "fifo.json was set aside (it is a FIFO, not a regular file); moved to x")
  }

  private func problemText(_ error: AppError) -> String {
    error.message
  }

  @Test("A value JSON cannot hold is not written: the error says so and the old file stays")
  func unencodableValue() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<Double>(directory: temporary.url, name: "number.json", now: { Self.fixedDate })
    try file.write(1.5)

    #expect {
      try file.write(.nan)
    } throws: { error in
      guard case AppError.stateNotWritable(_, let reason) = error else { return false }
      return reason.description.hasPrefix("could not encode the state")
    }
    #expect(try file.read() == 1.5)
  }

  @Test(
    "A value whose file would pass the limit it is read with is refused, naming the file and the limit; the old file stays"
  )
  func valueOverTheLimitIsNotWritten() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<[String]>(directory: temporary.url, name: "list.json", limit: 64, now: { Self.fixedDate })
    try file.write(["short"])
    let old = try Data(contentsOf: file.url)

    #expect(throws: AppError.stateFileTooLarge(name: "list.json", limit: 64)) {
      try file.write([String(repeating: "x", count: 64)])
    }
    #expect(try Data(contentsOf: file.url) == old)
    #expect(try file.read() == ["short"])
    #expect(temporary.fileNames == ["list.json"])
  }

  @Test("A change that cannot be refused but would pass the limit is not kept: an error toast says why, the file stays")
  func unrefusableChangeOverTheLimit() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let toasts = MockToastService()
    let logger = MockLoggerService()
    let file = StateFile<[String]>(directory: temporary.url, name: "list.json", limit: 64, now: { Self.fixedDate })
    let state = PersistedState<[String], [String]>(
      file: file, defaultValue: [], logger: logger, toasts: toasts, category: "list", publish: { $0 })
    state.update { $0.append("short") }
    let old = try Data(contentsOf: file.url)

    state.update { $0.append(String(repeating: "x", count: 64)) }

    let refusal = AppError.stateFileTooLarge(name: "list.json", limit: 64)
    #expect(toasts.shownToasts == [.error(refusal.text)])
    #expect(state.value == ["short"])
    #expect(try Data(contentsOf: file.url) == old)
    state.update { $0.append("next") }
    #expect(try file.read() == ["short", "next"])
  }

  @Test("A valid JSON file of the wrong shape counts as corrupt too")
  func wrongShapeIsCorrupt() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = StateFile<[String]>(directory: temporary.url, name: "list.json", now: { Self.fixedDate })
    try Data("{\"not\":\"a list\"}".utf8).write(to: file.url)
    #expect(
      problem(reading: file)
        == .corruptStateFile(name: "list.json", movedTo: file.url.path + ".corrupt-20260521T224058Z"))
    #expect(FileManager.default.fileExists(atPath: file.url.path + ".corrupt-20260521T224058Z"))
  }

  @Test("Writing where the directory cannot be written throws stateNotWritable with the reason")
  func unwritableDirectory() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let directory = try temporary.unwritableDirectory()
    let file = file(directory)

    #expect(throws: AppError.self) { try file.write(.defaults) }
    do {
      try file.write(.defaults)
    } catch {
      guard case .stateNotWritable(let path, let reason) = error else {
        Issue.record("expected stateNotWritable, got \(error)")
        return
      }
      #expect(path.hasPrefix(temporary.url.path))
      #expect([.verbatim("Permission denied"), .verbatim("Not a directory")].contains(reason))
      #expect(error.message.hasPrefix("Cannot save to \(path) ("))
    }
  }

  private func profileFile(_ directory: URL) -> StateFile<UserProfile> {
    StateFile(directory: directory, name: "profile.json", now: { Self.fixedDate })
  }

  @Test("A date is written in ISO 8601 to the second, in UTC, as Foundation's .iso8601 strategy wrote it")
  func datesAreWrittenToTheSecond() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = profileFile(temporary.url)
    let created = Self.fixedDate.addingTimeInterval(0.75)
    try file.write(UserProfile(displayName: "Ada", name: "ada", bio: "", createdAt: created))

    let text = String(decoding: try #require(FileManager.default.contents(atPath: file.url.path)), as: UTF8.self)
    #expect(text.contains(#""createdAt" : "2026-05-21T22:40:58Z""#), "\(text)")
    #expect(try file.read()?.createdAt == Self.fixedDate)

    let foundation = JSONEncoder()
    foundation.dateEncodingStrategy = .iso8601
    foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
    let theirs = try foundation.encode(UserProfile(displayName: "Ada", name: "ada", bio: "", createdAt: created))
    #expect(text == String(decoding: theirs, as: UTF8.self) + "\n")
  }

  @Test(
    "A date reads with or without fractional seconds and with any offset from UTC",
    arguments: [
      "2026-05-21T22:40:58Z", "2026-05-21T22:40:58.000Z", "2026-05-22T00:10:58+01:30", "2026-05-21T17:40:58-0500",
    ]
  )
  func datesReadInEverySpelling(spelling: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = profileFile(temporary.url)
    let json = #"{"bio":"","createdAt":"\#(spelling)","displayName":"Ada","name":"ada"}"#
    try Data(json.utf8).write(to: file.url)
    #expect(try file.read()?.createdAt == Self.fixedDate)
  }

  /// The instant `fuzz-timestamp` found for Fun's earlier date reader: Foundation's ISO 8601
  /// style reads it too, then writes it with a negative year (`-0001-12-31T23:00:00Z`), which it
  /// cannot read back.
  @Test(
    "A date before year 0, which would be saved unreadably, makes the file corrupt, and year 0 itself reads",
    arguments: [
      ("0000-01-01T00:00:00+01:00", false), ("0000-01-01T00:59:59+01:00", false), ("0000-01-01T00:00:00Z", true),
    ]
  )
  func datesBeforeYearZeroAreCorrupt(spelling: String, reads: Bool) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = profileFile(temporary.url)
    let json = #"{"bio":"","createdAt":"\#(spelling)","displayName":"Ada","name":"ada"}"#
    try Data(json.utf8).write(to: file.url)
    if reads {
      let profile = try #require(try file.read())
      try file.write(profile)
      #expect(try file.read() == profile)
    } else {
      #expect(
        throws: AppError.corruptStateFile(name: "profile.json", movedTo: file.url.path + ".corrupt-20260521T224058Z")
      ) {
        try file.read()
      }
    }
  }

  @Test("A date that is not ISO 8601 makes the file corrupt: it is moved aside")
  func badDateIsCorrupt() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let file = profileFile(temporary.url)
    try Data(#"{"bio":"","createdAt":"21/05/2026","displayName":"Ada","name":"ada"}"#.utf8).write(to: file.url)
    #expect(
      throws: AppError.corruptStateFile(name: "profile.json", movedTo: file.url.path + ".corrupt-20260521T224058Z")
    ) {
      try file.read()
    }
  }
}
