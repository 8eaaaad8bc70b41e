import FunFrontend
import FunModel
import FunViewModel

/// The Favorites tab: the favorited items, live.
@MainActor
final class FavoritesCoordinator: TabCoordinator, FavoritesCoordinating {
  let viewModel: FavoritesViewModel

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = FavoritesViewModel(
      catalog: stores.catalog, favorites: stores.favorites, toasts: dependencies.toasts, tasks: dependencies.tasks)
    super.init(
      root: FavoritesScreen(viewModel: viewModel, strings: dependencies.strings),
      dependencies: dependencies, stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }
}
