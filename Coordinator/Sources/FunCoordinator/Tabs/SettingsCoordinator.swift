import FunFrontend
import FunModel
import FunViewModel

/// The Settings tab: the feature toggles; a reset asks first, in a sheet.
@MainActor
final class SettingsCoordinator: TabCoordinator, SettingsCoordinating {
  let viewModel: SettingsViewModel

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = SettingsViewModel(toggles: stores.toggles, toasts: dependencies.toasts)
    super.init(
      root: Screens.settings(viewModel: viewModel, strings: dependencies.strings),
      dependencies: dependencies, stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Asks whether to reset every setting; resets them on confirmation.
  func confirmReset() {
    let viewModel = viewModel
    // Weak: the sheet is the root's and must keep none of the session's ViewModels alive.
    presenter?.presentQuestion(
      title: L10n.Sheet.resetTitle, message: L10n.Sheet.resetMessage, confirmTitle: L10n.Sheet.resetAction,
      strings: dependencies.strings
    ) { [weak viewModel] in viewModel?.send(.resetToDefaults) }
  }
}
