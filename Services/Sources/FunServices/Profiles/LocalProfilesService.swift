import Foundation
import FunCore
import FunModel

/// The app's ``/FunModel/ProfilesService``: each profile is a folder `<state>/profiles/<name>/` holding
/// its `favorites.json` and `profile.json`; `<state>/session.json` remembers the profile signed
/// in last. App-wide files (`settings.json`, `fun.log`) stay at the top of the state directory.
///
/// - Names follow ``/FunModel/ProfileName``; a name finds its profile ignoring case, on every
///   file system, and keeps the spelling it was created with.
/// - Creating a profile, finding it and moving state of the earlier layout into it
///   (`LegacyStateMigration`) happen under an advisory lock on `<state>/profiles.lock`, so
///   two instances signing in at once see one profile and migrate once.
/// - Nothing here is fatal: a folder that cannot be created still signs in (its services keep
///   changes in memory and say so), a corrupt `session.json` is moved aside like every state
///   file, and a failed migration leaves the old file for the next sign-in.
///
/// Thread-safety: every member may be called from any thread; calls block briefly on file I/O.
final class LocalProfilesService: ProfilesService {
  /// The folder of the profiles inside the state directory.
  static let folderName = "profiles"
  /// The file that remembers the profile signed in last.
  static let rememberedFileName = "session.json"
  /// The lock file of profile creation and migration.
  static let lockFileName = "profiles.lock"
  /// How the folder of a profile being deleted begins once moved aside: with a `.`, which no
  /// ``/FunModel/ProfileName`` holds, so it never lists and no profile can be made under it.
  static let deletedPrefix = ".deleted-"

  private let profilesDirectory: URL
  private let remembered: StateFile<RememberedProfile>
  private let lock: FileLock
  private let migration: LegacyStateMigration
  private let logger: any LoggerService
  private let toasts: any ToastService
  private let now: @Sendable () -> Date
  private let removalCalls: FileSystem.RemovalCalls
  private let stream: MulticastStream<[ProfileName]>
  private let version = Locked<UInt64>(0)

  /// The profiles in `stateDirectory` (which need not exist yet).
  /// - Parameters:
  ///   - stateDirectory: the state directory (see ``StateDirectory``).
  ///   - logger: receives what went wrong, category `profiles`.
  ///   - toasts: shows the migration and problems a person should know of.
  ///   - now: the date for what reaches the disk: new profiles' created dates, quarantine names
  ///     (the real date in the app, even under script mode's virtual time).
  ///   - readCalls: the call that opens `session.json` (tests make it fail as a permission error does).
  ///   - removalCalls: the calls that delete a profile's folder (tests make them fail).
  init(
    stateDirectory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date,
    readCalls: FileSystem.ReadCalls = .system,
    removalCalls: FileSystem.RemovalCalls = .system
  ) {
    let profilesDirectory = stateDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
    self.profilesDirectory = profilesDirectory
    remembered = StateFile(directory: stateDirectory, name: Self.rememberedFileName, now: now, readCalls: readCalls)
    lock = FileLock(path: stateDirectory.appendingPathComponent(Self.lockFileName).path)
    migration = LegacyStateMigration(
      stateDirectory: stateDirectory,
      profileDirectory: { Self.directory(of: $0, in: profilesDirectory) },
      now: now,
      log: { logger.warning($0, category: "profiles") },
      report: { Self.report($0, logger: logger, toasts: toasts) }
    )
    self.logger = logger
    self.toasts = toasts
    self.now = now
    self.removalCalls = removalCalls
    Self.setAsideWhatIsNotAProfile(in: profilesDirectory, now: now, logger: logger, toasts: toasts)
    Self.reportFoldersHiddenByCase(in: profilesDirectory, logger: logger, toasts: toasts)
    stream = MulticastStream(initial: Self.scan(profilesDirectory))
    removeDeletedFolders()
  }

  /// Moves aside a `profiles` entry, and each entry in it named like a profile, that is a
  /// symbolic link (to someone's home, say), a FIFO or device, or another user's, with a toast
  /// for each: nothing is listed, read, written or deleted through one. A file of this user's
  /// where a folder belongs is a mistake, not a trap: it stays, unlisted, and saves there fail
  /// with a toast.
  private static func setAsideWhatIsNotAProfile(
    in profilesDirectory: URL,
    now: @Sendable () -> Date,
    logger: any LoggerService,
    toasts: any ToastService
  ) {
    let folder = profilesDirectory.path
    if FileSystem.isOwnFile(path: folder) {
      // No profile can be kept, listed or remembered until it is moved away.
      let problem = AppError.stateNotWritable(
        path: folder, reason: L10n.Reason.notRealFolder(L10n.Reason.kindRegularFile))
      report(problem, logger: logger, toasts: toasts)
      return
    }
    var suspects: [(path: String, name: String)] = []
    if FileSystem.isSuspect(path: folder) {
      suspects.append((folder, folderName))
    } else {
      for name in FileSystem.names(inDirectory: folder) {
        guard let profile = ProfileName(savedFolder: name) else { continue }
        let path = directory(of: profile, in: profilesDirectory).path
        if FileSystem.isSuspect(path: path) {
          suspects.append((path, folderName + "/" + name))
        }
      }
    }
    for suspect in suspects {
      let problem: AppError
      do throws(FileSystem.Failure) {
        let movedTo = try FileSystem.moveAside(suspect.path, at: now())
        problem = .unsafeStateFile(name: suspect.name, reason: L10n.Reason.notYourFolder, movedTo: movedTo)
      } catch {
        problem = .stateNotWritable(
          path: suspect.path, reason: L10n.Reason.notMovedAside(reason: L10n.Reason.notYourFolder, cause: error.reason))
      }
      report(problem, logger: logger, toasts: toasts)
    }
  }

  /// The folder of `profile`.
  func directory(of profile: ProfileName) -> URL {
    Self.directory(of: profile, in: profilesDirectory)
  }

  /// The folder of `profile` in the state directory `stateDirectory`, where its session's
  /// services save.
  static func directory(of profile: ProfileName, stateDirectory: URL) -> URL {
    directory(of: profile, in: stateDirectory.appendingPathComponent(folderName, isDirectory: true))
  }

  private static func directory(of profile: ProfileName, in profilesDirectory: URL) -> URL {
    profilesDirectory.appendingPathComponent(profile.value, isDirectory: true)
  }

  /// Every profile folder with a valid name, sorted ignoring case; of two folders whose names
  /// differ only in case (made by hand on a case-sensitive file system) the first sorted wins,
  /// and each start says which it hides.
  var profiles: [ProfileName] {
    Self.scan(profilesDirectory)
  }

  private static func scan(_ directory: URL) -> [ProfileName] {
    var profiles: [ProfileName] = []
    for name in folders(in: directory) where profiles.last != name {
      profiles.append(name)
    }
    return profiles
  }

  /// Every profile folder with a valid name, sorted ignoring case: names that differ only in
  /// case side by side, the first in byte order first.
  private static func folders(in directory: URL) -> [ProfileName] {
    FileSystem.names(inDirectory: directory.path)
      .compactMap { ProfileName(savedFolder: $0) }
      .filter { FileSystem.isOwnDirectory(path: Self.directory(of: $0, in: directory).path) }
      .sorted()
  }

  /// Says, once a start, which folders a folder of the same name in other case hides (made by
  /// hand on a case-sensitive file system): only one of them lists, and the other would stay
  /// on disk unseen, its favorites and items with it.
  private static func reportFoldersHiddenByCase(
    in directory: URL, logger: any LoggerService, toasts: any ToastService
  ) {
    var shown: ProfileName?
    for name in folders(in: directory) {
      guard let listed = shown, listed == name else {
        shown = name
        continue
      }
      let message = L10n.Toast.profileFolderHidden(hidden: name.value, shown: listed.value)
      logger.warning(message.description, category: "profiles")
      toasts.show(.error(message))
    }
  }

  /// The profile `session.json` names, if its folder still exists.
  var rememberedProfile: ProfileName? {
    let stored: RememberedProfile?
    do throws(AppError) {
      stored = try remembered.read()
    } catch {
      report(error)
      return nil
    }
    guard let text = stored?.profile else { return nil }
    guard let name = ProfileName(savedFolder: text) else {
      // Only a hand-edited file names one: it stays as it is, and the next sign-in replaces it.
      logger.warning(
        "\(Self.rememberedFileName) names no profile Fun can have: \(VisibleEscapes.escaped(text))",
        category: "profiles")
      return nil
    }
    guard let profile = profiles.first(where: { $0 == name }) else {
      logger.info("\(Self.rememberedFileName) names \(name), which no longer exists", category: "profiles")
      return nil
    }
    return profile
  }

  /// Finds or creates the profile, migrates the earlier layout into it, and remembers it.
  func signIn(_ name: String) throws(AppError) -> ProfileName {
    // A profile saved before names could not start with `-` is signed in to, never created.
    let saved = ProfileName(savedFolder: name).flatMap { saved in profiles.first { $0 == saved } }
    let requested: ProfileName
    if let saved {
      requested = saved
    } else {
      requested = try ProfileName(validating: name)
    }
    let (profile, isNew, migrated) = lock.withLock {
      let existing = profiles.first { $0 == requested }
      let profile = existing ?? requested
      if existing == nil {
        create(profile)
      }
      let migrated = migration.run(signingIn: profile)
      remember(profile.value)
      return (profile, existing == nil, migrated)
    }
    if isNew {
      publishProfiles()
    }
    switch migrated {
    case .moved(let count, let target):
      let message = L10n.Toast.migrated(count: count, name: "\(target)")
      logger.info(message.description, category: "profiles")
      toasts.show(.info(message))
    case .failed(let error):
      report(error)
    case nil:
      break
    }
    logger.info("signed in to profile \(profile)", category: "profiles")
    return profile
  }

  /// Deletes the profile and forgets it if remembered; refuses while a session holds the
  /// profile (its `ProfileLease`), here or in another Fun.
  ///
  /// Under the profiles' lock its folder is renamed aside (``deletedPrefix``), in one step that
  /// either deletes the profile or leaves it whole; then the folder is removed, never crossing
  /// a symbolic link. A removal that fails midway (a deep tree under a low `ulimit -n`) leaves a
  /// folder that is no profile, which the next start or deletion removes.
  func deleteProfile(_ name: ProfileName) throws(AppError) {
    let outcome = lock.withLock { () -> Result<Void, AppError> in
      guard let existing = profiles.first(where: { $0 == name }) else { return .success(()) }
      let folder = directory(of: existing).path
      // A Fun signed in to the profile would bring its folder back with its next save.
      let moved = ProfileLease.unlessHeld(directory: directory(of: existing)) { () -> Result<Void, AppError> in
        let aside = profilesDirectory.appendingPathComponent(Self.deletedPrefix + "\(existing)-\(UUID().uuidString)")
        if let code = removalCalls.rename(folder, aside.path) {
          let reason = FileSystem.Failure(path: folder, code: code).reason
          return .failure(.profileNotDeleted(name: existing.value, reason: reason))
        }
        return .success(())
      }
      switch moved {
      case nil: return .failure(.profileInUse(name: existing.value))
      case .failure(let error)?: return .failure(error)
      case .success?: break
      }
      if (try? remembered.read())?.profile.flatMap({ ProfileName(savedFolder: $0) }) == existing {
        remember(nil)
      }
      return .success(())
    }
    if case .failure(let error) = outcome {
      logger.error(error.message, category: "profiles")
      throw error
    }
    logger.info("deleted profile \(name)", category: "profiles")
    publishProfiles()
    removeDeletedFolders()
  }

  /// Removes every folder a deletion moved aside: the last one's, and any an earlier removal
  /// left (it failed midway, or Fun stopped during it). Outside the profiles' lock, since no
  /// profile is in them any more: of two Funs removing one at once, one may stop short with a
  /// warning and leave the rest to the other.
  private func removeDeletedFolders() {
    for name in FileSystem.names(inDirectory: profilesDirectory.path) where name.hasPrefix(Self.deletedPrefix) {
      let path = profilesDirectory.appendingPathComponent(name).path
      // Only real folders of this user's: a link planted under such a name is never followed.
      guard FileSystem.isOwnDirectory(path: path) else { continue }
      do throws(FileSystem.Failure) {
        try FileSystem.removeTree(path: path, calls: removalCalls)
      } catch {
        logger.warning(
          "Could not remove all of a deleted profile's folder \(path), left for the next start: \(error.reason)",
          category: "profiles")
      }
    }
  }

  /// Sends the profiles as they are now, numbered so the stream keeps the newest.
  private func publishProfiles() {
    let version = version.withLock { version in
      version += 1
      return version
    }
    stream.send(profiles, version: version)
  }

  /// Writes `session.json` without a profile, if it names one (a guest's sign-out writes
  /// nothing).
  func forgetRememberedProfile() {
    guard (try? remembered.read())?.profile != nil else { return }
    lock.withLock { remember(nil) }
  }

  /// The profiles now, then after every profile created.
  func changes() -> MulticastStream<[ProfileName]>.Subscription {
    stream.subscribe()
  }

  /// Makes the folder and its `profile.json`; a failure is logged and shown, and the profile
  /// signs in anyway (its services keep changes in memory).
  private func create(_ profile: ProfileName) {
    let details = StateFile<UserProfile>(
      directory: directory(of: profile), name: PersistentProfileDetailsService.fileName, now: now)
    do throws(AppError) {
      try details.write(.new(for: .profile(profile), createdAt: now()))
      logger.info("created profile \(profile)", category: "profiles")
    } catch {
      logger.error("Could not create profile \(profile): \(error.message)", category: "profiles")
      toasts.show(.error(error.text))
    }
  }

  private func remember(_ name: String?) {
    var saved: StateDocument<RememberedProfile>?
    do throws(AppError) {
      saved = try remembered.readDocument()
      // Most starts sign in to the profile remembered already: no write (and no fsync) then.
      if saved?.value.profile == name { return }
    } catch {
      if case .unreadableStateFile = error {
        logger.warning("Did not remember the signed-in profile: \(error.message)", category: "profiles")
        return
      }
    }
    do throws(AppError) {
      try remembered.write(
        StateDocument(RememberedProfile(profile: name), unknownMembers: saved?.unknownMembers ?? [:]))
    } catch {
      logger.warning("Could not remember the signed-in profile: \(error.message)", category: "profiles")
    }
  }

  private func report(_ error: AppError) {
    Self.report(error, logger: logger, toasts: toasts)
  }

  /// Logs `error` and shows it: a state file or folder set aside or unreadable, a migration
  /// that failed.
  private static func report(_ error: AppError, logger: any LoggerService, toasts: any ToastService) {
    logger.warning(error.message, category: "profiles")
    toasts.show(.error(error.text))
  }
}

/// `session.json`: the profile signed in last, if any.
struct RememberedProfile: StateFileObject, Equatable {
  var profile: String?

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case profile
  }

  static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue))
}
