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

@Suite("LocalProfilesService")
struct LocalProfilesServiceTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()
  private let date = Date(timeIntervalSince1970: 1_735_689_600)

  private func service(_ directory: URL) -> LocalProfilesService {
    LocalProfilesService(stateDirectory: directory, logger: logger, toasts: toasts, now: { [date] in date })
  }

  private func names(_ profiles: [ProfileName]) -> [String] {
    profiles.map(\.value)
  }

  @Test("Signing in to a new name creates its folder with profile.json, lists it and remembers it")
  func createsProfile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)

    let ada = try service.signIn("Ada")

    #expect(ada.value == "Ada")
    #expect(names(service.profiles) == ["Ada"])
    #expect(service.rememberedProfile?.value == "Ada")
    let folder = temporary.url.appendingPathComponent("profiles/Ada")
    let details = try StateFile<UserProfile>(directory: folder, name: "profile.json").read()
    #expect(details == UserProfile(displayName: "Ada", name: "Ada", bio: "", createdAt: date))
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("A name finds its profile ignoring case and keeps the spelling it was created with")
  func caseInsensitive() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    _ = try service.signIn("Ada")

    let again = try service.signIn("ADA")

    #expect(again.value == "Ada")
    #expect(names(service.profiles) == ["Ada"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path("profiles")) == ["Ada"])
  }

  @Test("A profile folder saved before names could start with - lists and signs in; a new such name is refused")
  func savedLeadingDash() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try FileManager.default.createDirectory(
      atPath: temporary.path("profiles/-x"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let service = service(temporary.url)
    #expect(names(service.profiles) == ["-x"])

    #expect(try service.signIn("-X").value == "-x")
    #expect(service.rememberedProfile?.value == "-x")
    #expect(throws: AppError.self) { try service.signIn("-rf") }
    #expect(!FileManager.default.fileExists(atPath: temporary.path("profiles/-rf")))
    #expect(names(service.profiles) == ["-x"])
  }

  /// Whether the file system at `directory` tells names apart by case: Linux's do, macOS's
  /// default (APFS) does not, where `ADA` is the folder `ada` already made.
  private func isCaseSensitive(_ directory: TemporaryDirectory) throws -> Bool {
    try FileManager.default.createDirectory(atPath: directory.path("case-probe"), withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: directory.path("case-probe")) }
    return !FileManager.default.fileExists(atPath: directory.path("CASE-PROBE"))
  }

  @Test(
    "Two folders that differ only in case (made by hand) show as one profile; where the file system cannot hold both, the one it made",
    arguments: [true, false]
  )
  func handMadeCaseTwins(fileSystemIsCaseSensitive: Bool) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    // A case-insensitive system (macOS's default) is simulated where the real one is not: there,
    // making `ADA` finds the folder `ada`, so `ADA` is never made.
    let holdsBoth = try fileSystemIsCaseSensitive && isCaseSensitive(temporary)
    for name in ["ada"] + (holdsBoth ? ["ADA"] : []) + ["bob", "not a profile"] {
      try FileManager.default.createDirectory(
        at: temporary.url.appendingPathComponent("profiles/\(name)"), withIntermediateDirectories: true)
    }
    try Data().write(to: temporary.url.appendingPathComponent("profiles/carol"))

    let service = service(temporary.url)

    // Of both, the first in byte order wins, and the start says which it hides; of one, that one.
    let expected = holdsBoth ? "ADA" : "ada"
    #expect(names(service.profiles) == [expected, "bob"])
    let hidden = L10n.Toast.profileFolderHidden(hidden: "ada", shown: "ADA")
    #expect(toasts.shownToasts == (holdsBoth ? [.error(hidden)] : []))
    #expect(logger.entries.contains { $0.level == .warning && $0.message == hidden.description } == holdsBoth)
    #expect(try service.signIn("Ada").value == expected)
  }

  @Test(
    "A bad name is refused with a clear message and creates nothing",
    arguments: ["", "Ada Lovelace", "../x", String(repeating: "a", count: 33), "ä"]
  )
  func badNames(name: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)

    let error = #expect(throws: AppError.self) { try service.signIn(name) }

    #expect(error?.message.contains("is not a valid profile name") == true)
    #expect(service.profiles.isEmpty)
    #expect(temporary.fileNames.isEmpty)
  }

  @Test("Forgetting the remembered profile keeps the profile; a deleted folder is not remembered")
  func forgetting() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    _ = try service.signIn("ada")
    service.forgetRememberedProfile()
    #expect(service.rememberedProfile == nil)
    #expect(names(service.profiles) == ["ada"])

    _ = try service.signIn("bob")
    try FileManager.default.removeItem(at: temporary.url.appendingPathComponent("profiles/bob"))

    #expect(service.rememberedProfile == nil)
  }

  @Test("A corrupt session.json is quarantined with an error toast and nobody is remembered")
  func corruptRemembered() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try Data("{\"profile\":".utf8).write(to: temporary.url.appendingPathComponent("session.json"))

    #expect(service(temporary.url).rememberedProfile == nil)
    #expect(temporary.fileNames.contains { $0.hasPrefix("session.json.corrupt-") })
    #expect(toasts.shownToasts.first?.message.hasPrefix("session.json was corrupt") == true)
  }

  @Test("A session.json naming no valid profile (\"../../x\") is logged, left as it is, and nobody is remembered")
  func rememberedNameNotAProfile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try Data("{\"profile\":\"../../x\"}".utf8).write(to: temporary.url.appendingPathComponent("session.json"))

    #expect(service(temporary.url).rememberedProfile == nil)
    #expect(logger.entries.contains { $0.level == .warning && $0.message.hasPrefix("session.json names no profile") })
    #expect(temporary.fileNames == ["session.json"])
  }

  @Test(
    "A file of yours where the profiles folder belongs is shown at start and again when a sign-in cannot make a profile"
  )
  func profilesFolderIsAFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try temporary.write("mine", to: "profiles")
    try Data("{\"profile\":\"ada\"}".utf8).write(to: temporary.url.appendingPathComponent("session.json"))

    let service = service(temporary.url)
    let atStart = try #require(toasts.shownToasts.first)
    #expect(atStart.style == .error)
    #expect(atStart.message.contains("\(temporary.path("profiles")) (it is a regular file, not a real folder)"))
    #expect(service.rememberedProfile == nil)

    _ = try service.signIn("bob")
    #expect(toasts.shownToasts.count == 2)
    #expect(toasts.shownToasts.last?.message.hasPrefix("Cannot save to") == true)
    #expect(try String(contentsOfFile: temporary.path("profiles"), encoding: .utf8) == "mine")
  }

  @Test("A state directory that cannot be written still signs in, and says nothing is saved in the log")
  func unwritable() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(try temporary.unwritableDirectory())

    let ada = try service.signIn("ada")

    #expect(ada.value == "ada")
    #expect(logger.entries.contains { $0.level == .error && $0.message.hasPrefix("Could not create profile ada") })
  }

  @Test("Deleting a profile removes its folder, lists it no more and forgets it if remembered")
  func delete() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    _ = try service.signIn("bob")
    let ada = try service.signIn("Ada")
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next().map(names) == ["Ada", "bob"])

    try service.deleteProfile(try ProfileName(validating: "ADA"))
    try service.deleteProfile(ada)

    #expect(await changes.next().map(names) == ["bob"])
    #expect(names(service.profiles) == ["bob"])
    #expect(service.rememberedProfile == nil)
    #expect(!FileManager.default.fileExists(atPath: temporary.path("profiles/Ada")))
    #expect(FileManager.default.fileExists(atPath: temporary.path("profiles/bob/profile.json")))
    // Forgotten, not just gone: a folder of that name made later is not signed in to at start.
    try FileManager.default.createDirectory(atPath: temporary.path("profiles/Ada"), withIntermediateDirectories: false)
    #expect(service.rememberedProfile == nil)
  }

  /// The entries of the profiles folder, sorted.
  private func profileEntries(_ directory: TemporaryDirectory) -> [String] {
    FileSystem.names(inDirectory: directory.path("profiles")).sorted()
  }

  /// A profile `name` whose folder holds a tree three folders deep, with a file in each.
  private func deepProfile(_ name: String, in directory: TemporaryDirectory, of service: LocalProfilesService)
    throws -> ProfileName
  {
    let profile = try service.signIn(name)
    _ = try directory.write("1", to: "profiles/\(name)/one/one.txt")
    _ = try directory.write("2", to: "profiles/\(name)/one/two/two.txt")
    _ = try directory.write("3", to: "profiles/\(name)/one/two/three/three.txt")
    return profile
  }

  @Test(
    "A deletion that fails midway (a folder deep in the profile cannot be opened, as under a low ulimit -n) still deletes the profile: it lists no more, and the next start removes what is left"
  )
  func deleteFailingMidway() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let folderOpens = Locked(0)
    var calls = FileSystem.RemovalCalls.system
    calls.openFolder = { parent, name in
      let count = folderOpens.withLock { count in
        count += 1
        return count
      }
      return count > 1 ? -EMFILE : FileSystem.RemovalCalls.system.openFolder(parent, name)
    }
    let service = LocalProfilesService(
      stateDirectory: temporary.url, logger: logger, toasts: toasts, now: { [date] in date }, removalCalls: calls)
    _ = try service.signIn("bob")
    let ada = try deepProfile("ada", in: temporary, of: service)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next().map(names) == ["ada", "bob"])

    try service.deleteProfile(ada)

    #expect(folderOpens.withLock { $0 } == 2, "the removal never reached the failing open")
    #expect(names(service.profiles) == ["bob"])
    #expect(service.rememberedProfile == nil)
    #expect(await changes.next().map(names) == ["bob"])
    let entries = profileEntries(temporary)
    #expect(entries.count == 2 && entries.first?.hasPrefix(LocalProfilesService.deletedPrefix) == true, "\(entries)")
    #expect(entries.last == "bob")
    #expect(toasts.shownToasts.isEmpty)

    let restarted = self.service(temporary.url)

    #expect(profileEntries(temporary) == ["bob"])
    #expect(names(restarted.profiles) == ["bob"])
  }

  @Test("A profile folder that cannot be moved aside is not deleted at all, and says why")
  func deleteRefusedRename() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    var calls = FileSystem.RemovalCalls.system
    calls.rename = { _, _ in EACCES }
    let service = LocalProfilesService(
      stateDirectory: temporary.url, logger: logger, toasts: toasts, now: { [date] in date }, removalCalls: calls)
    let ada = try deepProfile("ada", in: temporary, of: service)

    #expect(throws: AppError.profileNotDeleted(name: "ada", reason: .verbatim(String(cString: strerror(EACCES))))) {
      try service.deleteProfile(ada)
    }

    #expect(names(service.profiles) == ["ada"])
    #expect(service.rememberedProfile == ada)
    #expect(profileEntries(temporary) == ["ada"])
    #expect(try String(contentsOfFile: temporary.path("profiles/ada/one/two/three/three.txt"), encoding: .utf8) == "3")
    #expect(FileManager.default.fileExists(atPath: temporary.path("profiles/ada/profile.json")))
  }

  @Test(
    "A folder left by a deletion is no profile: not listed, removed at the next start and at the next deletion, never through a link"
  )
  func leftoverOfDeletion() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let prefix = LocalProfilesService.deletedPrefix
    _ = try temporary.write("left", to: "profiles/\(prefix)ada-1/one/two/favorites.json")
    _ = try temporary.write("keep", to: "home/notes.txt")
    #expect(symlink(temporary.path("home"), temporary.path("profiles/\(prefix)zed-1")) == 0)

    let service = service(temporary.url)

    #expect(service.profiles.isEmpty)
    #expect(profileEntries(temporary) == ["\(prefix)zed-1"])
    #expect(try String(contentsOfFile: temporary.path("home/notes.txt"), encoding: .utf8) == "keep")

    let bob = try service.signIn("bob")
    _ = try temporary.write("left", to: "profiles/\(prefix)carol-2/favorites.json")
    try service.deleteProfile(bob)

    #expect(service.profiles.isEmpty)
    #expect(profileEntries(temporary) == ["\(prefix)zed-1"])
    #expect(FileSystem.names(inDirectory: temporary.path("home")) == ["notes.txt"])
  }

  @Test("A profile a session holds is not deleted, and says why; once the session ends it is")
  func deleteRefusedWhileHeld() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    let ada = try service.signIn("ada")
    // Another Fun's session: a lease of its own on the same folder.
    let lease = Services.profileLease(of: ada, stateDirectory: temporary.url)

    #expect(throws: AppError.profileInUse(name: "ada")) { try service.deleteProfile(ada) }
    #expect(FileManager.default.fileExists(atPath: temporary.path("profiles/ada/profile.json")))
    #expect(names(service.profiles) == ["ada"])

    lease.scopeDidEnd()
    try service.deleteProfile(ada)
    #expect(!FileManager.default.fileExists(atPath: temporary.path("profiles/ada")))
  }

  /// A second descriptor of the lock file this process has open at `path`: what a process
  /// spawned at that moment (a test's `fun`, say) holds until its `exec` closes it.
  private func copyOfOpenLock(at path: String) -> Int32? {
    guard let named = FileIdentity(path: path) else { return nil }
    let open = (0..<Int32(sysconf(Int32(_SC_OPEN_MAX)))).first { FileIdentity(descriptor: $0) == named }
    return open.map { dup($0) }
  }

  @Test(
    "Once the session ends its profile is deleted, even while a process spawned meanwhile holds a copy of the lease"
  )
  func deleteAfterSessionWithSpawnedCopy() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    let ada = try service.signIn("ada")
    let lease = Services.profileLease(of: ada, stateDirectory: temporary.url)
    let copy = try #require(copyOfOpenLock(at: temporary.path("profiles/ada/\(ProfileLease.fileName)")))
    defer { close(copy) }

    lease.scopeDidEnd()

    #expect(throws: Never.self) { try service.deleteProfile(ada) }
    #expect(!FileManager.default.fileExists(atPath: temporary.path("profiles/ada")))
  }

  @Test(
    "A deletion's look at the lease leaves no lock behind in a process spawned meanwhile: the next session holds it"
  )
  func deletionCheckWithSpawnedCopy() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    let ada = try service.signIn("ada")
    let folder = temporary.url.appendingPathComponent("profiles/ada")
    var copy: Int32?
    _ = ProfileLease.unlessHeld(directory: folder) {
      copy = copyOfOpenLock(at: folder.appendingPathComponent(ProfileLease.fileName).path)
    }
    #expect(copy != nil)

    let lease = Services.profileLease(of: ada, stateDirectory: temporary.url)
    defer { lease.scopeDidEnd() }
    // The spawned process has started its program by now: the session alone holds the profile.
    copy.map { _ = close($0) }

    #expect(throws: AppError.profileInUse(name: "ada")) { try service.deleteProfile(ada) }
    #expect(FileManager.default.fileExists(atPath: temporary.path("profiles/ada/profile.json")))
  }

  @Test("Deleting another profile keeps the remembered one")
  func deleteOther() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    let bob = try service.signIn("bob")
    _ = try service.signIn("ada")

    try service.deleteProfile(bob)

    #expect(service.rememberedProfile?.value == "ada")
  }

  @Test("The change stream lists the profiles, then each new one")
  func changes() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    _ = try service.signIn("bob")
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next().map(names) == ["bob"])

    _ = try service.signIn("ada")
    _ = try service.signIn("BOB")
    _ = try service.signIn("carol")

    #expect(await changes.next().map(names) == ["ada", "bob"])
    #expect(await changes.next().map(names) == ["ada", "bob", "carol"])
  }

  @Test("Two instances signing in to one new name at once, in two spellings, make one profile")
  func concurrentCreation() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)

    let results = await withTaskGroup(of: String?.self) { group in
      for index in 0..<20 {
        group.addTask {
          try? (index.isMultiple(of: 2) ? first : second).signIn(index.isMultiple(of: 4) ? "Ada" : "ada").value
        }
      }
      return await group.reduce(into: Set<String?>()) { $0.insert($1) }
    }

    #expect(results.count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path("profiles")).count == 1)
    #expect(first.profiles == second.profiles)
  }

  @Test(
    "A profiles folder that links elsewhere (a home folder) is set aside with a toast: nothing is listed through it")
  func linkedProfilesFolderIsSetAside() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try temporary.write("keep", to: "home/Documents/notes.txt")
    try FileManager.default.createDirectory(atPath: temporary.path("state"), withIntermediateDirectories: true)
    #expect(symlink(temporary.path("home"), temporary.path("state/profiles")) == 0)

    let service = service(temporary.url.appendingPathComponent("state"))

    #expect(service.profiles.isEmpty)
    let toast = try #require(toasts.shownToasts.first)
    #expect(toast.style == .error)
    #expect(toast.message.hasPrefix("profiles was set aside (not a folder of yours)"))
    _ = try service.signIn("Documents")
    #expect(FileSystem.isOwnDirectory(path: temporary.path("state/profiles/Documents")))
    #expect(try String(contentsOfFile: temporary.path("home/Documents/notes.txt"), encoding: .utf8) == "keep")
    #expect(FileSystem.names(inDirectory: temporary.path("home/Documents")) == ["notes.txt"])
  }

  @Test("A profile folder that is a link is set aside, not listed, and deleting never reaches its target")
  func linkedProfileIsSetAside() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try temporary.write("keep", to: "home/project/notes.txt")
    try FileManager.default.createDirectory(
      atPath: temporary.path("state/profiles"), withIntermediateDirectories: true)
    #expect(symlink(temporary.path("home/project"), temporary.path("state/profiles/project")) == 0)

    let service = service(temporary.url.appendingPathComponent("state"))

    #expect(service.profiles.isEmpty)
    #expect(toasts.shownToasts.first?.message.hasPrefix("profiles/project was set aside") == true)
    try service.deleteProfile(try ProfileName(validating: "project"))
    #expect(FileSystem.names(inDirectory: temporary.path("home/project")) == ["notes.txt"])
  }

  @Test("Deleting a profile removes links inside its folder, never what they point to")
  func deleteNeverCrossesLinks() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.url.appendingPathComponent("state")
    let service = service(state)
    let ada = try service.signIn("ada")
    try temporary.write("keep", to: "home/notes.txt")
    #expect(symlink(temporary.path("home"), temporary.path("state/profiles/ada/home")) == 0)

    try service.deleteProfile(ada)

    #expect(service.profiles.isEmpty)
    #expect(!FileSystem.exists(path: temporary.path("state/profiles/ada")))
    #expect(try String(contentsOfFile: temporary.path("home/notes.txt"), encoding: .utf8) == "keep")
  }

  @Test("Signing in and forgetting keep the members of session.json this version does not know, never the old profile")
  func sessionKeepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    _ = try service.signIn("ada")
    _ = try service.signIn("grace")
    let url = temporary.url.appendingPathComponent("session.json")
    try Data(#"{"profile":"ada","window":\#(FutureMember.text)}"#.utf8).write(to: url)

    _ = try service.signIn("grace")
    #expect(try members(ofFileAt: url) == ["profile": .string("grace"), "window": FutureMember.value])

    service.forgetRememberedProfile()
    #expect(try members(ofFileAt: url) == ["window": FutureMember.value])
  }
}
