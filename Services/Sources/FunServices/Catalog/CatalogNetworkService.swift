import Foundation
import FunCore
import FunModel
import Synchronization

/// The app's ``/FunModel/NetworkService``: loads the catalog from a ``CatalogSource``.
///
/// - `.bundled` (compiled into the binary) and `.file`: reads the JSON, then waits `latency` on the injected clock, so
///   loading states show in the app and tests and scripts see them in virtual time. A file is read off the caller's
///   thread by a `CatalogFileReader`: a regular file whole, whatever its size; a pipe or a device (`<(…)`, a FIFO,
///   `/dev/zero`) at most `maximumCatalogBytes`, failing after `requestTimeout` without data, as a URL would.
/// - `.remote`: one GET with URLSession, in this process, in an ephemeral session of its own that
///   is invalidated when the request ends; `requestTimeout` per request. The body is limited to `maximumCatalogBytes`
///   while it streams in, so an oversized catalog stops downloading as soon as it passes the limit.
/// - A load that simulates a failure (the caller's "simulate network failure" toggle) waits
///   `latency` on the clock, whatever the source, and throws
///   ``/FunModel/AppError/simulatedNetworkFailure``, through the same logging path as real failures.
///
/// Every failure is an ``/FunModel/AppError``: ``/FunModel/AppError/unreadableFile(path:reason:)``,
/// ``/FunModel/AppError/timeout(url:seconds:)``, ``/FunModel/AppError/httpStatus(code:url:)``,
/// ``/FunModel/AppError/network(url:reason:)`` (also when the load is cancelled),
/// ``/FunModel/AppError/malformedCatalog(reason:)`` or ``/FunModel/AppError/missingField(itemIndex:field:)``.
/// Each load is logged at `info` and each failure at `error` (a cancellation at `info`), category
/// `network`.
///
/// Thread-safety: loads may run concurrently from any thread. `fetchCatalog` runs on the
/// caller's executor, except what may take long: a file is read on a dispatch queue of its own,
/// a URL fetched by URLSession, and the JSON decoded on the global executor, so a caller on the
/// main actor goes on drawing frames and taking keys meanwhile.
public final class CatalogNetworkService: NetworkService {
  /// The largest catalog read from a URL, a pipe or a device unless the initialiser says
  /// otherwise: 64 MiB, far above any real catalog, far below what would exhaust memory.
  public static let defaultMaximumCatalogBytes = 64 << 20

  /// Where this service loads from.
  let source: CatalogSource

  private let clock: any Clock<Duration>
  private let logger: any LoggerService
  private let latency: Duration
  /// Only a remote source has one.
  private let downloader: CatalogDownloader?
  /// Only a file source has one.
  private let fileReader: CatalogFileReader?

  /// Whether a load can start again from the start: not when `--catalog` names a pipe or a
  /// device (looked at once, here), whose data cannot be read twice.
  public let canRestartLoad: Bool

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
  public init(
    source: CatalogSource = .bundled,
    clock: any Clock<Duration>,
    logger: any LoggerService,
    latency: Duration = .milliseconds(300),
    requestTimeout: Duration = .seconds(10),
    maximumCatalogBytes: Int = defaultMaximumCatalogBytes
  ) {
    self.source = source
    self.clock = clock
    self.logger = logger
    self.latency = latency
    switch source {
    case .bundled:
      downloader = nil
      fileReader = nil
      canRestartLoad = true
    case .file(let path):
      downloader = nil
      fileReader = CatalogFileReader(maximumStreamBytes: maximumCatalogBytes, idleTimeout: requestTimeout)
      canRestartLoad = CatalogFileReader.canReadAgain(path: path)
    case .remote:
      downloader = CatalogDownloader(timeout: requestTimeout, maximumBytes: maximumCatalogBytes)
      fileReader = nil
      canRestartLoad = true
    }
  }

  /// Loads the catalog from its source (or simulates a failure), telling `progress` the bytes of
  /// a file read (of its size) and then the items decoded, each about every hundredth; every
  /// failure is a logged ``/FunModel/AppError``.
  public func fetchCatalog(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> [FeaturedItem] {
    logger.info("Loading the catalog from \(source)", category: "network")
    do {
      let items = try await load(simulatingFailure: simulatingFailure, progress: progress)
      logger.info("Loaded \(items.count) items from \(source)", category: "network")
      return items
    } catch {
      if Task.isCancelled {
        logger.info("Loading the catalog from \(source) was cancelled", category: "network")
      } else {
        logger.error("Loading the catalog from \(source) failed: \(error.message)", category: "network")
      }
      throw error
    }
  }

  private func load(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> [FeaturedItem] {
    if simulatingFailure {
      try await simulateLatency()
      throw .simulatedNetworkFailure
    }
    let data: Data
    switch source {
    case .bundled:
      // Compiled into the binary from Resources/catalog.json (see Package.swift), so a copied
      // `fun` needs no resource bundle beside it.
      data = Data(PackageResources.catalog_json)
      try await simulateLatency()
    case .file(let path):
      guard let fileReader else {
        preconditionFailure("a file source always has a file reader (see init)")
      }
      data = try await fileReader.read(path: path, progress: progress)
      try await simulateLatency()
    case .remote(let url):
      guard let downloader else {
        preconditionFailure("a remote source always has a downloader (see init)")
      }
      data = try await downloader.download(url)
    }
    return try await Self.decode(data, from: source, progress: progress)
  }

  /// Decodes on the global executor rather than the caller's: a large catalog takes seconds,
  /// and the caller is the main actor. Cancelling the caller stops the decode within a
  /// hundredth of the items.
  @concurrent
  private static func decode(
    _ data: Data, from source: CatalogSource, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> [FeaturedItem] {
    try CatalogDecoder(sourceName: source.description).decode(data, progress: progress)
  }

  private func simulateLatency() async throws(AppError) {
    guard latency > .zero else { return }
    do {
      try await clock.sleep(for: latency)
    } catch {
      throw .network(url: source.description, reason: "the load was cancelled")
    }
  }
}
