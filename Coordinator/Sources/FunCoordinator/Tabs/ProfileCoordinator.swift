import FunFrontend
import FunModel
import FunViewModel

/// The Profile tab: the session's profile; editing it and signing out happen in sheets.
///
/// A guest has no profile to edit: their Profile binds no `e`, and `funapp://profile/edit` and
/// ``editProfile()`` follow the one rule in ``openEditor()``, so none opens an editor that would
/// say something is saved.
@MainActor
final class ProfileCoordinator: TabCoordinator, ProfileCoordinating {
  let viewModel: ProfileViewModel
  private let session: Session

  init(session: Session, stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    self.session = session
    viewModel = ProfileViewModel(
      session: session, details: dependencies.profileDetails, favorites: stores.favorites, tasks: dependencies.tasks)
    super.init(
      root: Screens.profile(viewModel: viewModel, strings: dependencies.strings),
      dependencies: dependencies, stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Presents the editor of the display name and bio, or says why a guest cannot in an error
  /// toast, as `funapp://profile/edit` does: one refusal, one style.
  func editProfile() {
    do throws(AppError) {
      try openEditor()
    } catch {
      dependencies.toasts.show(.error(error.text))
    }
  }

  /// Presents the editor of the display name and bio.
  /// - Throws: ``/FunModel/AppError/profileRequired(reason:)`` for a guest, whose session saves
  ///   nothing: there is no profile to edit.
  func openEditor() throws(AppError) {
    guard case .profile = session else { throw .profileRequired(reason: L10n.Error.guestHasNoProfile) }
    guard let presenter else { return }
    let model = ProfileEditorViewModel(details: dependencies.profileDetails, toasts: dependencies.toasts)
    model.coordinator = presenter
    presenter.present(Sheets.profileEditor(viewModel: model, strings: dependencies.strings))
  }

  /// Asks, in a sheet, whether to sign out; signs out on confirmation.
  func confirmSignOut() {
    let message =
      switch session {
      case .profile(let name): L10n.Sheet.signOutProfile(name.value)
      case .guest: L10n.Sheet.signOutGuest
      }
    // Weak: the root holds the sheet that holds this action.
    presenter?.presentQuestion(
      title: L10n.Sheet.signOutTitle, message: message, confirmTitle: L10n.Sheet.signOutAction,
      strings: dependencies.strings, endsSession: true
    ) { [weak presenter] in presenter?.signOut() }
  }
}
