import Foundation
import FunCore
import FunModel

/// The app's ``/FunModel/FavoritesService`` for a profile: the favorited ids, saved to `favorites.json`
/// in the profile's folder as `{"ids": [...]}` (sorted, so the file diffs well).
///
/// Read when first needed (see `PersistedState`); a corrupt file is moved aside (`favorites.json.corrupt-<timestamp>`), the
/// set starts empty, a warning is logged and an error toast shown. Every change is in memory
/// at once, published on ``changes()`` and saved atomically; if saving fails the change stays
/// in memory, an error is logged and an error toast shows the reason. Several instances (or
/// processes) sharing a directory merge their changes under an advisory file lock (see
/// `StateFile`).
///
/// Thread-safety: every member may be called from any thread; changes are applied, saved and
/// published in one order. Calls block briefly on file I/O; they never suspend, so they run on
/// the caller's executor.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// it saves nothing more.
final class PersistentFavoritesService: FavoritesService, ScopedService {
  /// The file name inside the state directory.
  static let fileName = "favorites.json"

  private let state: PersistedState<StoredFavorites, Set<String>>

  /// The favorites saved in `directory` (which need not exist yet), read when first needed.
  /// - Parameters:
  ///   - directory: the profile's folder (see ``LocalProfilesService``).
  ///   - logger: receives load warnings and save errors, category `favorites`.
  ///   - toasts: shows load and save problems.
  ///   - now: the time source for naming a quarantined file.
  ///   - readCalls: the call that opens the file (tests make it fail as a permission error does).
  init(
    directory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date = { Date() },
    readCalls: FileSystem.ReadCalls = .system
  ) {
    state = PersistedState(
      file: StateFile(directory: directory, name: Self.fileName, now: now, readCalls: readCalls),
      defaultValue: StoredFavorites(ids: []),
      logger: logger,
      toasts: toasts,
      category: "favorites",
      publish: { $0.ids }
    )
  }

  /// The favorited ids as this instance knows them.
  var favoriteIDs: Set<String> {
    state.value.ids
  }

  /// Favorites `id` if it is not saved as a favorite, else removes it: decided under the
  /// file's lock from what the file holds, so a toggle always flips what is saved.
  func toggle(_ id: String) {
    state.update { stored in
      if stored.ids.remove(id) == nil {
        stored.ids.insert(id)
      }
    }
  }

  /// Removes `id` (a no-op if absent); saved.
  func remove(_ id: String) {
    state.update { stored in
      stored.ids.remove(id)
    }
  }

  /// Moves the favorite of `id` to `newID` (a no-op if `id` is not one), decided under the
  /// file's lock from what the file holds, so a rename another Fun saved meanwhile is kept.
  func rename(_ id: String, to newID: String) {
    state.update { stored in
      if stored.ids.remove(id) != nil {
        stored.ids.insert(newID)
      }
    }
  }

  /// The current set, then every change, in the order the changes were made.
  func changes() -> MulticastStream<Set<String>>.Subscription {
    state.changes()
  }

  /// Reads `favorites.json` again if another instance saved it since; see `PersistedState`.
  func reloadIfChanged() {
    state.reloadIfChanged()
  }

  /// Finishes the change stream and stops saving: the session has ended.
  func scopeDidEnd() {
    state.close()
  }
}

/// The on-disk shape of the favorites.
struct StoredFavorites: StateFileObject, Equatable {
  var ids: Set<String>

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case ids
  }

  static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue))

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ids.sorted(), forKey: .ids)
  }
}
