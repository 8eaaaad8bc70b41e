import FunCore
import FunModel

/// The guest's ``/FunModel/MyItemsService``: the same rule as a profile's, kept in memory and
/// never saved, so a guest leaves nothing behind.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// changes are ignored. Thread-safety: every member may be called from any thread; changes are
/// published after the lock is given up, numbered, so the stream keeps the newest.
final class InMemoryMyItemsService: MyItemsService, ScopedService {
  private struct State {
    var items: [FeaturedItem] = []
    var version: UInt64 = 0
    var isEnded = false
  }

  private let state = Locked(State())
  private let stream = MulticastStream<[FeaturedItem]>(initial: [])

  /// Creates an empty list of items.
  init() {}

  /// Your items, oldest first.
  var items: [FeaturedItem] {
    state.withLock { $0.items }
  }

  /// Saves `draft` in memory under the rule every ``/FunModel/MyItemsService`` follows.
  func save(_ draft: MyItemDraft, replacing original: FeaturedItem?) throws(AppError) {
    let outcome = state.withLock { state -> Result<([FeaturedItem], UInt64)?, AppError> in
      guard !state.isEnded else { return .success(nil) }
      do throws(AppError) {
        let updated = try draft.saving(into: state.items, replacing: original)
        guard updated != state.items else { return .success(nil) }
        state.items = updated
      } catch {
        return .failure(error)
      }
      state.version += 1
      return .success((state.items, state.version))
    }
    if let (items, version) = try outcome.get() {
      stream.send(items, version: version)
    }
  }

  /// Deletes the item `id` (a no-op if absent).
  func delete(_ id: String) {
    let published = state.withLock { state -> ([FeaturedItem], UInt64)? in
      guard !state.isEnded, state.items.contains(where: { $0.id == id }) else { return nil }
      state.items.removeAll { $0.id == id }
      state.version += 1
      return (state.items, state.version)
    }
    if let (items, version) = published {
      stream.send(items, version: version)
    }
  }

  /// The items now, then after every change.
  func changes() -> MulticastStream<[FeaturedItem]>.Subscription {
    stream.subscribe()
  }

  /// Nothing to do: a guest's items are nowhere another Fun could change them.
  func reloadIfChanged() {}

  /// Finishes the change stream; later changes are ignored.
  func scopeDidEnd() {
    state.withLock { $0.isEnded = true }
    stream.finish()
  }
}
