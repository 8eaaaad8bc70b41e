import FunCore

/// Loads the catalog of ``FeaturedItem``s from wherever the app was pointed at: the bundled
/// catalog, a JSON file or an `http(s)` URL.
///
/// Every failure arrives as an ``AppError`` with a message a person can act on.
public protocol NetworkService: Sendable {
  /// The kind of source the catalog is loaded from.
  var sourceKind: CatalogStatus.Source { get }

  /// Loads the whole catalog. With `simulatingFailure` (the "simulate network failure" toggle,
  /// which the caller reads), it waits as a load would and fails with
  /// ``AppError/simulatedNetworkFailure`` through the same path as a real failure.
  ///
  /// An http source that cannot be reached gives its saved copy, if it has one, with
  /// ``CatalogLoad/offlineCopy`` set, instead of failing.
  ///
  /// On the way it tells `progress` how far it has come, from any thread, a few hundred times
  /// at most, the last time before it returns; a load too quick to be worth showing may tell
  /// nothing.
  func fetchCatalog(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> CatalogLoad

  /// The copy of the catalog saved by an earlier run, to show at once while
  /// ``fetchCatalog(simulatingFailure:progress:)`` asks the source whether it is still current;
  /// `nil` when there is none (a bundled or file source never has one). A saved copy that
  /// cannot be used (corrupt: then set aside) is reported, and this gives why it could not.
  func savedCatalog() async -> Result<CatalogLoad, AppError>?

  /// Whether a load may be cancelled and started again from the start (a refresh during a
  /// load): `false` where what is read cannot be read twice, a pipe's data, so a refresh joins
  /// the load in flight instead.
  var canRestartLoad: Bool { get }

  /// Told once the app has let go of a catalog this service gave it (a newer load replaced
  /// it): gives the memory its allocator kept of it back to the system, off the caller's
  /// executor, so a replaced catalog does not stay resident until the next load.
  func catalogReleased() async
}

extension NetworkService {
  /// A source can be read again unless its service says otherwise.
  public var canRestartLoad: Bool { true }

  /// Nothing to give back unless the service says otherwise.
  public func catalogReleased() async {}

  /// Loads the whole catalog as ``fetchCatalog(simulatingFailure:progress:)`` does, for a
  /// caller that shows no progress.
  public func fetchCatalog(simulatingFailure: Bool) async throws(AppError) -> CatalogLoad {
    try await fetchCatalog(simulatingFailure: simulatingFailure) { _ in }
  }
}

extension ServiceKey where Value == any NetworkService {
  /// The catalog loader.
  public static var network: Self { Self("network") }
}
