import FunFrontend
import FunModel
import FunViewModel

/// The Profile tab: the session's profile; editing it and signing out happen in sheets.
@MainActor
final class ProfileCoordinator: TabCoordinator, ProfileCoordinating {
  let viewModel: ProfileViewModel

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = ProfileViewModel(
      details: dependencies.profileDetails, favorites: stores.favorites, tasks: dependencies.tasks)
    super.init(
      root: ProfileScreen(viewModel: viewModel, strings: dependencies.strings),
      dependencies: dependencies, stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Presents the editor of the display name and bio.
  func editProfile() {
    guard let presenter else { return }
    let model = ProfileEditorViewModel(details: dependencies.profileDetails)
    model.coordinator = presenter
    presenter.present(ProfileEditorSheet(viewModel: model, strings: dependencies.strings))
  }

  /// Asks whether to sign out.
  func signOut() {
    presenter?.confirmSignOut()
  }
}
