import FunCore
import FunModel

/// An in-memory ``/FunModel/FavoritesService`` that records every call.
public final class MockFavoritesService: FavoritesService {
  private struct State {
    var ids: Set<String>
    var toggled: [String] = []
    var removed: [String] = []
    var version: UInt64 = 0
    var savedElsewhere: Set<String>?
    var reloadChecks = 0
  }

  private let state: Locked<State>
  private let stream: MulticastStream<Set<String>>

  /// Creates the mock with some ids already favorited.
  public init(favorites: Set<String> = []) {
    state = Locked(State(ids: favorites))
    stream = MulticastStream(initial: favorites)
  }

  public var favoriteIDs: Set<String> {
    state.withLock { $0.ids }
  }

  /// Every id passed to `toggle`, in order.
  public var toggledIDs: [String] {
    state.withLock { $0.toggled }
  }

  /// Every id passed to `remove`, in order, and every rename as `old>new`.
  public var removedIDs: [String] {
    state.withLock { $0.removed }
  }

  public func toggle(_ id: String) {
    let ids = state.withLock { state in
      state.toggled.append(id)
      if state.ids.remove(id) == nil { state.ids.insert(id) }
      state.version += 1
      return (state.ids, state.version)
    }
    stream.send(ids.0, version: ids.1)
  }

  public func remove(_ id: String) {
    let ids = state.withLock { state in
      state.removed.append(id)
      state.ids.remove(id)
      state.version += 1
      return (state.ids, state.version)
    }
    stream.send(ids.0, version: ids.1)
  }

  /// Records the rename in ``removedIDs`` as `id>newID`.
  public func rename(_ id: String, to newID: String) {
    let ids = state.withLock { state in
      state.removed.append(id + ">" + newID)
      if state.ids.remove(id) != nil { state.ids.insert(newID) }
      state.version += 1
      return (state.ids, state.version)
    }
    stream.send(ids.0, version: ids.1)
  }

  public func changes() -> MulticastStream<Set<String>>.Subscription {
    stream.subscribe()
  }

  /// Plays another Fun saving `ids` to the same profile: the next ``reloadIfChanged()`` finds
  /// them.
  public func saveElsewhere(_ ids: Set<String>) {
    state.withLock { $0.savedElsewhere = ids }
  }

  /// How many times ``reloadIfChanged()`` has looked.
  public var reloadChecks: Int {
    state.withLock { $0.reloadChecks }
  }

  public func reloadIfChanged() {
    let published = state.withLock { state -> (Set<String>, UInt64)? in
      state.reloadChecks += 1
      guard let ids = state.savedElsewhere else { return nil }
      state.savedElsewhere = nil
      state.ids = ids
      state.version += 1
      return (ids, state.version)
    }
    if let (ids, version) = published {
      stream.send(ids, version: version)
    }
  }
}
