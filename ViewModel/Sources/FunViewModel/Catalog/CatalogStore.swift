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
/// once, if there is one, while the source is asked for the catalog; `status` says what the
/// source reported, the time of a saved copy standing in for an unreachable server included.
/// The store shows no toasts: the session reports a failed first load, and a tab's
/// `CatalogRefresh` the outcome of the refresh it asked for. While the
/// "simulate network failure" toggle of the shared ``TogglesStore`` is on (read as a fetch
/// starts), the network fails the fetch as it would a real one.
///
/// Your own items (a session's ``MyItemsStore``) are merged in: they come first, then the
/// fetched items, and every screen reads the merged catalog, so Home, Search, Favorites, Detail
/// and links show them, `isOwn(_:)` marking them. They are not the fetch's, so a reload or a
/// failed one leaves them. When the fetched catalog has an id one of yours has too, the
/// catalog's item wins (a link means the same item for everyone) and yours stays saved, unshown
/// until renamed: the store tells the one who showed your items, who reports it.
///
/// A large catalog takes seconds: while a fetch is in flight `progress` says how far it has
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

  /// The error of the last fetch if it failed; `nil` after a success, the saved copy standing
  /// in for an unreachable server included (``status`` says why it does).
  private(set) var lastError: AppError?

  /// How far the fetch in flight has come, as the network last said; `nil` when no fetch is in
  /// flight or it has said nothing yet.
  private(set) var progress: CatalogLoadProgress?

  /// ``items`` folded for searching, built once per successful fetch.
  private(set) var search = CatalogSearch(items: [])

  /// What the catalog's source last reported: its kind, when and with how many items it last
  /// loaded, the last error, and the saved copy in use while its server cannot be reached.
  private(set) var status: CatalogStatus

  /// The ids of your items that ``items`` shows (those the fetched catalog does not also use).
  private(set) var ownIDs: Set<String> = []

  /// The ids of your items that the fetched catalog also uses: the catalog's item shows.
  private(set) var clashingIDs: [String] = []

  @ObservationIgnored private let network: any NetworkService
  @ObservationIgnored private let toggles: TogglesStore
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private var positions: [String: Int] = [:]
  @ObservationIgnored private var foldedFetchedIDs: [String: String] = [:]
  @ObservationIgnored private var inFlight: Fetch?
  @ObservationIgnored private var fetchCount = 0
  /// Where the fetch in flight sends its progress; only its steps show.
  @ObservationIgnored private var progressUpdates: MulticastStream<CatalogLoadProgress>?
  /// What the screens show now, with what it was built from: kept by a fetch that brings the
  /// same items again while your items are the same too, and merged with your items anew.
  @ObservationIgnored private var shownCatalog = LoadedCatalog.empty
  /// Your items as last shown, and how many times they have been.
  @ObservationIgnored private var ownItems: (items: [FeaturedItem], version: Int) = ([], 0)
  /// Who showed your items (a session's store), and what it is told after each merge.
  @ObservationIgnored private var ownItemsOwner: (id: ObjectIdentifier, didMerge: @MainActor ([String]) -> Void)?
  /// Numbers merges, so that only the newest is shown.
  @ObservationIgnored private var mergeCount = 0

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

  /// How the last fetch went, as a refresh tells it: why it failed (the old items stay), that
  /// the saved copy stands in for a server out of reach (which is no refresh), or that the
  /// catalog refreshed.
  var refreshOutcome: ToastEvent {
    if let lastError { return .error(lastError.text) }
    if let copy = status.offlineCopy { return .info(L10n.Refresh.offlineCopy(copy)) }
    return .success(L10n.Refresh.done)
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

  /// Waits until the source itself has answered, for the one who reports how the session's
  /// first load went: as ``load()``, except that while a saved copy shows, it joins the fetch
  /// that asks the server about the copy (or, after that failed, fetches again), whose failure
  /// the copy on screen would otherwise hide. A link's route uses ``load()``: it need not wait.
  public func loadFromSource() async throws(AppError) {
    if hasLoaded, inFlight == nil, lastError == nil { return }
    try await reload()
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

  /// Whether the loaded catalog has no item `id` (a saved favorite from another catalog, your
  /// item deleted while its page stayed open): the one rule every screen and the script judge
  /// such an id by. `false` until the catalog has loaded, when no id is known to be missing.
  func lacks(_ id: String) -> Bool {
    hasLoaded && item(withID: id) == nil
  }

  /// The id of the fetched catalog's item (not yours) whose id is `id` but for letter case, if
  /// any: `swiftui` for `SwiftUI`.
  func fetchedID(ignoringCase id: String) -> String? {
    let folded = id.lowercased()
    if positions[folded] != nil, !ownIDs.contains(folded) { return folded }
    return foldedFetchedIDs[folded]
  }

  /// Whether the item with `id` that the catalog shows is one of your own.
  func isOwn(_ id: String) -> Bool {
    ownIDs.contains(id)
  }

  /// Merges `items` (your own, in their order) into the catalog in place of the ones shown
  /// before, off the main actor in a task; `didMerge` is then told, once this merge shows and
  /// every later one (a fetched catalog's too, once ``hasLoaded`` says so), the ids of yours the
  /// fetched catalog also uses (often none). `owner` (a session's store) replaces whoever showed
  /// items before: the last session's.
  func showOwnItems(
    _ items: [FeaturedItem], owner: ObjectIdentifier, didMerge: @escaping @MainActor ([String]) -> Void
  ) {
    ownItemsOwner = (owner, didMerge)
    ownItems = (items, ownItems.version + 1)
    merge()
  }

  /// Stops showing the items `owner` showed, if they are still the ones shown: its session
  /// has ended (and a newer session's are left alone).
  func removeOwnItems(of owner: ObjectIdentifier) {
    guard ownItemsOwner?.id == owner else { return }
    ownItemsOwner = nil
    ownItems = ([], ownItems.version + 1)
    merge()
  }

  private func merge() {
    mergeCount += 1
    let number = mergeCount
    let (shown, own) = (shownCatalog, ownItems.items)
    tasks.start("catalog merge") { [weak self] in
      let merged = await LoadedCatalog.indexing(shown.fetched, own: own, reusing: shown)
      guard let self, mergeCount == number else { return }
      show(merged)
      ownItemsOwner?.didMerge(merged.clashingIDs)
    }
  }

  private func show(_ loaded: LoadedCatalog) {
    shownCatalog = loaded
    items = loaded.items
    featuredItems = loaded.featuredItems
    positions = loaded.positions
    foldedFetchedIDs = loaded.foldedFetchedIDs
    search = loaded.search
    ownIDs = loaded.ownIDs
    clashingIDs = loaded.clashingIDs
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
      let saved = isFirst ? await network.savedCatalog() : nil
      if case .failure(let problem) = saved, let self {
        // Said on Sources for as long as it matters: its toast goes after
        // `ToastEvent.displayDuration`, then the load's.
        status.savedCopyProblem = problem
      }
      if case .success(let copy) = saved {
        let own = self?.ownItems ?? (items: [], version: 0)
        let catalog = await LoadedCatalog.indexing(copy.items, own: own.items)
        // Unless a refresh has replaced this fetch, or the copy came after the catalog itself.
        if let self, inFlight?.number == number, !hasLoaded {
          show(catalog, loadedAt: copy.loadedAt, ownVersion: own.version)
        }
      }
      let result: Result<FetchedCatalog, AppError>
      do throws(AppError) {
        let load = try await network.fetchCatalog(simulatingFailure: simulatingFailure) { updates.send($0) }
        // Your items as they are now; should they change while this indexes, a merge follows.
        let own = self?.ownItems ?? (items: [], version: 0)
        let catalog = await LoadedCatalog.indexing(load.items, own: own.items, reusing: self?.shownCatalog)
        result = .success(FetchedCatalog(load: load, catalog: catalog, ownVersion: own.version))
      } catch {
        result = .failure(error)
      }
      updates.finish()
      guard let self, inFlight?.number == number else { return .superseded }
      finishFetch(with: result)
      return .finished(result.map(\.catalog.items))
    }
    let started = Fetch(number: number, task: fetch)
    inFlight = started
    return started
  }

  private func finishFetch(with result: Result<FetchedCatalog, AppError>) {
    inFlight = nil
    progressUpdates = nil
    progress = nil
    isLoading = false
    switch result {
    case .success(let fetched):
      show(fetched.catalog, loadedAt: fetched.load.loadedAt, ownVersion: fetched.ownVersion)
      lastError = nil
      status.offlineCopy = fetched.load.offlineCopy
      // The copy standing in is no failure of the fetch, but Sources says why it does.
      status.lastError = fetched.load.offlineCopy == nil ? nil : fetched.load.offlineReason
    case .failure(let error):
      lastError = error
      status.lastError = error
    }
  }

  /// Shows a catalog the source gave (fetched, or its saved copy), merged with your items as
  /// they were at `ownVersion`.
  private func show(_ catalog: LoadedCatalog, loadedAt: Date, ownVersion: Int) {
    // A merge still running was built on the previous catalog: this one replaces it.
    mergeCount += 1
    let replaces = hasLoaded || !shownCatalog.fetched.isEmpty
    show(catalog)
    if replaces {
      // The replaced catalog was freed just now, unless a screen still holds it; the network
      // gives its memory back.
      let network = network
      tasks.start("catalog release") { await network.catalogReleased() }
    }
    hasLoaded = true
    status.loadedAt = loadedAt
    // The source's count: your items are not the source's.
    status.itemCount = catalog.fetched.count
    ownItemsOwner?.didMerge(catalog.clashingIDs)
    if ownVersion != ownItems.version { merge() }
  }
}

/// A fetch's catalog: what the source said, its items merged with your items, and which of
/// your items' versions the merge used.
private struct FetchedCatalog {
  let load: CatalogLoad
  let catalog: LoadedCatalog
  let ownVersion: Int
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
