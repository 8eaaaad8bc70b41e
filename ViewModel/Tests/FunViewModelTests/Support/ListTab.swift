import FunModelTestSupport

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

/// The three tabs whose body is an ``ItemList`` and that refresh through a ``CatalogRefresh``,
/// so one test can say that all three behave the same.
enum ListTab: String, CaseIterable, CustomStringConvertible {
  case home, search, favorites

  var description: String { rawValue }

  /// What a test drives on each tab: the list, and the tab's refresh under its one name.
  @MainActor
  struct Screen {
    let list: ItemList
    let refresh: () -> Void
    let isBusy: () -> Bool
    /// Keeps the ViewModel alive (the list holds it weakly).
    let owner: AnyObject
  }

  /// The tab's ViewModel over `stores`, as its coordinator builds it, shown as its screen
  /// first shows it: Search with the empty query's every item, once the catalog has loaded.
  @MainActor
  func screen(
    over stores: TestStores, toasts: any ToastService, coordinator: MockCoordinator, time: VirtualTime
  ) async -> Screen {
    switch self {
    case .home:
      let home = stores.home(toasts: toasts)
      home.coordinator = coordinator
      return Screen(list: home.list, refresh: { home.send(.refresh) }, isBusy: { home.isBusy }, owner: home)
    case .search:
      let search = SearchViewModel(
        catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, clock: time.clock, tasks: time.tasks)
      search.coordinator = coordinator
      await search.searchNow()
      return Screen(list: search.list, refresh: { search.send(.refresh) }, isBusy: { search.isBusy }, owner: search)
    case .favorites:
      let favorites = FavoritesViewModel(
        catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks)
      favorites.coordinator = coordinator
      return Screen(
        list: favorites.list, refresh: { favorites.send(.refresh) }, isBusy: { favorites.isBusy }, owner: favorites)
    }
  }
}
