/// What Home asks of navigation.
@MainActor
public protocol HomeCoordinating: AnyObject {
  /// Pushes the item's detail on the Home stack.
  func showDetail(for item: FeaturedItem)
  /// Switches to the Profile tab.
  func showProfile()
}

/// What Search asks of navigation.
@MainActor
public protocol SearchCoordinating: AnyObject {
  /// Pushes the item's detail on the Search stack.
  func showDetail(for item: FeaturedItem)
}

/// What Profile asks of navigation.
@MainActor
public protocol ProfileCoordinating: AnyObject {
  /// Presents the sheet that edits the profile's display name and bio.
  func editProfile()
  /// Asks (in a sheet) whether to sign out, and signs out if so.
  func confirmSignOut()
}

/// What Settings asks of navigation.
@MainActor
public protocol SettingsCoordinating: AnyObject {
  /// Asks (in a sheet) whether to reset every setting, and resets them if so.
  func confirmReset()
}

/// What a sheet asks of navigation: to be closed.
@MainActor
public protocol SheetCoordinating: AnyObject {
  /// Dismisses the sheet on screen.
  func dismissSheet()
}

/// What Favorites asks of navigation.
@MainActor
public protocol FavoritesCoordinating: AnyObject {
  /// Pushes the item's detail on the Favorites stack.
  func showDetail(for item: FeaturedItem)
}

/// What Studio's My items asks of navigation.
@MainActor
public protocol MyItemsCoordinating: AnyObject {
  /// Presents the form sheet for a new item (`id` `nil`) or for your item `id`.
  func showForm(editing id: String?)
  /// Asks (in a sheet) whether to delete your item `item`, and deletes it if so.
  func confirmDelete(_ item: FeaturedItem)
}

/// What the sign-in screen asks of navigation.
@MainActor
public protocol SignInCoordinating: AnyObject {
  /// Signs in to the profile called `name`, creating it if there is none (ignoring case).
  /// - Throws: ``AppError/invalidProfileName(_:reason:)`` for a name that breaks the rule; the
  ///   screen shows the message and nothing changes.
  func signIn(profileNamed name: String) throws(AppError)

  /// Starts a guest session: the same screens, nothing saved.
  func continueAsGuest()

  /// Asks (in a sheet) whether to delete the profile `name`, and deletes it if so.
  func confirmDeleteProfile(_ name: ProfileName)

  /// How many deep links wait for someone to sign in; they open, in arrival order, right after
  /// sign-in. Observable where the coordinator is.
  var waitingLinkCount: Int { get }
}
