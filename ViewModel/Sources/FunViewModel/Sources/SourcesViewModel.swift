import FunCore
import FunModel
import Observation

/// Studio's Sources tab: how the shared ``CatalogStore``'s loads went — whether one is under
/// way, how many items the last good one gave, the last error — and a reload, the same refresh
/// every list tab does.
@Observable
@MainActor
public final class SourcesViewModel {
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let catalogRefresh: CatalogRefresh

  /// The Sources tab over the shared catalog; a reload reports through `toasts`.
  public init(catalog: CatalogStore, toasts: any ToastService, tasks: TaskTracker) {
    self.catalog = catalog
    catalogRefresh = CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)
  }

  /// How many items the last successful load gave; `nil` before one has.
  public var itemCount: Int? {
    catalog.hasLoaded ? catalog.items.count : nil
  }

  /// The error of the last load, if it failed (the items of the one before stay).
  public var lastError: AppError? {
    catalog.lastError
  }

  /// Whether a load or a reload is under way.
  public var isLoading: Bool {
    catalog.isLoading || catalogRefresh.isRefreshing
  }

  /// Loads the catalog again from its source.
  public func reload() {
    catalogRefresh.start()
  }
}
