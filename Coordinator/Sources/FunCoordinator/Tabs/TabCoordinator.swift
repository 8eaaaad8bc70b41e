import FunFrontend
import FunModel
import FunViewModel

/// Owns one tab's navigation stack and pushes item details on it.
///
/// Each tab has its own coordinator, so switching tabs keeps every tab's stack. The per-tab
/// subclasses build the tab's root screen and answer their screen's coordinator protocol.
@MainActor
class TabCoordinator {
  let stack: NavigationStack

  let dependencies: SessionDependencies
  let stores: SharedStores
  /// Where sheets are presented: the root (weak, as it owns this coordinator's flow).
  private(set) weak var presenter: (any SheetPresenting)?

  init(root: any Screen, dependencies: SessionDependencies, stores: SharedStores, presenter: any SheetPresenting) {
    self.dependencies = dependencies
    self.stores = stores
    self.presenter = presenter
    self.stack = NavigationStack(root: root)
  }

  /// Pushes the item's detail screen on this tab's stack, unless it is already on top: a link
  /// opened twice, or opened again from outside, shows the same screen and piles up nothing.
  func showDetail(for item: FeaturedItem) {
    let route = NavigationStack.Route.detail(itemID: item.id)
    if stack.topRoute == route { return }
    let viewModel = DetailViewModel(
      item: item, catalog: stores.catalog, favorites: stores.favorites, toasts: dependencies.toasts,
      clipboard: dependencies.clipboard)
    stack.push(Screens.detail(viewModel: viewModel, strings: dependencies.strings), showing: route)
  }
}
