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
/// meanwhile, the save is refused there, the form hears why and the list shows what is saved. Another Fun's saves show within a second of
/// the app's clock when the store is given that clock, as favorites do.
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
  var isSaving: Bool {
    saved.isSaving
  }

  @ObservationIgnored private let service: any MyItemsService
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let saved: SavedValue<[FeaturedItem]>
  /// The clashing ids already reported, so each is reported once.
  @ObservationIgnored private var reportedClashes: Set<String> = []

  /// Follows `service`, merges its items into `catalog`, reports with `toasts`, and, given a
  /// `watchClock`, asks the service every second of it to look for another Fun's saves; all in
  /// tasks of `tasks`.
  public init(
    service: any MyItemsService, catalog: CatalogStore, toasts: any ToastService, tasks: TaskTracker,
    watchClock: (any Clock<Duration>)? = nil
  ) {
    self.service = service
    self.catalog = catalog
    self.toasts = toasts
    // Empty until the service has read its file, off the main actor: a file at the size cap
    // takes a second or more to read and check.
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

  /// Returns once every change made so far is saved.
  public func finishSaving() async {
    await saved.finishSaving()
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

  /// Who already uses `id`, besides the item `originalID` being edited: one of your items, the
  /// loaded catalog, or no one.
  func owner(of id: String, besides originalID: String?) -> MyItemIDOwner? {
    if id != originalID, items.contains(where: { $0.id == id }) { return .mine }
    // The catalog shows your items too; only the fetched catalog's own items count as its.
    if catalog.item(withID: id) != nil, !catalog.isOwn(id) { return .catalog }
    return nil
  }

  /// The categories a new item can take: the catalog's and your items', sorted as Search
  /// sorts them.
  var categories: [String] {
    let known = Set(catalog.search.categories).union(items.map(\.category))
    return known.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
  }

  /// Saves `draft` as a new item (`original` `nil`) or in place of `original`, your item as
  /// the form opened it, showing it at once. `didSave` hears, once the service has decided
  /// (under its file's lock) and what it holds shows, `nil` when it saved (an info toast says
  /// so) or why it refused: another Fun took the id, or changed or deleted `original`.
  /// - Throws: ``/FunModel/AppError/invalidMyItem(reason:)`` when a field breaks the rule, the
  ///   id is used by another of your items or by the catalog, or `original` is no longer what
  ///   shows (another Fun's change, already seen); nothing changes then.
  func save(
    _ draft: MyItemDraft, replacing original: FeaturedItem?,
    then didSave: @escaping @MainActor (AppError?) -> Void = { _ in }
  ) throws(AppError) {
    let item = try draft.item { owner(of: $0, besides: original?.id) }
    let shown = try draft.saving(into: items, replacing: original)
    let (service, toasts) = (service, toasts)
    saved.change(name: "my item save") { items in
      items = shown
    } save: {
      do throws(AppError) {
        try service.save(draft, replacing: original)
        // Said once it is saved, not when it is shown: the service may still refuse it.
        toasts.show(.info(L10n.MyItems.saved(item.title)))
        return (service.items, nil)
      } catch {
        return (service.items, error)
      }
    } then: { refusal in
      didSave(refusal)
    }
  }

  /// Deletes your item `id` (a no-op if absent).
  func delete(_ id: String) {
    let service = service
    saved.change(name: "my item deletion") { items in
      items.removeAll { $0.id == id }
    } save: {
      service.delete(id)
      return service.items
    }
  }

  private func showInCatalog(_ items: [FeaturedItem]) {
    catalog.showOwnItems(items, owner: ObjectIdentifier(self)) { [weak self] clashing in self?.report(clashing) }
  }

  private func report(_ clashing: [String]) {
    for id in clashing where reportedClashes.insert(id).inserted {
      toasts.show(.info(L10n.MyItems.idClash(id)))
    }
  }
}
