import FunCore
import FunModel
import Observation

/// The one source of truth for the catalog: fetched once from the
/// ``/FunModel/NetworkService``, fetched again on refresh, and read by every screen.
///
/// Screens derive what they show from it — the items, whether the first load is in flight, the
/// error of a load that failed — and keep no copies, so a recovery anywhere (a refresh on
/// Home) clears the error everywhere (Search, Favorites) in the same frame.
///
/// One fetch at a time: a ``load()`` or a refresh that arrives while a fetch is in flight joins
/// it instead of starting another. A failed fetch keeps the items of the last successful
/// one. The first fetch shows the network's saved copy (an http catalog's) at once, if there is
/// one, while the source is asked for the catalog; ``status`` says what the source reported,
/// the time of a saved copy standing in for an unreachable server included. The store shows no
/// toasts: each screen reports failures its own way. While the
/// "simulate network failure" toggle of the shared ``TogglesStore`` is on (read as a fetch
/// starts), the network fails the fetch as it would a real one.
@Observable
@MainActor
public final class CatalogStore {
  /// The items of the last successful fetch, in catalog order; empty before the first one.
  private(set) var items: [FeaturedItem] = []

  /// The featured subset of ``items``, in catalog order.
  private(set) var featuredItems: [FeaturedItem] = []

  /// Whether there are items to show: a fetch has succeeded, or the saved copy shows.
  public private(set) var hasLoaded = false

  private(set) var isLoading = false

  /// The error of the last fetch if it failed; `nil` after a success.
  public var lastError: AppError? {
    status.lastError
  }

  /// ``items`` folded for searching, built once per successful fetch.
  private(set) var search = CatalogSearch(items: [])

  /// What the catalog's source last reported: its kind, when and with how many items it last
  /// loaded, the last error, and the saved copy in use while its server cannot be reached.
  public private(set) var status: CatalogStatus

  @ObservationIgnored private let network: any NetworkService
  @ObservationIgnored private let toggles: TogglesStore
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private var positions: [String: Int] = [:]
  @ObservationIgnored private var inFlight: TrackedTask<Result<[FeaturedItem], AppError>>?

  /// Creates an empty store that fetches from `network` in tasks of `tasks`, simulating a
  /// failure while `toggles` asks for one.
  public init(network: any NetworkService, toggles: TogglesStore, tasks: TaskTracker) {
    self.network = network
    self.toggles = toggles
    self.tasks = tasks
    status = CatalogStatus(source: network.sourceKind)
  }

  deinit {
    inFlight?.cancel()
  }

  /// Why nothing can be shown: the error of the last fetch while none has succeeded. A failed
  /// refresh keeps the old items, so it leaves this `nil` (screens report it as a toast).
  var loadError: AppError? {
    hasLoaded ? nil : lastError
  }

  /// Whether the first fetch is in flight, with nothing to show yet.
  var isLoadingFirstTime: Bool {
    isLoading && !hasLoaded
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
  func reload() async throws(AppError) -> [FeaturedItem] {
    let fetch = inFlight ?? startFetch()
    return try await fetch.value.get()
  }

  /// The loaded item with `id`, if any.
  public func item(withID id: String) -> FeaturedItem? {
    positions[id].map { items[$0] }
  }

  private func startFetch() -> TrackedTask<Result<[FeaturedItem], AppError>> {
    isLoading = true
    let network = network
    let simulatingFailure = toggles.toggles.simulatesNetworkFailure
    let isFirst = !hasLoaded
    let fetch = tasks.start("catalog fetch") { [weak self] in
      if isFirst, let copy = await network.savedCatalog() {
        self?.show(copy)
      }
      let result: Result<CatalogLoad, AppError>
      do throws(AppError) {
        result = .success(try await network.fetchCatalog(simulatingFailure: simulatingFailure))
      } catch {
        result = .failure(error)
      }
      self?.finishFetch(with: result)
      return result.map(\.items)
    }
    inFlight = fetch
    return fetch
  }

  private func finishFetch(with result: Result<CatalogLoad, AppError>) {
    inFlight = nil
    isLoading = false
    switch result {
    case .success(let loaded):
      show(loaded)
      status.lastError = nil
      status.offlineCopy = loaded.offlineCopy
    case .failure(let error):
      status.lastError = error
    }
  }

  private func show(_ loaded: CatalogLoad) {
    // The same items again (a 304, a saved copy standing in) keep what was built from them:
    // arrays sharing their storage compare equal at once.
    if loaded.items != items || !hasLoaded {
      items = loaded.items
      featuredItems = loaded.items.filter(\.isFeatured)
      positions = Dictionary(loaded.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      search = CatalogSearch(items: loaded.items)
    }
    hasLoaded = true
    status.loadedAt = loaded.loadedAt
    status.itemCount = loaded.items.count
  }
}
