import FunFrontend
import FunModel
import FunViewModel

/// The Search tab: the debounced search over the catalog.
@MainActor
final class SearchCoordinator: TabCoordinator, SearchCoordinating {
  let viewModel: SearchViewModel

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = SearchViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toasts: dependencies.toasts,
      clock: dependencies.clock,
      tasks: dependencies.tasks
    )
    super.init(
      root: SearchScreen(viewModel: viewModel, strings: dependencies.strings), dependencies: dependencies,
      stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }
}
