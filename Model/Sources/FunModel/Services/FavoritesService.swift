import FunCore

/// The set of favorited item ids of the signed-in profile, persisted across runs: a session
/// service, one per session (in memory for a guest).
///
/// Changes take effect in memory at once and are saved atomically; if saving fails the
/// service keeps the change in memory, logs it and shows an error toast.
public protocol FavoritesService: Sendable {
  /// The favorited ids; a saved service's first read of them may read its file, blocking (see
  /// ``reloadIfChanged()``).
  var favoriteIDs: Set<String> { get }

  /// Favorites `id` if it is not, un-favorites it if it is.
  func toggle(_ id: String)

  /// Removes `id` from the favorites (no-op if absent).
  func remove(_ id: String)

  /// Moves the favorite of `id` to `newID`, in one change: your item's id changed, and its
  /// favorite goes with it. A no-op when `id` is not a favorite.
  func rename(_ id: String, to newID: String)

  /// The current set, then every change.
  func changes() -> MulticastStream<Set<String>>.Subscription

  /// Shows what another Fun saved since this one last read or wrote: if the saved file has
  /// changed (its change time, a cheap look), reads it and publishes it on ``changes()``.
  /// A saved service reads its file when first needed, and this is how a store has it read
  /// at the start of a session: the first call reads it, whatever its change time. Blocks on
  /// file I/O (a file at the size cap takes a second or more), so callers run it off the main
  /// actor; a no-op where nothing is saved.
  func reloadIfChanged()
}

extension ServiceKey where Value == any FavoritesService {
  /// The favorites store.
  public static var favorites: Self { Self("favorites") }
}
