import FunCore
import FunModel

/// An in-memory ``/FunModel/MyItemsService`` that applies the real rule and records every call;
/// it can play another Fun saving to the same profile and a save that fails.
public final class MockMyItemsService: MyItemsService {
  private struct State {
    var items: [FeaturedItem]
    var saved: [MyItemDraft] = []
    var deleted: [String] = []
    var version: UInt64 = 0
    var savedElsewhere: [FeaturedItem]?
    var reloadChecks = 0
    var refusal: AppError?
  }

  private let state: Locked<State>
  private let stream: MulticastStream<[FeaturedItem]>

  /// Creates the mock holding `items`.
  public init(items: [FeaturedItem] = []) {
    state = Locked(State(items: items))
    stream = MulticastStream(initial: items)
  }

  public var items: [FeaturedItem] {
    state.withLock { $0.items }
  }

  /// Every draft passed to `save`, in order (refused ones too).
  public var savedDrafts: [MyItemDraft] {
    state.withLock { $0.saved }
  }

  /// Every id passed to `delete`, in order.
  public var deletedIDs: [String] {
    state.withLock { $0.deleted }
  }

  /// Refuses every later save with `refusal`, as the persistent service refuses one that would
  /// take its file past its limit, changing nothing; `nil` saves again.
  public func refuseSaves(with refusal: AppError?) {
    state.withLock { $0.refusal = refusal }
  }

  public func save(_ draft: MyItemDraft, replacing original: FeaturedItem?) throws(AppError) {
    let result = state.withLock { state -> Result<([FeaturedItem], UInt64), AppError> in
      state.saved.append(draft)
      if let refusal = state.refusal { return .failure(refusal) }
      do throws(AppError) {
        state.items = try draft.saving(into: state.items, replacing: original)
      } catch {
        return .failure(error)
      }
      state.version += 1
      return .success((state.items, state.version))
    }
    let (items, version) = try result.get()
    stream.send(items, version: version)
  }

  public func delete(_ id: String) {
    let (items, version) = state.withLock { state in
      state.deleted.append(id)
      state.items.removeAll { $0.id == id }
      state.version += 1
      return (state.items, state.version)
    }
    stream.send(items, version: version)
  }

  public func changes() -> MulticastStream<[FeaturedItem]>.Subscription {
    stream.subscribe()
  }

  /// Plays another Fun saving `items` to the same profile: the next ``reloadIfChanged()``
  /// finds them.
  public func saveElsewhere(_ items: [FeaturedItem]) {
    state.withLock { $0.savedElsewhere = items }
  }

  /// How many times ``reloadIfChanged()`` has looked.
  public var reloadChecks: Int {
    state.withLock { $0.reloadChecks }
  }

  public func reloadIfChanged() {
    let published = state.withLock { state -> ([FeaturedItem], UInt64)? in
      state.reloadChecks += 1
      guard let items = state.savedElsewhere else { return nil }
      state.savedElsewhere = nil
      state.items = items
      state.version += 1
      return (items, state.version)
    }
    if let (items, version) = published {
      stream.send(items, version: version)
    }
  }
}
