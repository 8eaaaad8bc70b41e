import FunFrontend
import FunModel
import FunViewModel

/// The Search tab: the debounced search over the catalog.
@MainActor
final class SearchCoordinator: TabCoordinator, SearchCoordinating {
  /// The Search screen's model.
  let viewModel: SearchViewModel
  /// The Search screen, kept to give its field the focus.
  let screen: SearchScreen

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = SearchViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toasts: dependencies.toasts,
      clock: dependencies.clock,
      tasks: dependencies.tasks
    )
    screen = SearchScreen(viewModel: viewModel, strings: dependencies.strings)
    super.init(
      tab: .search, root: screen, dependencies: dependencies, stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }
}
