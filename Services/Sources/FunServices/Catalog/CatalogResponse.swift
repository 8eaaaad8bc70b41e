import Foundation

/// What a server answered a catalog request with: a body, or that the copy the request named
/// is still current.
enum CatalogResponse: Sendable, Equatable {
  /// The response's `ETag` and `Last-Modified`, which a later request sends back as
  /// `If-None-Match` and `If-Modified-Since` to ask whether its copy is still current.
  struct Validators: Sendable, Equatable {
    var etag: String?
    var lastModified: String?

    /// Whether there is anything to revalidate with.
    var isEmpty: Bool {
      etag == nil && lastModified == nil
    }
  }

  /// A 2xx response's body and validators.
  case body(Data, Validators)
  /// 304: the copy the request named is still current; nothing was downloaded.
  case notModified

  /// The body, if there is one.
  var body: Data? {
    guard case .body(let data, _) = self else { return nil }
    return data
  }
}
