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
