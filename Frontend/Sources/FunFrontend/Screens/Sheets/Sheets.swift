import FunModel
import FunViewModel

/// Every sheet of the app, built from the ViewModel it draws: what a coordinator calls to get
/// the sheet it presents.
///
/// As with ``Screens``, the sheet types are internal to this module and a coordinator holds
/// what it builds here as `any Sheet`. Each takes the sheet's ViewModel and `strings`, the
/// language its text is resolved in.
@MainActor
public enum Sheets {
  /// A sheet that asks one question: Enter does it, Esc does not.
  public static func confirmation(viewModel: ConfirmationViewModel, strings: Localizer) -> any Sheet {
    ConfirmationSheet(viewModel: viewModel, strings: strings)
  }

  /// The sheet that edits the profile's display name and bio: Tab moves between them, Enter
  /// saves, Esc cancels.
  public static func profileEditor(viewModel: ProfileEditorViewModel, strings: Localizer) -> any Sheet {
    ProfileEditorSheet(viewModel: viewModel, strings: strings)
  }

  /// The form that writes or edits one of your items: a field each for the id, title,
  /// subtitle, category and description, each saying why it is refused; Ctrl-S (or Enter,
  /// outside the description) saves, Esc cancels.
  public static func myItemForm(viewModel: MyItemFormViewModel, strings: Localizer) -> any Sheet {
    MyItemFormSheet(viewModel: viewModel, strings: strings)
  }

  /// The activity switcher: every activity, the current one marked; Enter (or its number)
  /// shows the chosen one where it was left, Esc keeps the current one.
  public static func activitySwitcher(viewModel: ActivitySwitcherViewModel, strings: Localizer) -> any Sheet {
    ActivitySwitcherSheet(viewModel: viewModel, strings: strings)
  }
}
