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

/// A state file of this user's that the system will not let be read (`chmod 000` for a normal
/// user, a failing disk) holds what is unknown, not what is bad: it stays where it is, nothing
/// is saved over it, and the message says what happened. Root reads every file, so the open
/// fails through the seam, as it does for a normal user.
@Suite("A state file that cannot be read")
struct UnreadableStateFileTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()
  private static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_779_403_258) }

  /// Opens fail with `EACCES` while `denied` holds true, as for a file of mode 000.
  private final class Permission: Sendable {
    let denied = Locked(true)
    var calls: FileSystem.ReadCalls {
      FileSystem.ReadCalls { path, flags in
        self.denied.withLock { $0 } ? -EACCES : FileSystem.ReadCalls.system.open(path, flags)
      }
    }
  }

  private var deniedText: LocalizedText {
    .verbatim(String(cString: strerror(EACCES)))
  }

  @Test("StateFile.read leaves the file in place and names the reason, never \"corrupt\"")
  func stateFileLeftInPlace() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let path = try temporary.write("{\"showsFeaturedCarousel\": false}\n", to: "settings.json")
    let file = StateFile<FeatureToggles>(
      directory: temporary.url, name: "settings.json", now: Self.now, readCalls: Permission().calls)
    #expect(throws: AppError.unreadableStateFile(name: "settings.json", reason: deniedText)) { try file.read() }
    #expect(temporary.fileNames == ["settings.json"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"showsFeaturedCarousel\": false}\n")
  }

  /// Runs the check for one kind of state file: `make` builds its service over the folder with
  /// the given open call, `load` reads through it, `change` makes a change a person would make.
  private func check(
    file name: String,
    contents: String,
    in folder: (TemporaryDirectory) -> URL = { $0.url },
    load: (URL, FileSystem.ReadCalls) -> Void,
    change: (URL, FileSystem.ReadCalls) -> Void
  ) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let directory = folder(temporary)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    let permission = Permission()

    load(directory, permission.calls)
    change(directory, permission.calls)

    // Still there, untouched, nothing set aside, and said so: not "corrupt".
    #expect(try String(contentsOfFile: path, encoding: .utf8) == contents, "\(name)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    #expect(!names.contains { $0.contains("corrupt") }, "\(name): \(names)")
    let shown = toasts.shownToasts.map(\.message)
    #expect(!shown.isEmpty, "\(name)")
    #expect(!shown.contains { $0.contains("corrupt") }, "\(shown)")
    #expect(shown.allSatisfy { $0.contains(name) && $0.contains(deniedText.description) }, "\(shown)")
  }

  @Test("favorites.json: a toggle is refused on disk with a toast saying why; the saved ids stay")
  func favorites() throws {
    try check(
      file: "favorites.json", contents: "{\"ids\":[\"kept\"]}\n",
      load: { directory, calls in
        #expect(service(directory, calls).favoriteIDs.isEmpty)
      },
      change: { directory, calls in
        service(directory, calls).toggle("new")
      })
    let shown = toasts.shownToasts.map(\.message)
    #expect(shown.contains { $0.hasPrefix("Could not read favorites.json") })
    #expect(shown.contains { $0.hasPrefix("Cannot save to") && $0.contains("so it is not replaced") })
  }

  private func service(_ directory: URL, _ calls: FileSystem.ReadCalls) -> PersistentFavoritesService {
    PersistentFavoritesService(directory: directory, logger: logger, toasts: toasts, now: Self.now, readCalls: calls)
  }

  @Test("Once the file reads again, a change applies to what it holds and is saved")
  func readableAgain() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try temporary.write("{\"ids\":[\"kept\"]}\n", to: "favorites.json")
    let permission = Permission()
    let favorites = service(temporary.url, permission.calls)
    favorites.toggle("lost")
    #expect(favorites.favoriteIDs == ["lost"])
    permission.denied.withLock { $0 = false }
    favorites.toggle("added")
    #expect(favorites.favoriteIDs == ["kept", "added"])
    #expect(
      try StateFile<StoredFavorites>(directory: temporary.url, name: "favorites.json").read()?.ids == ["kept", "added"])
  }

  @Test("settings.json: a changed setting is not saved over it")
  func settings() throws {
    try check(
      file: "settings.json", contents: "{\"showsFeaturedCarousel\":false}\n",
      load: { directory, calls in
        _ = toggles(directory, calls).toggles
      },
      change: { directory, calls in
        toggles(directory, calls).toggle(.featuredCarousel, .forward)
      })
  }

  private func toggles(_ directory: URL, _ calls: FileSystem.ReadCalls) -> PersistentFeatureToggleService {
    PersistentFeatureToggleService(
      directory: directory, logger: logger, toasts: toasts, now: Self.now, readCalls: calls)
  }

  @Test("my-items.json: a new item is not saved over it")
  func myItems() throws {
    try check(
      file: "my-items.json", contents: "{\"items\":[]}\n",
      load: { directory, calls in
        #expect(items(directory, calls).items.isEmpty)
      },
      change: { directory, calls in
        try? items(directory, calls).save(MyItemDraft(id: "mine", title: "Mine", category: "Tools"), replacing: nil)
      })
  }

  private func items(_ directory: URL, _ calls: FileSystem.ReadCalls) -> PersistentMyItemsService {
    PersistentMyItemsService(directory: directory, logger: logger, toasts: toasts, now: Self.now, readCalls: calls)
  }

  @Test("profile.json: edited details are not saved over it")
  func profileDetails() throws {
    let profile = try ProfileName(validating: "ada")
    try check(
      file: "profile.json",
      contents: "{\"bio\":\"\",\"createdAt\":\"2026-01-01T00:00:00Z\",\"displayName\":\"Ada\",\"name\":\"ada\"}\n",
      load: { directory, calls in
        _ = details(profile, directory, calls).profile
      },
      change: { directory, calls in
        try? details(profile, directory, calls).update(displayName: "Ada L", bio: "hi")
      })
  }

  private func details(
    _ profile: ProfileName, _ directory: URL, _ calls: FileSystem.ReadCalls
  ) -> PersistentProfileDetailsService {
    PersistentProfileDetailsService(
      profile: profile, directory: directory, logger: logger, toasts: toasts, now: Self.now, readCalls: calls)
  }

  @Test("session.json: the remembered profile is not replaced by a sign-in, and the toast says why")
  func session() throws {
    try check(
      file: "session.json", contents: "{\"profile\":\"ada\"}\n",
      load: { directory, calls in
        #expect(profiles(directory, calls).rememberedProfile == nil)
      },
      change: { directory, calls in
        _ = try? profiles(directory, calls).signIn("bob")
      })
    #expect(logger.entries.map(\.message).contains { $0.contains("Did not remember the signed-in profile") })
  }

  private func profiles(_ directory: URL, _ calls: FileSystem.ReadCalls) -> LocalProfilesService {
    LocalProfilesService(stateDirectory: directory, logger: logger, toasts: toasts, now: Self.now, readCalls: calls)
  }
}
