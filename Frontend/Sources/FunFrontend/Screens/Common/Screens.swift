import FunModel
import FunViewModel

/// Every screen of the app, built from the ViewModel it draws: what a coordinator calls to
/// get the screen it shows.
///
/// The screen types are internal to this module, so a screen's layout and keys change without
/// touching another package: a coordinator holds what it builds here as `any Screen`. A new
/// screen gets one function here, named after its feature. Each takes the ViewModel the screen
/// is bound to and `strings`, the language its text is resolved in.
@MainActor
public enum Screens {
  /// The sign-in screen, shown while nobody is signed in: the saved profiles, a field that
  /// creates one, and "Continue as guest".
  public static func signIn(viewModel: SignInViewModel, strings: Localizer) -> any Screen {
    SignInScreen(viewModel: viewModel, strings: strings)
  }

  /// The Home tab: the featured carousel (while its toggle is on) and the list of all items.
  public static func home(viewModel: HomeViewModel, strings: Localizer) -> any Screen {
    HomeScreen(viewModel: viewModel, strings: strings)
  }

  /// The Search tab: a query field, the category filter and the results.
  public static func search(viewModel: SearchViewModel, strings: Localizer) -> any Screen {
    SearchScreen(viewModel: viewModel, strings: strings)
  }

  /// The Favorites tab: the favorited items, live.
  public static func favorites(viewModel: FavoritesViewModel, strings: Localizer) -> any Screen {
    FavoritesScreen(viewModel: viewModel, strings: strings)
  }

  /// The Profile tab: the signed-in profile, how many favorites it keeps, and "Sign out".
  public static func profile(viewModel: ProfileViewModel, strings: Localizer) -> any Screen {
    ProfileScreen(viewModel: viewModel, strings: strings)
  }

  /// The Settings tab: each feature toggle with its value.
  public static func settings(viewModel: SettingsViewModel, strings: Localizer) -> any Screen {
    SettingsScreen(viewModel: viewModel, strings: strings)
  }

  /// Studio's Sources tab: how the catalog's loads went, and `r` to load it again.
  public static func sources(viewModel: SourcesViewModel, strings: Localizer) -> any Screen {
    SourcesScreen(viewModel: viewModel, strings: strings)
  }

  /// Studio's My items tab: your own items; `n` writes one, `e` edits, `d` deletes.
  public static func myItems(viewModel: MyItemsViewModel, strings: Localizer) -> any Screen {
    MyItemsScreen(viewModel: viewModel, strings: strings)
  }

  /// One item in full, pushed over a tab's root: its text, favorite state and link.
  public static func detail(viewModel: DetailViewModel, strings: Localizer) -> any Screen {
    DetailScreen(viewModel: viewModel, strings: strings)
  }
}
