import Dispatch
import FunCore
import FunModel

/// A favorites service over a file whose first read waits for ``reading`` (a large file on a
/// slow disk: as long as the test says), as a profile's does: until then it holds, and
/// publishes, no favorites; a change is applied to what the file holds, read under its lock.
final class HeldReadFavorites: FavoritesService {
  let reading = DispatchSemaphore(value: 0)
  private let state: Locked<(file: Set<String>, shown: Set<String>, isRead: Bool, version: UInt64)>
  private let stream = MulticastStream<Set<String>>(initial: [])

  init(file: Set<String>) {
    state = Locked((file, [], false, 0))
  }

  /// What the file holds.
  var file: Set<String> { state.withLock { $0.file } }

  var favoriteIDs: Set<String> { state.withLock { $0.shown } }

  func setFavorite(_ id: String, to isFavorite: Bool) {
    change { ids in
      if isFavorite { ids.insert(id) } else { ids.remove(id) }
    }
  }

  func remove(_ id: String) {
    change { ids in ids.remove(id) }
  }

  func rename(_ id: String, to newID: String) {
    change { ids in
      if ids.remove(id) != nil { ids.insert(newID) }
    }
  }

  func changes() -> MulticastStream<Set<String>>.Subscription {
    stream.subscribe()
  }

  /// The first call reads the file, once released; later ones find nothing new.
  func reloadIfChanged() {
    guard !state.withLock({ $0.isRead }) else { return }
    reading.wait()
    change { _ in }
  }

  private func change(_ body: (inout Set<String>) -> Void) {
    let published = state.withLock { state in
      body(&state.file)
      state.shown = state.file
      state.isRead = true
      state.version += 1
      return (state.shown, state.version)
    }
    stream.send(published.0, version: published.1)
  }
}
