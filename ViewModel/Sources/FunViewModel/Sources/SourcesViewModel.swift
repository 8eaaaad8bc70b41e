import FunCore
import FunModel
import Observation

/// Studio's Sources tab: where the shared ``CatalogStore``'s catalog comes from and how its
/// loads went — whether one is under way, when the last good one was and how many items it
/// gave, the last error, the offline copy in use — and a reload, the same refresh every list
/// tab does.
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

  /// What the user can do on the Sources tab.
  public enum Action: Equatable, Sendable {
    /// Loads the catalog again from its source, the same refresh every list tab does.
    case reload
  }

  /// Does what the user asked of the Sources tab.
  public func send(_ action: Action) {
    switch action {
    case .reload: reload()
    }
  }

  /// What the catalog's source last reported: its kind, when it last gave items and how many,
  /// the last load's error, and the saved copy standing in while the server cannot be reached.
  public var status: CatalogStatus {
    catalog.status
  }

  /// How far the load in flight has come (bytes read, items decoded), as Home shows it; `nil`
  /// when none is in flight or it has said nothing yet.
  public var progress: CatalogLoadProgress? {
    catalog.progress
  }

  /// Whether a load or a reload is under way.
  public var isLoading: Bool {
    catalog.isLoading || catalogRefresh.isRefreshing
  }

  /// Loads the catalog again from its source.
  func reload() {
    catalogRefresh.start()
  }
}
