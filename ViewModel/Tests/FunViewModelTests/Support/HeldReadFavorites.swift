import Dispatch
import FunCore
import FunModel
import FunModelTestSupport

/// A favorites service whose first read of its file (holding `file`) waits for ``reading`` (a
/// large file on a slow disk: as long as the test says), as a profile's does: until then it
/// holds, and publishes, no favorites. A store's changes wait for that read, and then apply to
/// what it read.
final class HeldReadFavorites: FavoritesService {
  let reading = DispatchSemaphore(value: 0)
  private let saved = MockFavoritesService()
  private let isRead = Locked(false)

  init(file: Set<String>) {
    saved.saveElsewhere(file)
  }

  /// What is saved, once read.
  var file: Set<String> { saved.favoriteIDs }

  var favoriteIDs: Set<String> { saved.favoriteIDs }

  func toggle(_ id: String) {
    saved.toggle(id)
  }

  func remove(_ id: String) {
    saved.remove(id)
  }

  func rename(_ id: String, to newID: String) {
    saved.rename(id, to: newID)
  }

  func changes() -> MulticastStream<Set<String>>.Subscription {
    saved.changes()
  }

  /// The first call reads the file, once released; later ones find nothing new.
  func reloadIfChanged() {
    guard isRead.withLock({ $0 }) == false else { return }
    reading.wait()
    saved.reloadIfChanged()
    isRead.withLock { $0 = true }
  }
}
