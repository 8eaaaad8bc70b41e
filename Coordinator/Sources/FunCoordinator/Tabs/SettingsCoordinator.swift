import FunFrontend
import FunModel
import FunViewModel

/// The Settings tab: the feature toggles.
@MainActor
public final class SettingsCoordinator: TabCoordinator {
  /// The Settings screen's model.
  public let viewModel: SettingsViewModel

  init(stores: SharedStores, dependencies: AppDependencies) {
    viewModel = SettingsViewModel(toggles: stores.toggles, toasts: dependencies.toasts)
    super.init(
      tab: .settings, root: SettingsScreen(viewModel: viewModel), dependencies: dependencies, stores: stores)
  }
}
