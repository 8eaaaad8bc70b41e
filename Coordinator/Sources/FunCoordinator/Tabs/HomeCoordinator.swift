import FunFrontend
import FunModel
import FunViewModel

/// The Home tab: the featured carousel and every item; "go to profile" switches tabs.
@MainActor
final class HomeCoordinator: TabCoordinator, HomeCoordinating {
  let viewModel: HomeViewModel
  /// The flow's tab bar, which "go to profile" switches.
  private let tabBar: TabBarViewModel

  init(
    stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting,
    tabBar: TabBarViewModel
  ) {
    viewModel = HomeViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toggles: stores.toggles,
      toasts: dependencies.toasts,
      tasks: dependencies.tasks
    )
    self.tabBar = tabBar
    super.init(
      root: Screens.home(viewModel: viewModel, strings: dependencies.strings), dependencies: dependencies,
      stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Switches to the Profile tab.
  func showProfile() {
    tabBar.send(.select(.profile))
  }
}
