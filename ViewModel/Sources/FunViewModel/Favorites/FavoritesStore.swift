import FunCore
import FunModel
import Observation

/// The one source of truth for favorites on screen: the ids the
/// ``/FunModel/FavoritesService`` has saved, followed live, and the rule that decides what
/// counts as a favorite.
///
/// The rule: a favorite is a saved id that the loaded catalog has. Every screen lists, marks
/// and counts by it (``items``, ``count``, ``contains(_:)``), so Favorites and Profile always
/// agree; saved ids the catalog lacks (an item removed from a remote catalog, another
/// `--catalog`) are kept, never deleted behind the person's back, and reported as
/// ``missingCount``.
///
/// Toggling goes through the store, which shows the change at once and asks the service (that
/// decides from what is saved) off the main actor, one change after another in the order they
/// were made; when the last has been saved, the store shows what the service holds. Changes
/// made elsewhere (another screen, another store on the same service) arrive through the
/// service's change stream.
@Observable
@MainActor
public final class FavoritesStore {
  /// Every saved id, including ids the loaded catalog does not have.
  public private(set) var savedIDs: Set<String>

  /// Whether changes are being saved.
  public var isSaving: Bool {
    saves.isSaving
  }

  /// Returns once every change made so far is saved: the app waits for it before it quits or
  /// a session ends, so nothing a person changed is lost.
  public func finishSaving() async {
    await saves.finish()
  }

  @ObservationIgnored private let service: any FavoritesService
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let saves: SaveQueue
  @ObservationIgnored private var changes: TrackedTask<Void>?
  /// The last ``items`` and what they were derived from.
  @ObservationIgnored private var itemsMemo: (catalog: [FeaturedItem], ids: Set<String>, items: CatalogItems)?

  /// Follows `service`, judged against `catalog`; the subscription runs in a task of `tasks`.
  public init(service: any FavoritesService, catalog: CatalogStore, tasks: TaskTracker) {
    self.service = service
    self.catalog = catalog
    saves = SaveQueue(tasks: tasks)
    savedIDs = service.favoriteIDs
    changes = service.changes().observe(self, tasks: tasks, name: "favorites changes") { store, ids in
      // While this store saves, what it shows already includes its own changes.
      if !store.saves.isSaving {
        store.savedIDs = ids
      }
    }
  }

  deinit {
    changes?.cancel()
  }

  /// Whether the item with `id` is a favorite.
  public func contains(_ id: String) -> Bool {
    savedIDs.contains(id)
  }

  /// The favorites the loaded catalog has, in catalog order.
  public var items: CatalogItems {
    let ids = savedIDs
    let all = catalog.items
    // Finding them scans the whole catalog, and a frame reads them several times; they change
    // only with the catalog or the saved ids (comparing arrays that share storage costs nothing).
    if let memo = itemsMemo, memo.ids == ids, memo.catalog == all {
      return memo.items
    }
    let items = CatalogItems(all, positions: all.indices.filter { ids.contains(all[$0].id) })
    itemsMemo = (all, ids, items)
    return items
  }

  /// How many favorites there are: ``items``' count; `nil` until the catalog has loaded, when
  /// that is not known yet.
  public var count: Int? {
    catalog.hasLoaded ? items.count : nil
  }

  /// How many saved ids the loaded catalog does not have; 0 until it has loaded.
  public var missingCount: Int {
    guard catalog.hasLoaded else { return 0 }
    return savedIDs.count { catalog.item(withID: $0) == nil }
  }

  /// Favorites the item with `id` if it is not saved, else removes it.
  public func toggle(_ id: String) {
    if savedIDs.remove(id) == nil {
      savedIDs.insert(id)
    }
    save(name: "favorite toggle") { $0.toggle(id) }
  }

  /// Removes the item with `id` from the favorites.
  public func remove(_ id: String) {
    savedIDs.remove(id)
    save(name: "favorite removal") { $0.remove(id) }
  }

  /// Saves `change` in order, off the main actor; once no save is left, shows what the
  /// service holds (which another instance may have changed too).
  private func save(name: String, _ change: @escaping @Sendable (any FavoritesService) -> Void) {
    let service = service
    saves.save(
      name: name,
      work: { change(service) },
      didFinishAll: { [weak self] in self?.savedIDs = service.favoriteIDs }
    )
  }
}
