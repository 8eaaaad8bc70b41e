import FunCore
import FunModel

/// The guest's ``/FunModel/FavoritesService``: the same behaviour as a profile's, kept in memory and
/// never saved, so a guest leaves nothing behind.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// changes are ignored. Thread-safety and ordering are `InMemoryState`'s.
final class InMemoryFavoritesService: FavoritesService, ScopedService {
  private let state = InMemoryState<Set<String>>([])

  /// Creates an empty set of favorites.
  init() {}

  /// The favorited ids.
  var favoriteIDs: Set<String> {
    state.value
  }

  /// Favorites `id` if it is not, else removes it.
  func toggle(_ id: String) {
    state.update { ids in
      if ids.remove(id) == nil { ids.insert(id) }
    }
  }

  /// Removes `id` (a no-op if absent).
  func remove(_ id: String) {
    state.update { ids in ids.remove(id) }
  }

  /// Moves the favorite of `id` to `newID` (a no-op if `id` is not one).
  func rename(_ id: String, to newID: String) {
    state.update { ids in
      if ids.remove(id) != nil { ids.insert(newID) }
    }
  }

  /// The current set, then every change.
  func changes() -> MulticastStream<Set<String>>.Subscription {
    state.changes()
  }

  /// Nothing to do: a guest's favorites are nowhere another Fun could change them.
  func reloadIfChanged() {}

  /// Finishes the change stream; later changes are ignored.
  func scopeDidEnd() {
    state.end()
  }
}
