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
  func fetchCatalog(simulatingFailure: Bool) async throws(AppError) -> CatalogLoad

  /// The copy of the catalog saved by an earlier run, to show at once while ``fetchCatalog(simulatingFailure:)``
  /// asks the source whether it is still current; `nil` when there is none (a bundled or file
  /// source never has one). A saved copy that is corrupt is set aside and reported, and this
  /// returns `nil`.
  func savedCatalog() async -> CatalogLoad?
}

extension ServiceKey where Value == any NetworkService {
  /// The catalog loader.
  public static var network: Self { Self("network") }
}
