import Foundation

/// What one catalog load gave: the items, and whether they are what the source holds now or a
/// copy saved earlier.
///
/// An http catalog is saved on disk after each download. At start that copy shows at once while
/// the server is asked whether it is still current; when the server cannot be reached, the copy
/// stands in for the catalog, and ``offlineCopy`` says from when it is.
public struct CatalogLoad: Sendable, Equatable {
  /// The catalog's items, in catalog order.
  public let items: [FeaturedItem]
  /// When the source last gave these items: now for a fresh load (or a copy the server has just
  /// confirmed), the time it was saved for a saved copy.
  public let loadedAt: Date
  /// When the copy was saved, if the server could not be reached and these items are the saved
  /// copy; `nil` otherwise.
  public let offlineCopy: Date?
  /// Why the server could not be reached, when these items are the saved copy: what the load
  /// would have failed with had there been no copy.
  public let offlineReason: AppError?

  /// A load of `items` that the source gave at `loadedAt`, or the saved copy of `offlineCopy`
  /// standing in because of `offlineReason`.
  public init(items: [FeaturedItem], loadedAt: Date, offlineCopy: Date? = nil, offlineReason: AppError? = nil) {
    self.items = items
    self.loadedAt = loadedAt
    self.offlineCopy = offlineCopy
    self.offlineReason = offlineReason
  }
}
