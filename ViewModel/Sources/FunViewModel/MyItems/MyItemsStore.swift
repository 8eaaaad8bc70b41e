import FunCore
import FunModel
import Observation

/// The one source of truth for your own items on screen: what the session's
/// ``/FunModel/MyItemsService`` has saved, followed live, and merged into the shared
/// ``CatalogStore`` so that every screen that reads the catalog shows them.
///
/// Saving goes through the store: the draft is checked at once against your items and the
/// loaded catalog (so a form can say what is wrong), shown at once, and saved off the main
/// actor one change after another (a `SavedValue`). The service decides again under its file's
/// lock; should another Fun have taken the id, or changed or deleted the item being edited,
/// meanwhile, the save is refused there, the form hears why and the list shows what is saved.
/// Another Fun's saves show within a second of the app's clock when the store is given that
/// clock, as favorites do.
///
/// A favorite of your item follows it (a ``FavoritesStore`` given): an id change saved moves
/// the favorite to the new id, and deleting the item removes its favorite, so no favorite is
/// left naming an item that is gone, nor waits for a new item that reuses the id. Each goes
/// through the favorites store's own change, one saved change per file: favorites and your
/// items are two files, each merged under its own lock, and a rename of the favorite follows
/// only once the service has saved the item's new id (a refused save leaves the favorite).
/// A favorite holds only an id, and while the catalog has not loaded (offline, failed) your
/// item may have taken one of its ids, so the favorite may be the catalog item's: an edit then
/// never moves or drops it (your renamed item gets one of its own), and once the catalog loads
/// it stays if the catalog uses the id, and otherwise follows your item as it would have. That
/// decision waits in memory: in a session whose catalog never loads, the old id's favorite
/// stays saved (harmless: Favorites counts it among the saved ids it cannot show).
///
/// An id of yours that the fetched catalog also uses is reported once per session in an info
/// toast (the toast service logs it too): the catalog's item shows, yours stays saved.
@Observable
@MainActor
public final class MyItemsStore {
  /// Your items, oldest first, as saved (or being saved); empty until the service has read them.
  var items: [FeaturedItem] {
    saved.value
  }

  /// Whether changes are being saved.
  public var isSaving: Bool {
    saved.isSaving
  }

  @ObservationIgnored private let service: any MyItemsService
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let saved: SavedValue<[FeaturedItem]>
  /// Whether the items are saved with the profile; a guest's live only as long as the session.
  let savesChanges: Bool
  @ObservationIgnored private var foldedIDsMemo: (items: [FeaturedItem], ids: [String: [String]])?
  /// The clashing ids already reported, so each is reported once.
  @ObservationIgnored private var reportedClashes: Set<String> = []
  /// Your items' renames (`newID`) and deletions (`nil`), in order, made while the catalog had
  /// not loaded, whose favorite stays on the old id until the loaded catalog says whose it is.
  @ObservationIgnored private var undecidedFavorites: [(id: String, newID: String?)] = []

  /// Follows `service`, merges its items into `catalog`, reports with `toasts`, keeps the
  /// `favorites` of your items on their ids, and, given a `watchClock`, asks the service every
  /// second of it to look for another Fun's saves; all in tasks of `tasks`. `savesChanges` is
  /// `false` for a guest's, which live only as long as the session.
  public init(
    service: any MyItemsService, catalog: CatalogStore, favorites: FavoritesStore, toasts: any ToastService,
    tasks: TaskTracker, watchClock: (any Clock<Duration>)?, savesChanges: Bool
  ) {
    self.savesChanges = savesChanges
    self.service = service
    self.catalog = catalog
    self.favorites = favorites
    self.toasts = toasts
    // Empty until the service has read its file, off the main actor: a file near the size cap
    // takes long enough to read and check that the main actor must not wait for it.
    saved = SavedValue([], following: service.changes(), tasks: tasks, name: "my items changes")
    saved.didShow = { [weak self] items in self?.showInCatalog(items) }
    showInCatalog(saved.value)
    saved.load(name: "my items load") {
      service.reloadIfChanged()
      return service.items
    }
    if let watchClock {
      saved.watchOutsideChanges(clock: watchClock) { service.reloadIfChanged() }
    }
  }

  isolated deinit {
    catalog.removeOwnItems(of: ObjectIdentifier(self))
  }

  /// Returns once every change made so far is saved, the favorites that follow them too.
  public func finishSaving() async {
    await saved.finishSaving()
    // A favorite's rename starts only once its item's save is done.
    await favorites.finishSaving()
  }

  /// Returns once the service's first read of your items is done: a session's end awaits it
  /// before ending the session's services, so their close does not wait on the main actor for
  /// a read of a large file.
  public func finishLoading() async {
    await saved.finishLoading()
  }

  /// Your item with `id`, if any (shown in the catalog or not).
  func item(withID id: String) -> FeaturedItem? {
    items.first { $0.id == id }
  }

  /// Who already uses `id`, in any letter case, besides the item `originalID` being edited: one
  /// of your items, the loaded catalog, or no one.
  func owner(of id: String, besides originalID: String?) -> MyItemIDOwner? {
    let folded = id.lowercased()
    if let taken = foldedIDs[folded]?.first(where: { $0 != originalID }) { return .mine(taken) }
    // The catalog shows your items too; only the fetched catalog's own items count as its.
    return catalog.fetchedID(ignoringCase: id).map { .catalog($0) }
  }

  /// Your ids by their lowercase, asked at every key typed into an id: built once per change
  /// of your items rather than folding them all each time.
  private var foldedIDs: [String: [String]] {
    let items = items
    if let memo = foldedIDsMemo, memo.items == items { return memo.ids }
    let ids = Dictionary(grouping: items.map(\.id)) { $0.lowercased() }
    foldedIDsMemo = (items, ids)
    return ids
  }

  /// The categories a new item can take: the catalog's and your items', sorted as Search
  /// sorts them.
  var categories: [String] {
    let known = Set(catalog.search.categories).union(items.map(\.category))
    return known.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
  }

  /// Saves `draft` as a new item (`original` `nil`) or in place of `original`, your item as
  /// the form opened it, showing it at once, and returns the item as it shows. `didSave`
  /// hears, once the service has decided (under its file's lock) and what it holds shows,
  /// `nil` when it saved (an info toast says so) or why it refused: another Fun took the id,
  /// or changed or deleted `original`.
  /// - Throws: ``/FunModel/AppError/invalidMyItem(reason:)`` when a field breaks the rule, the
  ///   id is used by another of your items or by the catalog, or `original` is no longer what
  ///   shows (another Fun's change, already seen); nothing changes then.
  @discardableResult
  func save(
    _ draft: MyItemDraft, replacing original: FeaturedItem?,
    then didSave: @escaping @MainActor (AppError?) -> Void = { _ in }
  ) throws(AppError) -> FeaturedItem {
    let item = try draft.item { owner(of: $0, besides: original?.id) }
    let shown = try draft.saving(into: items, replacing: original)
    let (service, toasts, savesChanges) = (service, toasts, savesChanges)
    saved.change(name: "my item save") { items in
      items = shown
    } save: {
      do throws(AppError) {
        try service.save(draft, replacing: original)
        // Said once it is saved, not when it is shown: the service may still refuse it. A
        // guest is never told that something was saved.
        toasts.show(.info(savesChanges ? L10n.MyItems.saved(item.title) : L10n.MyItems.kept(item.title)))
        return (service.items, nil)
      } catch {
        return (service.items, error)
      }
    } then: { [weak self] (refusal: AppError?) in
      if let self, refusal == nil, let original, original.id != item.id {
        favoriteFollows(from: original.id, to: item.id, owner: favoriteOwner(of: original.id))
      }
      didSave(refusal)
    }
    return item
  }

  /// Deletes your item `id` (a no-op if absent), and its favorite with it once the deletion is
  /// saved, as a rename moves it: a quit or a crash in between keeps the item's favorite with
  /// the item, never a favorite lost from an item still there.
  func delete(_ id: String) {
    // Decided now: once deleted, the id is no longer yours to ask about.
    let owner = favoriteOwner(of: id)
    let service = service
    saved.change(name: "my item deletion") { items in
      items.removeAll { $0.id == id }
    } save: {
      service.delete(id)
      return (service.items, ())
    } then: { [weak self] _ in
      self?.favoriteFollows(from: id, to: nil, owner: owner)
    }
  }

  /// Moves the favorite of your item `id`, now saved as `newID`, to `newID`, or removes it
  /// (`newID` `nil`: the item is deleted), as `owner` (``favoriteOwner(of:)``) says: yours
  /// follows the item; the catalog's stays; one that may be either waits for the catalog.
  private func favoriteFollows(from id: String, to newID: String?, owner: FavoriteOwner?) {
    guard let owner else { return }
    switch owner {
    case .yours:
      if let newID { favorites.rename(id, to: newID) } else { favorites.remove(id) }
    case .catalog:
      break
    case .unknown:
      // The favorite stays on `id` (it may be a catalog item's, never to be moved or dropped
      // by an edit of yours), and your renamed item keeps the mark it showed. That mark is the
      // new id's own from now on (a press may remove it), so once `id` proves yours it is only
      // removed, never moved onto the new id again.
      var follows = newID
      if let newID, favorites.contains(id) {
        favorites.set(newID, favorite: true)
        follows = nil
      }
      undecidedFavorites.append((id, follows))
      settleUndecidedFavorites()
    }
  }

  /// Whose the favorite of your item `id` may be (`nil`: there is none to keep): an id is the
  /// one thing a favorite holds, and the fetched catalog may use yours too (a new id is checked
  /// against it only once it has loaded). Then its item shows and the favorite is its; before
  /// the catalog has loaded, it may be either (a favorite of the catalog's item saved in an
  /// earlier session).
  private func favoriteOwner(of id: String) -> FavoriteOwner? {
    // Before the favorites are read, the service (deciding from the file) finds out.
    if favorites.hasLoaded, !favorites.contains(id) { return nil }
    guard catalog.hasLoaded else { return .unknown }
    return catalog.item(withID: id) == nil || catalog.isOwn(id) ? .yours : .catalog
  }

  /// Once the catalog has loaded, decides the favorites that renames and deletions left while
  /// it had not: one whose id the fetched catalog uses is its item's and stays; any other was
  /// your item's, and follows it as it would have (moved to its new id, or removed).
  private func settleUndecidedFavorites() {
    guard catalog.hasLoaded, !undecidedFavorites.isEmpty else { return }
    let undecided = undecidedFavorites
    undecidedFavorites = []
    for (id, newID) in undecided where catalog.item(withID: id) == nil || catalog.isOwn(id) {
      favoriteFollows(from: id, to: newID, owner: .yours)
    }
  }

  private func showInCatalog(_ items: [FeaturedItem]) {
    catalog.showOwnItems(items, owner: ObjectIdentifier(self)) { [weak self] clashing in
      self?.report(clashing)
      self?.settleUndecidedFavorites()
    }
  }

  private func report(_ clashing: [String]) {
    for id in clashing where reportedClashes.insert(id).inserted {
      toasts.show(.info(L10n.MyItems.idClash(id)))
    }
  }
}

/// Whose a favorite of your item's id is: see `MyItemsStore`'s `favoriteOwner(of:)`.
private enum FavoriteOwner {
  case yours
  case catalog
  /// The catalog has not loaded: it may use the id too.
  case unknown
}
