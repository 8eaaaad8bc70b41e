import FunCore

/// Loads the catalog of ``FeaturedItem``s from wherever the app was pointed at: the bundled
/// catalog, a JSON file or an `http(s)` URL.
///
/// Every failure arrives as an ``AppError`` with a message a person can act on. When the
/// "simulate network failure" toggle is on, loads fail with
/// ``AppError/simulatedNetworkFailure`` through the same path.
public protocol NetworkService: Sendable {
  /// Loads the whole catalog.
  func fetchCatalog() async throws(AppError) -> [FeaturedItem]

}

extension ServiceKey where Value == any NetworkService {
  /// The catalog loader.
  public static var network: Self { Self("network") }
}
