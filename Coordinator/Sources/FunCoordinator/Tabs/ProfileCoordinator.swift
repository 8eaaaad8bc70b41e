import FunFrontend
import FunModel
import FunViewModel

/// The Profile tab.
@MainActor
public final class ProfileCoordinator: TabCoordinator {
  /// The Profile screen's model.
  public let viewModel: ProfileViewModel

  init(stores: SharedStores, dependencies: AppDependencies) {
    viewModel = ProfileViewModel(
      details: dependencies.profileDetails, favorites: stores.favorites, tasks: dependencies.tasks)
    super.init(tab: .profile, root: ProfileScreen(viewModel: viewModel), dependencies: dependencies, stores: stores)
  }
}
