import Foundation
import FunModel

/// Moves the favorites of the earlier layout (`favorites.json` at the top of the state
/// directory) into the first profile that signs in: once, and without losing or doubling
/// anything when it is interrupted at any point.
///
/// It runs under the profiles' lock (``LocalProfilesService``), so two processes signing in at
/// once cannot both migrate. Its steps, each safe to repeat:
/// 1. `migration.json` records the target profile (`"finished": false`): a run that was
///    interrupted is finished into that profile, even if another one signs in next;
/// 2. the old ids are merged into the profile's `favorites.json` (a union, under that file's
///    lock, so a running instance's changes merge as well), with the old file's members this
///    version does not know (the profile's own kept where both have one): repeating it adds
///    nothing;
/// 3. `migration.json` is marked finished;
/// 4. the old file is removed.
///
/// An old file found after a finished migration (an interruption between 3 and 4, or an older
/// `fun` that wrote it again) is merged into the recorded profile the same way, silently, so
/// nothing in it is lost either.
struct LegacyStateMigration: Sendable {
  /// What a run did.
  enum Outcome: Equatable {
    /// `count` favorites were moved into `profile`.
    case moved(count: Int, profile: ProfileName)
    /// Something could not be read or written; what was not moved stays where it was, for
    /// the next sign-in.
    case failed(AppError)
  }

  /// The marker's file name in the state directory.
  static let markerFileName = "migration.json"

  let stateDirectory: URL
  let profileDirectory: @Sendable (ProfileName) -> URL
  let now: @Sendable () -> Date
  /// Says what a person should find in the log (a marker naming a profile that is gone).
  var log: @Sendable (String) -> Void = { _ in }
  /// Says what a person should be told: a marker set aside, as every state file set aside is.
  var report: @Sendable (AppError) -> Void = { _ in }

  /// Migrates into `profile` (or into the profile an interrupted run chose); `nil` when there
  /// was nothing to do.
  func run(signingIn profile: ProfileName) -> Outcome? {
    let marker = StateFile<MigrationMarker>(directory: stateDirectory, name: Self.markerFileName, now: now)
    let legacy = favorites(in: stateDirectory)
    do throws(AppError) {
      // A corrupt marker, or a FIFO or a link where it belongs, has been moved aside by `read()`;
      // merging again is harmless. One that cannot be read is not replaced: nothing moves until it can.
      let recordedDocument: StateDocument<MigrationMarker>?
      do throws(AppError) {
        recordedDocument = try marker.readDocument()
      } catch {
        if case .unreadableStateFile = error { throw error }
        report(error)
        recordedDocument = nil
      }
      let recorded = recordedDocument?.value
      let record = { (value: MigrationMarker) throws(AppError) in
        try marker.write(StateDocument(value, unknownMembers: recordedDocument?.unknownMembers ?? [:]))
      }
      guard FileSystem.exists(path: legacy.url.path) else {
        // Nothing (more) to move: an old file removed by hand leaves nothing to finish.
        if let recorded, !recorded.isFinished {
          try record(MigrationMarker(profile: recorded.profile, isFinished: true))
        }
        return nil
      }
      var target = recorded.flatMap { try? ProfileName(validating: $0.profile) } ?? profile
      if target != profile, !FileSystem.isOwnDirectory(path: profileDirectory(target).path) {
        // Merging would make a profile nobody created (the marker edited, or its profile
        // deleted since): the old favorites go to the one signing in instead.
        log("\(Self.markerFileName) names profile \(target), which does not exist; migrating into \(profile)")
        target = profile
      }
      if recorded == nil || recorded?.profile != target.value {
        try record(MigrationMarker(profile: target.value, isFinished: recorded?.isFinished ?? false))
      }
      let old = try legacy.readDocument()
      let ids = old?.value.ids ?? []
      let destination = favorites(in: profileDirectory(target))
      try destination.withLock { () throws(AppError) in
        let saved = try destination.readDocument()
        let merged = StoredFavorites(ids: (saved?.value.ids ?? []).union(ids))
        // The old file's other members move with its ids; the profile's own win a key both hold.
        let unknownMembers = (old?.unknownMembers ?? [:]).merging(saved?.unknownMembers ?? [:]) { _, own in own }
        try destination.write(StateDocument(merged, unknownMembers: unknownMembers))
      }
      let wasFinished = recorded?.isFinished == true
      if !wasFinished {
        try record(MigrationMarker(profile: target.value, isFinished: true))
      }
      try remove(legacy)
      return wasFinished ? nil : .moved(count: ids.count, profile: target)
    } catch {
      return .failed(error)
    }
  }

  private func favorites(in directory: URL) -> StateFile<StoredFavorites> {
    StateFile(directory: directory, name: PersistentFavoritesService.fileName, now: now)
  }

  private func remove(_ file: StateFile<StoredFavorites>) throws(AppError) {
    do {
      try FileSystem.removeFile(path: file.url.path)
    } catch {
      throw .stateNotWritable(path: error.path, reason: error.reason)
    }
  }
}

/// `migration.json`: which profile the earlier layout's state goes to, and whether it is there.
struct MigrationMarker: StateFileObject, Equatable {
  var profile: String
  var isFinished: Bool

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case profile
    case isFinished = "finished"
  }

  static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue))
}
