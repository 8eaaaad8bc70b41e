import Foundation

/// What the catalog's source last reported, in one value: where the catalog comes from, when
/// it was last loaded and with how many items, the last load's error and, while the server
/// cannot be reached, the time of the saved copy in use and why it is.
public struct CatalogStatus: Sendable, Equatable {
  /// The kinds of source a catalog comes from.
  public enum Source: Sendable, Hashable {
    /// The catalog compiled into the app.
    case bundled
    /// A JSON file (or a pipe or a device), at `path` as `--catalog` gave it.
    case file(path: String)
    /// An `http` or `https` URL, without any user name or password it held; saved on disk after
    /// each download.
    case http(url: String)
  }

  /// Where the catalog comes from.
  public let source: Source
  /// When the source last gave the items shown (see ``CatalogLoad/loadedAt``); `nil` before any load.
  public var loadedAt: Date?
  /// How many items the last successful load gave.
  public var itemCount = 0
  /// The error of the last load if it failed, or why the server could not be reached while
  /// the saved copy stands in (``offlineCopy``); `nil` after a success.
  public var lastError: AppError?
  /// When the saved copy in use was saved, while the server cannot be reached; `nil` otherwise.
  public var offlineCopy: Date?
  /// Why the saved copy found at start could not be used (a corrupt one has been set aside,
  /// and the error names where); `nil` when there was none or it was fine.
  public var savedCopyProblem: AppError?

  /// The status of a source of `source`'s kind that has not been loaded yet.
  public init(source: Source) {
    self.source = source
  }
}
