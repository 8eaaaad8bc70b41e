import Foundation
import FunCore
import FunModel

/// The app's ``/FunModel/NetworkService``: loads the catalog from a ``CatalogSource``.
///
/// - `.bundled` (compiled into the binary) and `.file`: reads the JSON, then waits `latency` on the injected clock, so
///   loading states show in the app and tests and scripts see them in virtual time. A file is read off the caller's
///   thread by a `CatalogFileReader`: a regular file whole, whatever its size; a pipe or a device (`<(…)`, a FIFO,
///   `/dev/zero`) at most `maximumCatalogBytes`, failing after `requestTimeout` without data, as a URL would.
/// - `.remote`: one GET with URLSession, in this process, in a session of its own (no cache, cookies or credentials) that
///   is invalidated when the request ends; `requestTimeout` per request. The body is limited to `maximumCatalogBytes`
///   while it streams in, so an oversized catalog stops downloading as soon as it passes the limit.
/// - `.remote` with a `cacheDirectory` (the app's state folder): each downloaded catalog is saved
///   there with its `ETag` and `Last-Modified` (`CatalogCache`, `http-catalog.cache`).
///   ``savedCatalog()`` reads and decodes that copy, for the app to show at once; the next load
///   then sends `If-None-Match` and `If-Modified-Since`, and a `304 Not Modified` gives the copy
///   in memory again: nothing downloaded, nothing decoded. When the server cannot be reached (see
///   `CatalogDownloader.isUnreachable(_:)`), the load gives the saved copy with
///   ``/FunModel/CatalogLoad/offlineCopy`` set instead of failing. A copy that cannot be read or
///   decoded is moved aside like a corrupt state file, with a warning in the log and an error toast.
/// - A load that simulates a failure (the caller's "simulate network failure" toggle) waits
///   `latency` on the clock, whatever the source, and throws
///   ``/FunModel/AppError/simulatedNetworkFailure``, through the same logging path as real failures.
///
/// Every failure is an ``/FunModel/AppError``: ``/FunModel/AppError/unreadableFile(path:reason:)``,
/// ``/FunModel/AppError/timeout(url:seconds:)``, ``/FunModel/AppError/httpStatus(code:url:)``,
/// ``/FunModel/AppError/network(url:reason:)`` (also when the load is cancelled),
/// ``/FunModel/AppError/malformedCatalog(reason:)`` or ``/FunModel/AppError/missingField(itemIndex:field:)``.
/// Each load is logged at `info` and each failure at `error` (a cancellation at `info`; an
/// unreachable server whose saved copy stands in at `warning`), category `network`.
///
/// Thread-safety: loads may run concurrently from any thread. `fetchCatalog` runs on the
/// caller's executor, except what may take long: a file is read on a dispatch queue of its own,
/// a URL fetched by URLSession, and the JSON decoded and the saved copy read and written on the
/// global executor, so a caller on the main actor goes on drawing frames and taking keys meanwhile.
final class CatalogNetworkService: NetworkService {
  /// The largest catalog read from a URL, a pipe or a device unless the initialiser says
  /// otherwise: 64 MiB, far above any real catalog, far below what would exhaust memory.
  static let defaultMaximumCatalogBytes = 64 << 20

  /// Where this service loads from.
  let source: CatalogSource

  private let clock: any Clock<Duration>
  private let logger: any LoggerService
  private let latency: Duration
  private let loader: Loader
  private let toasts: any ToastService
  private let now: @Sendable () -> Date
  private let shownNow: @Sendable () -> Date
  /// The saved copy in memory, once read or downloaded: what a 304 confirms and what stands in
  /// while the server cannot be reached.
  private let savedCopy = Locked<SavedCopy?>(nil)

  /// What loads from ``source``, built once: each kind holds just what it reads with.
  private enum Loader {
    case bundled
    case file(path: String, reader: CatalogFileReader)
    /// The cache only when the service was given a directory to save in.
    case remote(URL, downloader: CatalogDownloader, cache: CatalogCache?)
  }

  private struct SavedCopy: Sendable {
    var items: [FeaturedItem]
    var validators: CatalogResponse.Validators
    var savedAt: Date
  }

  /// Whether a load can start again from the start: not when `--catalog` names a pipe or a
  /// device (looked at once, here), whose data cannot be read twice.
  let canRestartLoad: Bool

  /// Creates the service.
  /// - Parameters:
  ///   - source: where to load from.
  ///   - clock: the clock the simulated latency is measured on.
  ///   - logger: receives a line per load and per failure.
  ///   - latency: the simulated delay of bundled and file loads, and of simulated failures.
  ///   - requestTimeout: how long a remote request may wait for an answer (Linux counts it in
  ///     whole seconds), and a pipe or a device for data.
  ///   - maximumCatalogBytes: the largest catalog accepted from a URL, a pipe or a device; a
  ///     larger one fails the load as soon as that is known, before it is all read. A regular
  ///     file may be larger.
  ///   - cacheDirectory: where a remote source's catalog is saved (the state folder); `nil`
  ///     saves nothing, and every load downloads the whole catalog.
  ///   - toasts: hears that the saved copy was corrupt and has been moved aside.
  ///   - now: the time a saved copy is stamped with (it reaches the disk, so it is the real one).
  ///   - shownNow: the time a load reports (the app's clock: virtual in script mode, so what a
  ///     run shows is the same on every day).
  init(
    source: CatalogSource = .bundled,
    clock: any Clock<Duration>,
    logger: any LoggerService,
    latency: Duration = .milliseconds(300),
    requestTimeout: Duration = .seconds(10),
    maximumCatalogBytes: Int = defaultMaximumCatalogBytes,
    cacheDirectory: URL? = nil,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date = { Date() },
    shownNow: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.source = source
    self.clock = clock
    self.logger = logger
    self.latency = latency
    self.toasts = toasts
    self.now = now
    self.shownNow = shownNow
    switch source {
    case .bundled:
      loader = .bundled
      canRestartLoad = true
    case .file(let path):
      loader = .file(
        path: path, reader: CatalogFileReader(maximumStreamBytes: maximumCatalogBytes, idleTimeout: requestTimeout))
      canRestartLoad = CatalogFileReader.canReadAgain(path: path)
    case .remote(let url):
      loader = .remote(
        url,
        downloader: CatalogDownloader(
          timeout: requestTimeout, maximumBytes: maximumCatalogBytes, clock: ContinuousClock(), logger: logger),
        cache: cacheDirectory.map { CatalogCache(directory: $0, maximumBodyBytes: maximumCatalogBytes, now: now) })
      canRestartLoad = true
    }
  }

  /// The kind of source this service loads from: bundled, file or http.
  var sourceKind: CatalogStatus.Source {
    source.kind
  }

  /// Loads the catalog from its source (or simulates a failure), telling `progress` the bytes of
  /// a file or body read (of its size, when known) and then the items decoded, each about every
  /// hundredth; every failure is a logged ``/FunModel/AppError``.
  func fetchCatalog(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> CatalogLoad {
    logger.info("Loading the catalog from \(source)", category: "network")
    do {
      let loaded = try await load(simulatingFailure: simulatingFailure, progress: progress)
      if loaded.offlineCopy == nil {
        logger.info("Loaded \(loaded.items.count) items from \(source)", category: "network")
      }
      return loaded
    } catch {
      if Task.isCancelled {
        logger.info("Loading the catalog from \(source) was cancelled", category: "network")
      } else {
        logger.error("Loading the catalog from \(source) failed: \(error.message)", category: "network")
      }
      throw error
    }
  }

  /// The remote source's saved copy, read and decoded off the caller's executor the first time;
  /// `nil` for other sources and when there is none; the reported problem when it could not be
  /// used (a corrupt one has been moved aside).
  func savedCatalog() async -> Result<CatalogLoad, AppError>? {
    guard case .remote(let url, _, let cache) = loader else { return nil }
    let copy: SavedCopy
    switch await usableCopy(of: url, in: cache) {
    case .success(let usable?): copy = usable
    case .success(nil): return nil
    case .failure(let problem): return .failure(problem)
    }
    logger.info("Showing the copy of \(source) saved at \(copy.savedAt) while it is revalidated", category: "network")
    return .success(CatalogLoad(items: copy.items, loadedAt: copy.savedAt))
  }

  private func load(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> CatalogLoad {
    if simulatingFailure {
      try await simulateLatency()
      throw .simulatedNetworkFailure
    }
    let data: Data
    switch loader {
    case .bundled:
      // Compiled into the binary from Resources/catalog.json (see Package.swift), so a copied
      // `fun` needs no resource bundle beside it.
      data = Data(PackageResources.catalog_json)
      try await simulateLatency()
    case .file(let path, let reader):
      data = try await reader.read(path: path, progress: progress)
      try await simulateLatency()
    case .remote(let url, let downloader, let cache):
      return try await loadRemote(url, with: downloader, savingIn: cache, progress: progress)
    }
    return CatalogLoad(items: try await Self.decode(data, from: source, progress: progress), loadedAt: shownNow())
  }

  /// Downloads the catalog, or asks whether the saved copy in memory is still current, saves
  /// what was downloaded, and falls back to the saved copy when the server cannot be reached.
  private func loadRemote(
    _ url: URL, with downloader: CatalogDownloader, savingIn cache: CatalogCache?,
    progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> CatalogLoad {
    let held = savedCopy.withLock { $0 }
    let response: CatalogResponse
    do {
      response = try await downloader.download(
        url, revalidating: held.map(\.validators).flatMap { $0.isEmpty ? nil : $0 }, progress: progress)
    } catch {
      guard !Task.isCancelled, CatalogDownloader.isUnreachable(error), let copy = await savedCopy(of: url, in: cache)
      else {
        throw error
      }
      logger.warning(
        "\(source) cannot be reached (\(error.message)); showing the copy saved at \(copy.savedAt)", category: "network"
      )
      return CatalogLoad(items: copy.items, loadedAt: copy.savedAt, offlineCopy: copy.savedAt, offlineReason: error)
    }
    switch response {
    case .notModified:
      // Only a request that named the copy in memory can be answered 304.
      guard let held else { throw .httpStatus(code: 304, url: url.withoutCredentials) }
      logger.info(
        "\(source) is unchanged (304): the \(held.items.count) items saved at \(held.savedAt) stay", category: "network"
      )
      return CatalogLoad(items: held.items, loadedAt: shownNow())
    case .body(let data, let validators):
      let items = try await Self.decode(data, from: source, progress: progress)
      if let cache {
        let copy = CatalogCache.Copy(
          url: url.withoutCredentials, etag: validators.etag, lastModified: validators.lastModified, savedAt: now(),
          body: data)
        savedCopy.withLock { $0 = SavedCopy(items: items, validators: validators, savedAt: copy.savedAt) }
        switch await Self.save(copy, in: cache) {
        case .failure(let problem):
          logger.error(
            "Could not save the catalog of \(source) for offline use: \(problem.message)", category: "network")
        case .success(let saved) where saved != copy:
          logger.warning(
            "Saved the catalog of \(source) without its ETag and Last-Modified, too long to keep: "
              + "the next start downloads it in full", category: "network")
        case .success:
          break
        }
      }
      return CatalogLoad(items: items, loadedAt: shownNow())
    }
  }

  /// The saved copy in memory, else the one on disk, read and decoded (and then kept in
  /// memory); `nil` when there is none or it was corrupt (moved aside and reported).
  private func savedCopy(of url: URL, in cache: CatalogCache?) async -> SavedCopy? {
    try? await usableCopy(of: url, in: cache).get()
  }

  /// ``savedCopy(of:in:)``, with the problem reported when the copy could not be used.
  private func usableCopy(of url: URL, in cache: CatalogCache?) async -> Result<SavedCopy?, AppError> {
    if let held = savedCopy.withLock({ $0 }) { return .success(held) }
    guard let cache else { return .success(nil) }
    let stored: CatalogCache.Copy
    switch await Self.read(url, from: cache) {
    case .success(let copy?): stored = copy
    case .success(nil): return .success(nil)
    case .failure(let problem):
      report(problem)
      return .failure(problem)
    }
    let items: [FeaturedItem]
    do {
      items = try await Self.decode(stored.body, from: source)
    } catch {
      logger.warning("The saved copy of \(source) is no catalog: \(error.message)", category: "network")
      // Changed since it was read: whatever is there now is another copy, not this one's problem.
      guard let problem = await Self.setAside(stored, in: cache) else { return .success(nil) }
      report(problem)
      return .failure(problem)
    }
    let copy = SavedCopy(
      items: items, validators: CatalogResponse.Validators(etag: stored.etag, lastModified: stored.lastModified),
      savedAt: stored.savedAt)
    // A download that finished meanwhile brought a newer copy: that one stays.
    return .success(
      savedCopy.withLock { held in
        if held == nil { held = copy }
        return held
      })
  }

  /// A saved copy that could not be used: a warning in the log and an error toast, as for every
  /// state file.
  private func report(_ problem: AppError) {
    logger.warning(problem.message, category: "network")
    toasts.show(.error(problem.text))
  }

  // The saved copy's file is read and written off the caller's executor, as the catalog is
  // decoded: it is as large as the catalog, and the caller is the main actor.

  @concurrent
  private static func read(_ url: URL, from cache: CatalogCache) async -> Result<CatalogCache.Copy?, AppError> {
    do throws(AppError) {
      return .success(try cache.read(for: url))
    } catch {
      return .failure(error)
    }
  }

  @concurrent
  private static func save(_ copy: CatalogCache.Copy, in cache: CatalogCache) async -> Result<
    CatalogCache.Copy, AppError
  > {
    do throws(AppError) {
      return .success(try cache.write(copy))
    } catch {
      return .failure(error)
    }
  }

  @concurrent
  private static func setAside(_ copy: CatalogCache.Copy, in cache: CatalogCache) async -> AppError? {
    cache.setAside(copy)
  }

  /// The app frees a replaced catalog on the main actor, and glibc keeps its memory in that
  /// thread's arena: until the next decode gave it back, each refresh of a large catalog left
  /// one catalog more resident (fun-bench `refresh`).
  func catalogReleased() async {
    await Self.returnFreedMemory()
  }

  @concurrent
  private static func returnFreedMemory() async {
    FreedMemory.returnToSystem()
  }

  /// Decodes on the global executor rather than the caller's: a large catalog takes seconds,
  /// and the caller is the main actor. Cancelling the caller stops the decode within a
  /// hundredth of the items (or 5,000, whichever is more).
  ///
  /// The catalog an earlier load replaced is freed by then, but glibc keeps its memory in the
  /// arena of the thread that decoded it, and this decode may run on another thread, with an
  /// arena of its own, so each refresh of a large catalog could leave the app holding one
  /// catalog more. Giving the free pages back first holds that to the one just replaced.
  @concurrent
  private static func decode(
    _ data: Data, from source: CatalogSource, progress: (@Sendable (CatalogLoadProgress) -> Void)? = nil
  ) async throws(AppError) -> [FeaturedItem] {
    FreedMemory.returnToSystem()
    return try CatalogDecoder(sourceName: source.description).decode(data, progress: progress)
  }

  private func simulateLatency() async throws(AppError) {
    guard latency > .zero else { return }
    do {
      try await clock.sleep(for: latency)
    } catch {
      throw .network(url: source.description, reason: L10n.Reason.loadCancelled)
    }
  }
}
