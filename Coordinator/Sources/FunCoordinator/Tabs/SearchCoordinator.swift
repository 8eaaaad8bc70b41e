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

  init(catalog: CatalogStore, dependencies: AppDependencies) {
    viewModel = SearchViewModel(
      catalog: { () async throws(AppError) -> [FeaturedItem] in try await catalog.load() },
      favorites: dependencies.favorites,
      toasts: dependencies.toasts,
      clock: dependencies.clock
    )
    screen = SearchScreen(viewModel: viewModel)
    super.init(tab: .search, root: screen, dependencies: dependencies)
    viewModel.coordinator = self
  }
}
