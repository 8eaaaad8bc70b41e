import FunModel

/// Records what ViewModels ask of navigation: one mock for every coordinator protocol.
@MainActor
public final class MockCoordinator: HomeCoordinating, SearchCoordinating, FavoritesCoordinating,
  ProfileCoordinating, SettingsCoordinating, SheetCoordinating, MyItemsCoordinating, SignInCoordinating
{
  /// Items passed to `showDetail(for:)`, in order.
  public private(set) var shownDetails: [FeaturedItem] = []
  /// How many times `showProfile()` was called.
  public private(set) var showProfileCount = 0
  /// How many times `editProfile()` was called.
  public private(set) var editProfileCount = 0
  /// How many times `signOut()` was called.
  public private(set) var confirmSignOutCount = 0
  /// How many times `confirmReset()` was called.
  public private(set) var confirmResetCount = 0
  /// How many times `dismissSheet()` was called.
  public private(set) var dismissSheetCount = 0

  /// The ids passed to `showForm(editing:)`, in order (`nil`: a new item's form).
  public private(set) var shownForms: [String?] = []
  /// The items passed to `confirmDelete(_:)`, in order.
  public private(set) var deleteQuestions: [FeaturedItem] = []

  /// The profiles signed in to through `signIn(profileNamed:)`, in order; a name the rule
  /// refuses is thrown back, as the app's coordinator does, and not recorded.
  public private(set) var signedInProfiles: [String] = []
  /// How many times `continueAsGuest()` was called.
  public private(set) var continueAsGuestCount = 0
  /// The profiles passed to `confirmDeleteProfile(_:)`, in order.
  public private(set) var deleteProfileQuestions: [ProfileName] = []
  /// How many deep links wait for a sign-in; none unless a test sets it.
  public var waitingLinkCount = 0

  /// Creates the mock.
  public init() {}

  public func showDetail(for item: FeaturedItem) {
    shownDetails.append(item)
  }

  public func showProfile() {
    showProfileCount += 1
  }

  public func editProfile() {
    editProfileCount += 1
  }

  public func confirmSignOut() {
    confirmSignOutCount += 1
  }

  public func confirmReset() {
    confirmResetCount += 1
  }

  public func dismissSheet() {
    dismissSheetCount += 1
  }

  public func showForm(editing id: String?) {
    shownForms.append(id)
  }

  public func confirmDelete(_ item: FeaturedItem) {
    deleteQuestions.append(item)
  }

  public func signIn(profileNamed name: String) throws(AppError) {
    signedInProfiles.append(try ProfileName(validating: name).value)
  }

  public func continueAsGuest() {
    continueAsGuestCount += 1
  }

  public func confirmDeleteProfile(_ name: ProfileName) {
    deleteProfileQuestions.append(name)
  }
}
