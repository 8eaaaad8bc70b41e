import Foundation
import FunCore
import FunModel

/// A ``/FunModel/NetworkService`` that returns a configurable result and counts calls.
///
/// With a `clock` and `latency`, each fetch sleeps that long on the clock first, so tests can
/// observe loading states in virtual time. With `progress` steps, the wait is cut into equal
/// parts, one before each step is reported and one after the last, so a test sees each step on
/// screen at a known time. A fetch that simulates a failure fails with
/// ``/FunModel/AppError/simulatedNetworkFailure`` after the same wait, whatever the result.
/// A successful fetch gives its items at ``loadedAt``, or as the saved copy of ``offlineCopy``
/// when that is set; ``savedCopy`` is what ``savedCatalog()`` gives, at once.
public final class MockNetworkService: NetworkService {
  private struct State {
    var result: Result<[FeaturedItem], AppError>
    var fetchCount = 0
    var offlineCopy: Date?
    var offlineReason: AppError = .timeout(url: "http://mock/catalog.json", seconds: 10)
    var savedCopy: Result<CatalogLoad, AppError>?
    var releasedCatalogs = 0
  }

  /// When every successful fetch says it loaded: script mode's first day, 2025-01-01 00:00 UTC.
  public static let loadedAt = Date(timeIntervalSince1970: 1_735_689_600)

  private let state: Locked<State>
  private let clock: (any Clock<Duration>)?
  private let latency: Duration
  private let progressSteps: [CatalogLoadProgress]
  public let sourceKind: CatalogStatus.Source

  /// Creates a mock that returns `result` (by default the fixture catalog), after `latency` on
  /// `clock`, reporting the `progress` steps on the way, as a source of `sourceKind`.
  public init(
    result: Result<[FeaturedItem], AppError> = .success(CatalogFixtures.items),
    clock: (any Clock<Duration>)? = nil,
    latency: Duration = .zero,
    progress: [CatalogLoadProgress] = [],
    sourceKind: CatalogStatus.Source = .bundled
  ) {
    state = Locked(State(result: result))
    self.clock = clock
    self.latency = latency
    progressSteps = progress
    self.sourceKind = sourceKind
  }

  /// What the next fetches return.
  public var result: Result<[FeaturedItem], AppError> {
    get { state.withLock { $0.result } }
    set { state.withLock { $0.result = newValue } }
  }

  /// When set, successful fetches give their items as the saved copy of this date, as an http
  /// source does when its server cannot be reached.
  public var offlineCopy: Date? {
    get { state.withLock { $0.offlineCopy } }
    set { state.withLock { $0.offlineCopy = newValue } }
  }

  /// Why the server of an ``offlineCopy`` cannot be reached: by default it did not answer in time.
  public var offlineReason: AppError {
    get { state.withLock { $0.offlineReason } }
    set { state.withLock { $0.offlineReason = newValue } }
  }

  /// What ``savedCatalog()`` gives; `nil` (no saved copy) unless set, a failure for a copy
  /// that could not be used.
  public var savedCopy: Result<CatalogLoad, AppError>? {
    get { state.withLock { $0.savedCopy } }
    set { state.withLock { $0.savedCopy = newValue } }
  }

  /// How many times `fetchCatalog` was called.
  public var fetchCount: Int {
    state.withLock { $0.fetchCount }
  }

  public func fetchCatalog(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> CatalogLoad {
    state.withLock { $0.fetchCount += 1 }
    let part = latency / (progressSteps.count + 1)
    for step in progressSteps {
      try await wait(part)
      progress(step)
    }
    try await wait(latency - part * progressSteps.count)
    if simulatingFailure {
      throw .simulatedNetworkFailure
    }
    let (result, offlineCopy, reason) = state.withLock { ($0.result, $0.offlineCopy, $0.offlineReason) }
    return CatalogLoad(
      items: try result.get(), loadedAt: offlineCopy ?? Self.loadedAt, offlineCopy: offlineCopy,
      offlineReason: offlineCopy == nil ? nil : reason)
  }

  /// How many times ``catalogReleased()`` was called.
  public var releasedCatalogs: Int {
    state.withLock { $0.releasedCatalogs }
  }

  public func catalogReleased() async {
    state.withLock { $0.releasedCatalogs += 1 }
  }

  public func savedCatalog() async -> Result<CatalogLoad, AppError>? {
    savedCopy
  }

  private func wait(_ duration: Duration) async throws(AppError) {
    guard let clock, duration > .zero else { return }
    do {
      try await clock.sleep(for: duration)
    } catch {
      throw .network(url: "mock", reason: L10n.Reason.loadCancelled)
    }
  }
}
