import FunFrontend
import FunModel
import FunViewModel

/// The Home tab: the featured carousel and every item; "go to profile" switches tabs.
@MainActor
public final class HomeCoordinator: TabCoordinator, HomeCoordinating {
  /// The Home screen's model.
  public let viewModel: HomeViewModel
  private let onShowProfile: @MainActor () -> Void

  init(stores: SharedStores, dependencies: AppDependencies, onShowProfile: @escaping @MainActor () -> Void) {
    viewModel = HomeViewModel(
      catalog: stores.catalog,
      favorites: stores.favorites,
      toggles: stores.toggles,
      toasts: dependencies.toasts,
      tasks: dependencies.tasks
    )
    self.onShowProfile = onShowProfile
    super.init(
      tab: .home, root: HomeScreen(viewModel: viewModel, strings: dependencies.strings), dependencies: dependencies,
      stores: stores)
    viewModel.coordinator = self
  }

  /// Switches to the Profile tab.
  public func showProfile() {
    onShowProfile()
  }
}
