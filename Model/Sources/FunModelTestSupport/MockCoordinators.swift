import FunModel

/// Records what ViewModels ask of navigation: one mock for every coordinator protocol.
@MainActor
public final class MockCoordinator: HomeCoordinating, SearchCoordinating, FavoritesCoordinating,
  DetailCoordinating
{
  /// Items passed to `showDetail(for:)`, in order.
  public private(set) var shownDetails: [FeaturedItem] = []
  /// How many times `showProfile()` was called.
  public private(set) var showProfileCount = 0
  /// How many times `closeDetail()` was called.
  public private(set) var closeDetailCount = 0

  /// Creates the mock.
  public init() {}

  public func showDetail(for item: FeaturedItem) {
    shownDetails.append(item)
  }

  public func showProfile() {
    showProfileCount += 1
  }

  public func closeDetail() {
    closeDetailCount += 1
  }
}
