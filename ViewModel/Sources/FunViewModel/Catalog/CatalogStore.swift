import Foundation
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
/// One fetch at a time: a ``load()`` that arrives while a fetch is in flight joins it instead of
/// starting another; a refresh cancels it and starts again, and whoever waited
/// for the cancelled fetch gets the new one's outcome (unless the source cannot be read twice,
/// a pipe, when the refresh joins it too). A failed fetch keeps the items of the
/// last successful one. The first fetch shows the network's saved copy (an http catalog's) at
/// once, if there is one, while the source is asked for the catalog; ``status`` says what the
/// source reported, the time of a saved copy standing in for an unreachable server included.
/// The store shows no toasts: each screen reports failures its own way. While the
/// "simulate network failure" toggle of the shared ``TogglesStore`` is on (read as a fetch
/// starts), the network fails the fetch as it would a real one.
///
/// A large catalog takes seconds: while a fetch is in flight ``progress`` says how far it has
/// come, and everything the screens read of a catalog (the featured items, the positions of the
/// ids, the search index) is built off the main actor before the fetch ends, so the main actor
/// only swaps it in and goes on drawing frames and taking keys throughout.
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

  /// How far the fetch in flight has come, as the network last said; `nil` when no fetch is in
  /// flight or it has said nothing yet.
  public private(set) var progress: CatalogLoadProgress?

  /// ``items`` folded for searching, built once per successful fetch.
  private(set) var search = CatalogSearch(items: [])

  /// What the catalog's source last reported: its kind, when and with how many items it last
  /// loaded, the last error, and the saved copy in use while its server cannot be reached.
  public private(set) var status: CatalogStatus

  @ObservationIgnored private let network: any NetworkService
  @ObservationIgnored private let toggles: TogglesStore
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private var positions: [String: Int] = [:]
  @ObservationIgnored private var inFlight: Fetch?
  @ObservationIgnored private var fetchCount = 0
  /// Where the fetch in flight sends its progress; only its steps show.
  @ObservationIgnored private var progressUpdates: MulticastStream<CatalogLoadProgress>?

  /// Creates an empty store that fetches from `network` in tasks of `tasks`, simulating a
  /// failure while `toggles` asks for one.
  public init(network: any NetworkService, toggles: TogglesStore, tasks: TaskTracker) {
    self.network = network
    self.toggles = toggles
    self.tasks = tasks
    status = CatalogStatus(source: network.sourceKind)
  }

  deinit {
    inFlight?.task.cancel()
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
    var fetch = inFlight ?? startFetch()
    while true {
      switch await fetch.task.value {
      case .finished(let result):
        return try result.get()
      case .superseded:
        // A refresh started the fetch again: its outcome is the one asked for.
        fetch = inFlight ?? startFetch()
      }
    }
  }

  /// Fetches the catalog again from the start, as a refresh asks: a fetch in flight is
  /// cancelled (a large file stops being read or decoded), and whoever waits for it gets this
  /// fetch's outcome; where the network cannot start a load again (a pipe), the refresh joins
  /// the fetch in flight instead. On failure the previous items stay.
  @discardableResult
  func refetch() async throws(AppError) -> [FeaturedItem] {
    if let stale = inFlight, network.canRestartLoad {
      inFlight = nil
      stale.task.cancel()
    }
    return try await reload()
  }

  /// The loaded item with `id`, if any.
  public func item(withID id: String) -> FeaturedItem? {
    positions[id].map { items[$0] }
  }

  private func startFetch() -> Fetch {
    isLoading = true
    fetchCount += 1
    let number = fetchCount
    progress = nil
    let network = network
    let simulatingFailure = toggles.toggles.simulatesNetworkFailure
    // The network reports from its own threads; a tracked task brings each step to the main
    // actor, parked between steps like any other stream's consumer.
    let updates = MulticastStream<CatalogLoadProgress>(replaysLatest: false)
    progressUpdates = updates
    // Started before the fetch, so it subscribes before the first step is sent.
    tasks.start("catalog progress") { [weak self] in
      for await step in updates.subscribe() {
        guard let self, progressUpdates === updates else { continue }
        progress = step
      }
    }
    let isFirst = !hasLoaded
    let fetch = tasks.start("catalog fetch") { [weak self] () -> Fetch.Outcome in
      if isFirst, let copy = await network.savedCatalog() {
        let catalog = await LoadedCatalog.indexing(copy.items)
        // Unless a refresh has replaced this fetch, or the copy came after the catalog itself.
        if let self, inFlight?.number == number, !hasLoaded {
          show(catalog, loadedAt: copy.loadedAt)
        }
      }
      let result: Result<(load: CatalogLoad, catalog: LoadedCatalog), AppError>
      do throws(AppError) {
        let load = try await network.fetchCatalog(simulatingFailure: simulatingFailure) { updates.send($0) }
        result = .success((load, await LoadedCatalog.indexing(load.items, reusing: self?.shownCatalog)))
      } catch {
        result = .failure(error)
      }
      updates.finish()
      guard let self, inFlight?.number == number else { return .superseded }
      finishFetch(with: result)
      return .finished(result.map(\.load.items))
    }
    let started = Fetch(number: number, task: fetch)
    inFlight = started
    return started
  }

  private func finishFetch(with result: Result<(load: CatalogLoad, catalog: LoadedCatalog), AppError>) {
    inFlight = nil
    progressUpdates = nil
    progress = nil
    isLoading = false
    switch result {
    case .success(let loaded):
      show(loaded.catalog, loadedAt: loaded.load.loadedAt)
      status.lastError = nil
      status.offlineCopy = loaded.load.offlineCopy
    case .failure(let error):
      status.lastError = error
    }
  }

  /// What the screens show now, to be kept by a fetch that brings the same items again.
  private var shownCatalog: LoadedCatalog? {
    guard hasLoaded else { return nil }
    return LoadedCatalog(items: items, featuredItems: featuredItems, positions: positions, search: search)
  }

  private func show(_ catalog: LoadedCatalog, loadedAt: Date) {
    items = catalog.items
    featuredItems = catalog.featuredItems
    positions = catalog.positions
    search = catalog.search
    hasLoaded = true
    status.loadedAt = loadedAt
    status.itemCount = catalog.items.count
  }
}

/// One fetch of the catalog: its number, to tell it from the fetch that replaced it, and its
/// task.
private struct Fetch {
  /// How a fetch ended: with its result, or replaced by a newer fetch before it could show it.
  enum Outcome: Sendable {
    case finished(Result<[FeaturedItem], AppError>)
    case superseded
  }

  let number: Int
  let task: TrackedTask<Outcome>
}

/// Everything screens read of one fetched catalog, built together off the main actor.
private struct LoadedCatalog: Sendable {
  let items: [FeaturedItem]
  let featuredItems: [FeaturedItem]
  /// The position of each id in ``items`` (the first, should an id repeat).
  let positions: [String: Int]
  let search: CatalogSearch

  /// Builds the indexes of `items` on the global executor: at a million items they take a
  /// few hundred milliseconds the main actor spends drawing instead. The same items as `shown`'s
  /// (a 304, a saved copy standing in) keep what was built from them: arrays sharing their
  /// storage compare equal at once.
  @concurrent
  static func indexing(_ items: [FeaturedItem], reusing shown: LoadedCatalog? = nil) async -> LoadedCatalog {
    if let shown, shown.items == items { return shown }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(items.count)
    // Backwards, so that the first of a repeated id is the one kept, with one lookup per item.
    for position in items.indices.reversed() {
      positions[items[position].id] = position
    }
    return LoadedCatalog(
      items: items, featuredItems: items.filter(\.isFeatured), positions: positions, search: CatalogSearch(items: items)
    )
  }
}
