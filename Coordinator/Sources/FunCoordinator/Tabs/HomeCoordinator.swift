import FunFrontend
import FunModel
import FunViewModel

/// The Home tab: the featured carousel and every item; "go to profile" switches tabs.
@MainActor
public final class HomeCoordinator: TabCoordinator, HomeCoordinating {
  /// The Home screen's model.
  public let viewModel: HomeViewModel
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
      tab: .home, root: Screens.home(viewModel: viewModel, strings: dependencies.strings), dependencies: dependencies,
      stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Switches to the Profile tab.
  public func showProfile() {
    tabBar.select(.profile)
  }
}
