import Dispatch
import FunModelTestSupport

@testable import FunCore
@testable import FunModel

/// Registers the mocks' session services, with your items replaced by ``HeldReadMyItems``: a
/// service whose first read waits until the test lets it go, as a read of a file near the size
/// cap takes seconds, and that records when it read and when its scope ended.
final class HeldReadSessionServices: SessionServicesRegistrar {
  /// Lets the held read go on.
  let release = DispatchSemaphore(value: 0)
  /// What happened, in order: "read" when the read is done, "ended" when the scope ended.
  let events = Locked<[String]>([])
  private let mocks: MockSessionServicesRegistrar

  init(_ mocks: MockSessionServicesRegistrar) {
    self.mocks = mocks
  }

  func registerServices(for session: Session, in scope: ServiceLocator) {
    mocks.registerServices(for: session, in: scope)
    let items = HeldReadMyItems(mocks.myItems(of: session), release: release) { [weak self] event in
      self?.events.withLock { $0.append(event) }
    }
    scope.register(.myItems, items as any MyItemsService)
  }
}

/// A ``MockMyItemsService`` whose reads wait for `release` (the first, and every later one)
/// and whose scope's end is recorded.
final class HeldReadMyItems: MyItemsService, ScopedService {
  private let base: MockMyItemsService
  private let release: DispatchSemaphore
  private let record: @Sendable (String) -> Void

  init(_ base: MockMyItemsService, release: DispatchSemaphore, record: @escaping @Sendable (String) -> Void) {
    self.base = base
    self.release = release
    self.record = record
  }

  var items: [FeaturedItem] { base.items }

  func save(_ draft: MyItemDraft, replacing original: FeaturedItem?) throws(AppError) {
    try base.save(draft, replacing: original)
  }

  func delete(_ id: String) { base.delete(id) }

  func changes() -> MulticastStream<[FeaturedItem]>.Subscription { base.changes() }

  func reloadIfChanged() {
    release.wait()
    // Released for good: a later look does not wait.
    release.signal()
    base.reloadIfChanged()
    record("read")
  }

  func scopeDidEnd() {
    record("ended")
  }
}
