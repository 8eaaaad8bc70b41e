import FunModel

/// Where a tab that lists the shared catalog stands: the catalog's first load, and whether it
/// left the tab anything to list: a list's ``ItemList/status``, which Home, Favorites and a tab
/// `add-feature` writes read. Their screens draw the wait, the failure or the empty tab from it,
/// and the reader says their load by it, so both switch over one value instead of combining
/// loading, error and empty flags. Search says its own (``SearchViewModel/status``: its results
/// wait for the query too); My items shows none.
public enum CatalogListStatus: Equatable, Sendable {
  /// The first load has not started yet.
  case waiting
  /// The first load is in flight; `lastError` is the previous attempt's failure while this one
  /// is a retry (a screen shows the wait, a reader still the failure).
  case loading(lastError: AppError?)
  /// The first load failed and no other is in flight; a refresh retries.
  case failed(AppError)
  /// The catalog has loaded and left the tab nothing to list.
  case empty
  /// The catalog has loaded, with rows to list.
  case loaded

  /// Whether a tab shows this status instead of its rows: until the catalog's first load has
  /// succeeded there is nothing to list but the wait or why it failed, and rows meanwhile (your
  /// own items, before the catalog's arrive) are not the list. Every list tab, on screen and
  /// read aloud, decides it here.
  public var standsInForRows: Bool {
    switch self {
    case .waiting, .loading, .failed: true
    case .empty, .loaded: false
    }
  }

  /// The status of a tab over `catalog` whose rows, once it has loaded, are empty when
  /// `isEmpty` says so.
  @MainActor
  init(catalog: CatalogStore, isEmpty: @autoclosure () -> Bool) {
    if catalog.hasLoaded {
      self = isEmpty() ? .empty : .loaded
    } else if catalog.isLoadingFirstTime {
      self = .loading(lastError: catalog.loadError)
    } else {
      self = catalog.loadError.map(Self.failed) ?? .waiting
    }
  }
}
