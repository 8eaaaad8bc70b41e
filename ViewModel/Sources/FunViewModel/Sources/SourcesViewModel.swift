import FunCore
import FunModel
import Observation

/// Studio's Sources tab: where the shared ``CatalogStore``'s catalog comes from and how its
/// loads went — whether one is under way, when the last good one was and how many items it
/// gave, the last error, the offline copy in use — and the same refresh every list tab does.
@Observable
@MainActor
public final class SourcesViewModel {
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let catalogRefresh: CatalogRefresh

  /// The Sources tab over the shared catalog; a refresh reports through `toasts`.
  public init(catalog: CatalogStore, toasts: any ToastService, tasks: TaskTracker) {
    self.catalog = catalog
    catalogRefresh = CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)
  }

  /// What the user can do on the Sources tab.
  public enum Action: Equatable, Sendable {
    /// Loads the catalog again from its source, the same refresh every list tab does.
    case refresh
  }

  /// Does what the user asked of the Sources tab.
  public func send(_ action: Action) {
    switch action {
    case .refresh: catalogRefresh.start()
    }
  }

  /// What the catalog's source last reported: its kind, when it last gave items and how many,
  /// the last load's error, and the saved copy standing in while the server cannot be reached.
  public var status: CatalogStatus {
    catalog.status
  }

  /// How the catalog's last load went, in the words of a refresh's toast, as a list tab's
  /// ``ItemList/refreshOutcome`` says it: what a load that ends here says, whether or not its
  /// toast could show (one equal to the toast showing brings none).
  public var refreshOutcome: ToastEvent {
    catalog.refreshOutcome
  }

  /// How far the load in flight has come (bytes read, items decoded), as Home shows it; `nil`
  /// when none is in flight or it has said nothing yet.
  public var progress: CatalogLoadProgress? {
    catalog.progress
  }

  /// A line of what the tab says about the catalog.
  public struct StatusLine: Hashable, Sendable {
    /// What a line says, for how it is set.
    public enum Kind: Hashable, Sendable {
      /// A fact: where the catalog comes from, the copy saved, the last load, the offline copy.
      case fact
      /// That no load has given items yet, or that the first is under way.
      case notLoaded
      /// How far the first load has come (``progress``), under the line that it is under way:
      /// the screen draws its bar under it.
      case progress
      /// Something that went wrong: the last error, a saved copy that could not be used.
      case problem
      /// That the last load went without an error.
      case noError
    }

    /// The line's text.
    public let text: LocalizedText
    /// What it says.
    public let kind: Kind
  }

  /// What the tab says of the catalog, in order: where it comes from, the copy saved on disk
  /// (once a download saved one), its last load (or that there was none yet, or that the first
  /// is under way and how far it has come), the offline copy
  /// in use, the damaged copy set aside or why the saved one could not be used, then the last
  /// error or that there was none. The screen shows these lines and the screen reader says
  /// them, so both tell the same facts. `location` gives a path or URL as it shows (a screen
  /// cuts it to its room; the reader says it whole).
  public func statusLines(location: (String) -> String = { $0 }) -> [StatusLine] {
    let status = status
    let source: LocalizedText =
      switch status.source {
      case .bundled: L10n.Sources.fromBundled
      case .file(let path): L10n.Sources.fromFile(location(path))
      case .http(let url): L10n.Sources.fromHTTP(location(url))
      }
    var lines = [StatusLine(text: source, kind: .fact)]
    // Only a load (a download, or the copy itself) means a copy is on disk: a first load that
    // failed left none. Offline, the offline line says it.
    if case .http = status.source, status.loadedAt != nil, status.offlineCopy == nil {
      lines.append(StatusLine(text: L10n.Sources.savedCopy, kind: .fact))
    }
    if let loadedAt = status.loadedAt {
      lines.append(StatusLine(text: L10n.Sources.loaded(count: status.itemCount, date: loadedAt), kind: .fact))
    } else if isBusy {
      // The first load's wait, as Home shows it: "Not loaded yet" reads as if nothing were coming.
      lines.append(StatusLine(text: L10n.Common.loadingCatalog, kind: .notLoaded))
      if let progress {
        lines.append(StatusLine(text: progress.text, kind: .progress))
      }
    } else {
      // After a failure "Not loaded yet" would read as if a load were still to come.
      let text = status.lastError == nil ? L10n.Sources.notLoaded : L10n.Sources.loadFailed
      lines.append(StatusLine(text: text, kind: .notLoaded))
    }
    if let copy = status.offlineCopy {
      lines.append(StatusLine(text: L10n.Sources.offlineCopy(copy), kind: .fact))
    }
    // Why no copy stood in: its toast is gone after `ToastEvent.displayDuration`, the failed
    // load's after it.
    switch status.savedCopyProblem {
    case .corruptStateFile(_, let movedTo)?, .unsafeStateFile(_, _, let movedTo)?:
      lines.append(StatusLine(text: L10n.Sources.setAside(Self.fileName(movedTo)), kind: .problem))
    case let problem?:
      lines.append(StatusLine(text: L10n.Sources.savedCopyUnusable(problem.text), kind: .problem))
    case nil:
      break
    }
    if let error = status.lastError {
      lines.append(StatusLine(text: L10n.Sources.lastError(error.text), kind: .problem))
    } else if status.loadedAt != nil || !isBusy {
      // While the first load is under way there is no last load to speak for.
      lines.append(StatusLine(text: L10n.Sources.noError, kind: .noError))
    }
    return lines
  }

  /// The last part of `path`, whole (it is what to look for): the folder is the state folder.
  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Whether a load or a refresh is under way, whoever started it. Unlike a list tab's
  /// `isBusy` (its first load or its own refresh only: another tab's refresh changes none of
  /// its rows until it lands), any load counts here: the loads are what this tab is about.
  public var isBusy: Bool {
    catalog.isLoading || catalogRefresh.isRefreshing
  }
}
