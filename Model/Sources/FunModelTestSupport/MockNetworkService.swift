import FunCore
import FunModel
import Synchronization

/// A ``/FunModel/NetworkService`` that returns a configurable result and counts calls.
///
/// With a `clock` and `latency`, each fetch sleeps that long on the clock first, so tests can
/// observe loading states in virtual time. A fetch that simulates a failure fails with
/// ``/FunModel/AppError/simulatedNetworkFailure`` after the same wait, whatever the result.
public final class MockNetworkService: NetworkService {
  private struct State {
    var result: Result<[FeaturedItem], AppError>
    var fetchCount = 0
  }

  private let state: Locked<State>
  private let clock: (any Clock<Duration>)?
  private let latency: Duration

  /// Creates a mock that returns `result` (by default the fixture catalog).
  public init(
    result: Result<[FeaturedItem], AppError> = .success(CatalogFixtures.items),
    clock: (any Clock<Duration>)? = nil,
    latency: Duration = .zero
  ) {
    state = Locked(State(result: result))
    self.clock = clock
    self.latency = latency
  }

  /// What the next fetches return.
  public var result: Result<[FeaturedItem], AppError> {
    get { state.withLock { $0.result } }
    set { state.withLock { $0.result = newValue } }
  }

  /// How many times `fetchCatalog` was called.
  public var fetchCount: Int {
    state.withLock { $0.fetchCount }
  }

  public func fetchCatalog(simulatingFailure: Bool) async throws(AppError) -> [FeaturedItem] {
    state.withLock { $0.fetchCount += 1 }
    if let clock, latency > .zero {
      do {
        try await clock.sleep(for: latency)
      } catch {
        throw .network(url: "mock", reason: "cancelled")
      }
    }
    if simulatingFailure {
      throw .simulatedNetworkFailure
    }
    return try state.withLock { $0.result }.get()
  }
}
