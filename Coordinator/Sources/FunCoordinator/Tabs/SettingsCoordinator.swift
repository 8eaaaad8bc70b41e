import FunFrontend
import FunModel
import FunViewModel

/// The Settings tab: the feature toggles.
@MainActor
public final class SettingsCoordinator: TabCoordinator {
  /// The Settings screen's model.
  public let viewModel: SettingsViewModel

  init(stores: SharedStores, dependencies: AppDependencies) {
    viewModel = SettingsViewModel(
      featureToggles: dependencies.featureToggles, toasts: dependencies.toasts, tasks: dependencies.tasks)
    super.init(
      tab: .settings, root: SettingsScreen(viewModel: viewModel), dependencies: dependencies, stores: stores)
  }
}
