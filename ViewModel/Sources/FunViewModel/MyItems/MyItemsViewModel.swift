import FunModel
import Observation

/// Studio's My items tab: your own items, oldest first, as the shared ``MyItemsStore`` has
/// them, and where writing, editing and deleting one start.
///
/// The rows are an ``ItemList`` like every list's, so moving, the favorite mark and the
/// script commands work as they do on Home; opening a row edits it. Writing and editing happen
/// in the form sheet and deleting after a question, both presented by the coordinator; the
/// deletion itself goes through the store (``Action/delete(_:)``), so the list and every Explore tab
/// lose the item at once. An item saved (new or edited) is selected once it shows: the form
/// says so (``Action/selectSaved(id:)``), as the question says what deleting means.
@Observable
@MainActor
public final class MyItemsViewModel {
  /// Where the form and the question are presented (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any MyItemsCoordinating)?

  /// Your items, oldest first; opening one edits it.
  @ObservationIgnored public private(set) lazy var list = ItemList(
    rows: { [store] in CatalogItems(store.items) },
    showsCatalogStatus: false,
    catalog: catalog,
    favorites: favorites,
    open: { [weak self] item in self?.coordinator?.showForm(editing: item.id) }
  )

  /// What a guest is told, on the screen and by the reader: its items live only as long as the
  /// session. `nil` while the items are saved with the profile.
  public var unsavedNote: LocalizedText? {
    store.savesChanges ? nil : L10n.MyItems.guestNote
  }

  @ObservationIgnored private let store: MyItemsStore
  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let toasts: any ToastService

  /// The tab over the session's `store`, marked in `favorites`. A deletion is confirmed in a
  /// toast of `toasts`.
  public init(store: MyItemsStore, catalog: CatalogStore, favorites: FavoritesStore, toasts: any ToastService) {
    self.store = store
    self.catalog = catalog
    self.favorites = favorites
    self.toasts = toasts
  }

  /// What the user can do on the My items tab besides what its ``list`` does.
  public enum Action: Equatable, Sendable {
    /// Opens the form for a new item.
    case newItem
    /// Opens the form on the selected item; nothing when the list is empty.
    case editSelected
    /// Asks whether to delete the selected item; nothing when the list is empty.
    case deleteSelected
    /// Deletes your item (what confirming the question does) and says so in a toast.
    case delete(FeaturedItem)
    /// Selects your item with this id (what saving it in the form does, once it shows): what
    /// was just written is what the person looks for next, and where the reader is.
    case selectSaved(id: String)
  }

  /// Does what the user asked of the My items tab.
  public func send(_ action: Action) {
    switch action {
    case .newItem: coordinator?.showForm(editing: nil)
    case .editSelected: list.send(.openSelected)
    case .deleteSelected:
      if let item = list.selectedItem {
        coordinator?.confirmDelete(item)
      }
    case .delete(let item):
      store.delete(item.id)
      toasts.show(.info(L10n.MyItems.deleted(item.title)))
    case .selectSaved(let id): _ = list.select(id: id)
    }
  }
}
