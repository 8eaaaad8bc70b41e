import FunFrontend
import FunModel
import FunViewModel

/// The Search tab: the debounced search over the catalog.
@MainActor
public final class SearchCoordinator: TabCoordinator, SearchCoordinating {
  /// The Search screen's model.
  public let viewModel: SearchViewModel
  /// The Search screen, kept to give its field the focus.
  public let screen: SearchScreen

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
