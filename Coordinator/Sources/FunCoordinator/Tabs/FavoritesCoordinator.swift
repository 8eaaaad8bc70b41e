import FunFrontend
import FunModel
import FunViewModel

/// The Favorites tab: the favorited items, live.
@MainActor
public final class FavoritesCoordinator: TabCoordinator, FavoritesCoordinating {
  /// The Favorites screen's model.
  public let viewModel: FavoritesViewModel

  init(catalog: CatalogStore, dependencies: AppDependencies) {
    viewModel = FavoritesViewModel(catalog: catalog, favorites: dependencies.favorites)
    super.init(tab: .favorites, root: FavoritesScreen(viewModel: viewModel), dependencies: dependencies)
    viewModel.coordinator = self
  }
}
