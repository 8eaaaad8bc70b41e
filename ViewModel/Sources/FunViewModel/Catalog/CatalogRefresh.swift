import FunCore
import FunModel
import Observation

/// The pull-to-refresh of a tab that shows the catalog, the same on Home, Search, Favorites and
/// Sources:
/// ``isRefreshing`` while the shared ``CatalogStore`` fetches again, then a success toast, an
/// error toast with the old items kept (the store keeps them), or, when an http catalog's server
/// cannot be reached, a note that its saved copy stands in.
///
/// One refresh at a time: asking again while one is in flight changes nothing. Each tab owns
/// one, so a tab shows the refresh it asked for; the fetch itself is the store's, shared with
/// whoever else waits for it. A refresh during a load starts the load again (a large file that
/// changed meanwhile is read afresh; a pipe's load, which cannot be read twice, it joins), and
/// the load's waiters get the new fetch's outcome.
@Observable
@MainActor
final class CatalogRefresh {
  private(set) var isRefreshing = false

  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let tasks: TaskTracker

  init(catalog: CatalogStore, toasts: any ToastService, tasks: TaskTracker) {
    self.catalog = catalog
    self.toasts = toasts
    self.tasks = tasks
  }

  /// Whether a list tab waits for the catalog: its first load, or its own refresh. Another
  /// tab's refresh changes none of its rows until it lands, so it does not count; nor does the
  /// time before the first load has started (nothing then moves time on).
  var isLoadingOrRefreshing: Bool {
    catalog.isLoadingFirstTime || isRefreshing
  }

  /// Fetches the catalog again, in a task of its own; does nothing while a refresh is in flight.
  func start() {
    guard !isRefreshing else { return }
    isRefreshing = true
    tasks.start("refresh") { [weak self, catalog] in
      let failure: AppError?
      do throws(AppError) {
        try await catalog.refetch()
        failure = nil
      } catch {
        failure = error
      }
      // Cancelled with its session's tasks (a sign-out): no one is left to tell.
      guard !Task.isCancelled else { return }
      self?.finish(failure: failure)
    }
  }

  private func finish(failure: AppError?) {
    isRefreshing = false
    toasts.show(failure.map { .error($0.text) } ?? catalog.refreshOutcome)
  }
}
