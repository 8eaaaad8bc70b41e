import FunFrontend
import FunModel
import FunViewModel

/// The Home tab: the featured carousel and every item; "go to profile" switches tabs.
@MainActor
final class HomeCoordinator: TabCoordinator, HomeCoordinating {
  let viewModel: HomeViewModel
  /// The flow whose tabs "go to profile" switches (weak: the flow owns this coordinator).
  weak var flow: AppCoordinator?

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = HomeViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toggles: stores.toggles,
      toasts: dependencies.toasts,
      tasks: dependencies.tasks
    )
    super.init(
      root: Screens.home(viewModel: viewModel, strings: dependencies.strings), dependencies: dependencies,
      stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Switches to the Profile tab.
  func showProfile() {
    flow?.switchTabs(.select(.profile))
  }
}
