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

/// What Favorites asks of navigation.
@MainActor
public protocol FavoritesCoordinating: AnyObject {
  /// Pushes the item's detail on the Favorites stack.
  func showDetail(for item: FeaturedItem)
}

/// What Detail asks of navigation.
@MainActor
public protocol DetailCoordinating: AnyObject {
  /// Pops the detail off its stack.
  func closeDetail()
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
}
