import FunCore
import FunModel

/// The guest's ``/FunModel/FavoritesService``: the same behaviour as a profile's, kept in memory and
/// never saved, so a guest leaves nothing behind.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// changes are ignored. Thread-safety: every member may be called from any thread; changes are
/// published after the lock is given up, numbered, so the stream keeps the newest.
final class InMemoryFavoritesService: FavoritesService, ScopedService {
  private struct State {
    var ids: Set<String> = []
    var version: UInt64 = 0
    var isEnded = false
  }

  private let state = Locked(State())
  private let stream = MulticastStream<Set<String>>(initial: [])

  /// Creates an empty set of favorites.
  init() {}

  /// The favorited ids.
  var favoriteIDs: Set<String> {
    state.withLock { $0.ids }
  }

  /// Favorites `id` if it is not, else removes it.
  func toggle(_ id: String) {
    change { ids in
      if ids.remove(id) == nil { ids.insert(id) }
    }
  }

  /// Removes `id` (a no-op if absent).
  func remove(_ id: String) {
    change { ids in ids.remove(id) }
  }

  /// Moves the favorite of `id` to `newID` (a no-op if `id` is not one).
  func rename(_ id: String, to newID: String) {
    change { ids in
      if ids.remove(id) != nil { ids.insert(newID) }
    }
  }

  /// The current set, then every change.
  func changes() -> MulticastStream<Set<String>>.Subscription {
    stream.subscribe()
  }

  /// Nothing to do: a guest's favorites are nowhere another Fun could change them.
  func reloadIfChanged() {}

  /// Finishes the change stream; later changes are ignored.
  func scopeDidEnd() {
    state.withLock { $0.isEnded = true }
    stream.finish()
  }

  private func change(_ body: (inout Set<String>) -> Void) {
    let published = state.withLock { state -> (Set<String>, UInt64)? in
      guard !state.isEnded else { return nil }
      let before = state.ids
      body(&state.ids)
      guard state.ids != before else { return nil }
      state.version += 1
      return (state.ids, state.version)
    }
    if let (ids, version) = published {
      stream.send(ids, version: version)
    }
  }
}
