import FunCore
import FunModel
import Observation

/// The one source of truth for favorites on screen: the ids the
/// ``/FunModel/FavoritesService`` has saved, followed live, and the rule that decides what
/// counts as a favorite.
///
/// The rule: a favorite is a saved id that the loaded catalog has. Every screen lists, marks
/// and counts by it, so Favorites and Profile always agree; saved ids the catalog lacks (an
/// item removed from a remote catalog, another `--catalog`) are kept, never deleted behind the
/// person's back, counted apart, and listed after the favorites on the Favorites tab
/// (`rows`), where the person can remove them as any other.
///
/// Toggling goes through the store, which decides from what shows, shows the change at once and
/// has the service save exactly that (under its file's lock, keeping another Fun's other
/// changes) off the main actor, one change after another in the order they
/// were made (a `SavedValue`, the one place the saved ids change). Changes made elsewhere
/// (another screen, another store on the same service) arrive through the service's change
/// stream; another Fun's, within a second of the app's clock, when the store is given that
/// clock to ask the service to look at its file every second.
///
/// The undo lives here too, beside what it undoes: a person's un-favoriting, wherever it was
/// pressed (Home, Search, Detail, Favorites, the script's `fav`), says so in a toast that offers
/// the undo, and goes on a stack of the last 20 removals. `undoRemoval()` favorites
/// again the most recent one still removed; one favorited again by other means (`f`, another
/// Fun) has left the stack, as undoing it would do nothing.
@Observable
@MainActor
public final class FavoritesStore {
  /// Every saved id, including ids the loaded catalog does not have.
  var savedIDs: Set<String> {
    saved.value
  }

  /// Whether changes are being saved.
  public var isSaving: Bool {
    saved.isSaving
  }

  /// Returns once every change made so far is saved: the app waits for it before it quits or
  /// a session ends, so nothing a person changed is lost.
  public func finishSaving() async {
    await saved.finishSaving()
  }

  /// Returns once the service's first read of the favorites is done: a session's end awaits it
  /// before ending the session's services, so their close does not wait on the main actor for
  /// the file's lock.
  public func finishLoading() async {
    await saved.finishLoading()
  }

  /// How many removals `undoRemoval()` can take back, one after another: a sitting's worth of
  /// slips (a word typed as keys un-favorites at most one item per `f`), while an undo never
  /// reaches back to a removal the person has long forgotten.
  static let undoLimit = 20

  /// The ids a person un-favorited, oldest first, at most ``undoLimit`` (observed: whether
  /// there is an undo decides the hints and keys of every screen).
  private var removals: [String] = []

  @ObservationIgnored private let service: any FavoritesService
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let saved: SavedValue<Set<String>>
  /// The last ``items`` and what they were derived from.
  @ObservationIgnored private var itemsMemo: (catalog: [FeaturedItem], ids: Set<String>, items: CatalogItems)?
  /// The last ``rows`` and ``missingIDs`` and what they were derived from.
  @ObservationIgnored private var rowsMemo:
    (catalog: [FeaturedItem], ids: Set<String>, hasLoaded: Bool, rows: CatalogItems, missing: [String])?

  /// Follows `service`, judged against `catalog`, and, given a `watchClock`, asks it every
  /// second of that clock to look for another Fun's saves; both run in tasks of `tasks`. A
  /// removal and its undo are told in `toasts`.
  public init(
    service: any FavoritesService, catalog: CatalogStore, toasts: any ToastService, tasks: TaskTracker,
    watchClock: (any Clock<Duration>)?
  ) {
    self.service = service
    self.catalog = catalog
    self.toasts = toasts
    // Empty until the service has read its file, off the main actor, as your items are.
    saved = SavedValue([], following: service.changes(), tasks: tasks, name: "favorites changes")
    saved.load(name: "favorites load") {
      service.reloadIfChanged()
      return service.favoriteIDs
    }
    if let watchClock {
      saved.watchOutsideChanges(clock: watchClock) { service.reloadIfChanged() }
    }
  }

  /// Whether the service's first read of the favorites is done and shows: before it, none shows,
  /// and their arrival is no change anyone made.
  var hasLoaded: Bool {
    saved.hasLoaded
  }

  /// Whether `id` is saved as a favorite, whether or not the loaded catalog has it: the
  /// script's `fav ID` may remove a favorite the Favorites tab lists as not in this catalog.
  func contains(_ id: String) -> Bool {
    savedIDs.contains(id)
  }

  /// What the hints call `f` on an item that is a favorite or not: what pressing it does. Every
  /// screen's hints name it in these words.
  static func hint(isFavorite: Bool) -> LocalizedText {
    isFavorite ? L10n.Common.hintUnfavorite : L10n.Common.hintFavorite
  }

  /// Whether ``toggle(_:)`` may change `id`: an id the loaded catalog lacks is never made a
  /// favorite (it would name nothing), though a saved one may still be removed.
  public func canToggle(_ id: String) -> Bool {
    !catalog.lacks(id) || contains(id)
  }

  /// The favorites the loaded catalog has, in catalog order.
  var items: CatalogItems {
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
  var count: Int? {
    catalog.hasLoaded ? items.count : nil
  }

  /// The saved ids the loaded catalog does not have, sorted (a set has no order, and a list
  /// of them must not reshuffle between frames); none until it has loaded, when every id would
  /// look missing.
  var missingIDs: [String] {
    rowsAndMissing.missing
  }

  /// How many saved ids the loaded catalog does not have; 0 until it has loaded.
  var missingCount: Int {
    missingIDs.count
  }

  /// What the Favorites tab lists: ``items``, then a row for each of ``missingIDs`` (its id for a
  /// title, nothing else: ``ItemList/missingNote(for:)`` says why), so a favorite this catalog
  /// lacks can be seen, selected and removed like any other instead of staying saved unseen.
  var rows: CatalogItems {
    rowsAndMissing.rows
  }

  /// ``rows`` and ``missingIDs``, derived together from the same catalog and saved ids and
  /// kept until either changes, as ``items`` is.
  private var rowsAndMissing: (rows: CatalogItems, missing: [String]) {
    let ids = savedIDs
    let all = catalog.items
    let hasLoaded = catalog.hasLoaded
    if let memo = rowsMemo, memo.ids == ids, memo.catalog == all, memo.hasLoaded == hasLoaded {
      return (memo.rows, memo.missing)
    }
    let items = items
    let missing = ids.filter { catalog.lacks($0) }.sorted()
    // Without missing ids the rows are the favorites themselves, positions into the catalog;
    // with some, the favorites are copied once to put a row for each missing id after them.
    let rows =
      missing.isEmpty
      ? items
      : CatalogItems(Array(items) + missing.map(Self.missingItem))
    rowsMemo = (all, ids, hasLoaded, rows, missing)
    return (rows, missing)
  }

  /// The row of a saved id the catalog lacks: the id is all that is known of it.
  private static func missingItem(id: String) -> FeaturedItem {
    FeaturedItem(id: id, title: id, subtitle: "", category: "", description: "", isFeatured: false)
  }

  /// How many favorites there are, with how many saved ones the loaded catalog lacks when it
  /// lacks any ("3 favorites · 1 not in this catalog"); when it lacks every one, how many are
  /// saved and that none is here ("2 favorites, none in this catalog"), as "0 favorites · 2 not
  /// in this catalog" would read as if nothing were saved. Favorites' header, Profile's line and
  /// what the reader says of both. `nil` until the catalog has loaded.
  var summary: LocalizedText? {
    guard let count else { return nil }
    let missing = missingCount
    if missing == 0 { return L10n.Favorites.count(count) }
    if count == 0 { return L10n.Favorites.noneInCatalog(missing) }
    return L10n.Favorites.countAndMissing(
      count: L10n.Favorites.count(count), missing: L10n.Common.notInCatalog(missing))
  }

  /// Favorites the item with `id` if it shows as no favorite, else removes it: the press means
  /// what the screen showed. A removal says so in a toast that offers `undoRemoval()`; an
  /// addition is quiet, as the item's ★ shows it.
  public func toggle(_ id: String) {
    let isFavorite = !contains(id)
    set(id, favorite: isFavorite)
    guard !isFavorite else { return }
    removals.append(id)
    if removals.count > Self.undoLimit {
      removals.removeFirst(removals.count - Self.undoLimit)
    }
    toasts.show(.info(L10n.Favorites.removed(title(of: id))))
  }

  /// Whether `undoRemoval()` would bring an item back: a removal on the stack is still
  /// removed. Every screen offers `u` only then.
  public var canUndoRemoval: Bool {
    removals.contains(where: isUndoable)
  }

  /// Favorites again the most recently removed item that is still removed, says so in a toast,
  /// and returns its id; with nothing to undo, a toast says that and it returns `nil`. Removals
  /// since favorited again by other means are dropped on the way.
  @discardableResult
  func undoRemoval() -> String? {
    while let id = removals.popLast() {
      guard isUndoable(id) else { continue }
      set(id, favorite: true)
      toasts.show(.info(L10n.Favorites.restored(title(of: id))))
      return id
    }
    toasts.show(.info(L10n.Favorites.nothingToUndo))
    return nil
  }

  /// Whether the removal of `id` can still be undone: it is no favorite now. A saved id the
  /// catalog lacks comes back too, as it was saved; your deleted item's id has left the stack
  /// (``remove(_:)``).
  private func isUndoable(_ id: String) -> Bool {
    !contains(id)
  }

  /// What a toast calls the item with `id`: its title, or, for an id the catalog lacks, the id
  /// (as its row on Favorites shows it).
  private func title(of id: String) -> String {
    catalog.item(withID: id)?.title ?? id
  }

  /// Makes `id` a favorite or not, shown at once: a person's press is ``toggle(_:)``; this is
  /// for a store that needs a given end state (your renamed item keeps its mark). The save asks
  /// the service to toggle it only if what the service last read differs. The service flips
  /// what the file holds, under its lock; until the first read has landed the screen shows no
  /// favorites at all, so flipping unasked would remove a saved favorite the person pressed `f`
  /// to add.
  func set(_ id: String, favorite isFavorite: Bool) {
    if isFavorite { removals.removeAll { $0 == id } }
    let service = service
    saved.change(name: "favorite toggle") { ids in
      if isFavorite { ids.insert(id) } else { ids.remove(id) }
    } save: {
      if service.favoriteIDs.contains(id) != isFavorite {
        service.toggle(id)
      }
      return service.favoriteIDs
    }
  }

  /// Moves the favorite of `id` to `newID` (a no-op if `id` is not one): your item's id
  /// changed, and its favorite follows it.
  func rename(_ id: String, to newID: String) {
    removals = removals.map { $0 == id ? newID : $0 }
    let service = service
    saved.change(name: "favorite rename") { ids in
      if ids.remove(id) != nil { ids.insert(newID) }
    } save: {
      service.rename(id, to: newID)
      return service.favoriteIDs
    }
  }

  /// Removes the favorite of `id` whatever shows or the file holds: your item `id` is deleted,
  /// and no favorite may stay naming it. Unlike ``toggle(_:)`` it never asks the service to
  /// flip, which, had another Fun removed the favorite meanwhile, would add it back. A person
  /// un-favoriting an item goes through ``toggle(_:)``, as every screen does.
  func remove(_ id: String) {
    removals.removeAll { $0 == id }
    let service = service
    saved.change(name: "favorite removal") { ids in
      ids.remove(id)
    } save: {
      service.remove(id)
      return service.favoriteIDs
    }
  }
}
