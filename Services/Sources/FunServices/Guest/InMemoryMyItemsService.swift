import FunCore
import FunModel

/// The guest's ``/FunModel/MyItemsService``: the same rule as a profile's, kept in memory and
/// never saved, so a guest leaves nothing behind.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// changes are ignored. Thread-safety and ordering are `InMemoryState`'s.
final class InMemoryMyItemsService: MyItemsService, ScopedService {
  private let state = InMemoryState<[FeaturedItem]>([])

  /// Creates an empty list of items.
  init() {}

  /// Your items, oldest first.
  var items: [FeaturedItem] {
    state.value
  }

  /// Saves `draft` in memory under the rule every ``/FunModel/MyItemsService`` follows.
  func save(_ draft: MyItemDraft, replacing original: FeaturedItem?) throws(AppError) {
    try state.update { (items: inout [FeaturedItem]) throws(AppError) in
      items = try draft.saving(into: items, replacing: original)
    }
  }

  /// Deletes the item `id` (a no-op if absent).
  func delete(_ id: String) {
    state.update { items in items.removeAll { $0.id == id } }
  }

  /// The items now, then after every change.
  func changes() -> MulticastStream<[FeaturedItem]>.Subscription {
    state.changes()
  }

  /// Nothing to do: a guest's items are nowhere another Fun could change them.
  func reloadIfChanged() {}

  /// Finishes the change stream; later changes are ignored.
  func scopeDidEnd() {
    state.end()
  }
}
