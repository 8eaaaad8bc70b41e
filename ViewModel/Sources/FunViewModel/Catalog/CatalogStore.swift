import FunModel
import Observation

/// The catalog that Home, Favorites and Search share: fetched once from the
/// ``FunModel/NetworkService``, fetched again on refresh, and observable by every screen.
///
/// One load at a time: a ``load()``, ``reload()`` or ``waitUntilLoaded()`` that arrives while a
/// fetch is in flight joins it instead of starting another. A failed fetch keeps the items
/// of the last successful one. The store shows no toasts: each screen reports failures its
/// own way.
///
/// Deep links that arrive before the first load (a cold start from a link) await
/// ``waitUntilLoaded()`` and then look the item up with ``item(withID:)``.
@Observable
@MainActor
public final class CatalogStore {
  /// The items of the last successful fetch, in catalog order; empty before the first one.
  public private(set) var items: [FeaturedItem] = []

  /// The featured subset of ``items``, in catalog order.
  public private(set) var featuredItems: [FeaturedItem] = []

  /// Whether a fetch has succeeded at least once.
  public private(set) var hasLoaded = false

  /// Whether a fetch is in flight.
  public private(set) var isLoading = false

  /// The error of the last fetch if it failed; `nil` after a success.
  public private(set) var lastError: AppError?

  @ObservationIgnored private let network: any NetworkService
  @ObservationIgnored private var positions: [String: Int] = [:]
  @ObservationIgnored private var inFlight: Task<Result<[FeaturedItem], AppError>, Never>?

  /// Creates an empty store that fetches from `network`.
  public init(network: any NetworkService) {
    self.network = network
  }

  deinit {
    inFlight?.cancel()
  }

  /// The catalog: the loaded items at once if a fetch has succeeded, otherwise the result of
  /// a fetch (joining the one in flight).
  @discardableResult
  public func load() async throws(AppError) -> [FeaturedItem] {
    if hasLoaded { return items }
    return try await reload()
  }

  /// Fetches the catalog again (or joins the fetch in flight) and returns the new items.
  /// On failure the previous items stay.
  @discardableResult
  public func reload() async throws(AppError) -> [FeaturedItem] {
    let fetch = inFlight ?? startFetch()
    return try await fetch.value.get()
  }

  /// Waits for the catalog, starting a load if none has succeeded; `nil` if that load fails.
  public func waitUntilLoaded() async -> [FeaturedItem]? {
    try? await load()
  }

  /// The loaded item with `id`, if any.
  public func item(withID id: String) -> FeaturedItem? {
    positions[id].map { items[$0] }
  }

  private func startFetch() -> Task<Result<[FeaturedItem], AppError>, Never> {
    isLoading = true
    let network = network
    let fetch = Task { [weak self] in
      let result: Result<[FeaturedItem], AppError>
      do throws(AppError) {
        result = .success(try await network.fetchCatalog())
      } catch {
        result = .failure(error)
      }
      self?.finishFetch(with: result)
      return result
    }
    inFlight = fetch
    return fetch
  }

  private func finishFetch(with result: Result<[FeaturedItem], AppError>) {
    inFlight = nil
    isLoading = false
    switch result {
    case .success(let loaded):
      items = loaded
      featuredItems = loaded.filter(\.isFeatured)
      positions = Dictionary(loaded.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      hasLoaded = true
      lastError = nil
    case .failure(let error):
      lastError = error
    }
  }
}
