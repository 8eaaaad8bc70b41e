import Foundation
import FunCore
import FunModel

/// The app's ``/FunModel/ProfileDetailsService`` for a profile: display name, bio and created date, saved
/// to `profile.json` in the profile's folder.
///
/// ``LocalProfilesService`` writes the file when it creates the profile, so the created date is
/// the moment of creation by its `now` (the real date in the app, as this service's). A missing
/// file gives the details a new profile starts with; a corrupt one is moved aside
/// (`profile.json.corrupt-<timestamp>`) with a warning and an error toast, as every state file
/// is. Corrupt includes details this app could not have saved (a display name or bio over its
/// limit or holding control characters; see ``/FunModel/UserProfile``) and a file over
/// ``fileLimit``: kept whole beside it, rather than clipped and then saved over.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// it saves nothing more. Thread-safety: every member may be called from any thread.
final class PersistentProfileDetailsService: ProfileDetailsService, ScopedService {
  /// The file name inside the profile's folder.
  static let fileName = "profile.json"
  /// The most of `profile.json` read: well above any details ``/FunModel/UserProfile`` lets be
  /// saved, far below the 16 MiB of other state files, whose bio a screen would draw.
  static let fileLimit = 64 << 10

  private let state: PersistedState<UserProfile, UserProfile>

  /// The details of `profile` saved in its folder `directory`, read when first needed.
  /// - Parameters:
  ///   - profile: whose details these are.
  ///   - directory: the profile's folder.
  ///   - logger: receives load warnings and save errors, category `profile`.
  ///   - toasts: shows load and save problems.
  ///   - now: the date for what reaches the disk: a missing file's created date, quarantine names
  ///     (the real date in the app, even under script mode's virtual time).
  ///   - readCalls: the call that opens the file (tests make it fail as a permission error does).
  init(
    profile: ProfileName,
    directory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date,
    readCalls: FileSystem.ReadCalls = .system
  ) {
    state = PersistedState(
      file: StateFile(
        directory: directory, name: Self.fileName, limit: Self.fileLimit, now: now,
        readCalls: readCalls),
      defaultValue: .new(for: .profile(profile), createdAt: now()),
      logger: logger,
      toasts: toasts,
      category: "profile",
      publish: { $0 }
    )
  }

  /// The details as this instance knows them.
  var profile: UserProfile {
    state.value
  }

  /// Saves a new display name and bio: checked first, then applied to what the file holds
  /// under its lock, so a field passed as `nil` keeps another instance's edit of it.
  func update(displayName: String?, bio: String?) throws(AppError) {
    _ = try profile.edited(displayName: displayName ?? profile.displayName, bio: bio ?? profile.bio)
    state.update { saved in
      if let edited = try? saved.edited(displayName: displayName ?? saved.displayName, bio: bio ?? saved.bio) {
        saved = edited
      }
    }
  }

  /// The details now, then after every change.
  func changes() -> MulticastStream<UserProfile>.Subscription {
    state.changes()
  }

  /// Finishes the change stream and stops saving: the session has ended.
  func scopeDidEnd() {
    state.close()
  }
}

/// `profile.json` is the details' own encoding.
extension UserProfile: StateFileObject {
  static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue))
}
