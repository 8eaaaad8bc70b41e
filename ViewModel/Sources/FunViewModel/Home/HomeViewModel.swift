import FunCore
import FunModel
import Observation

/// The Home tab: the featured carousel and the list of every item, with favorite marks.
///
/// The items come from the shared ``CatalogStore``, which the session loads: the first load
/// shows as its list's ``ItemList/status`` (a failure too; the session's start toasts it, once,
/// for every tab), and ``Action/refresh`` fetches it again as every list tab does.
///
/// The carousel shows the featured items in pages of ``carouselPageSize``. Paging is clamped:
/// ``Action/nextCarouselPage`` on the last page and ``Action/previousCarouselPage`` on the
/// first change nothing, so the page indicator always reads as a position with two ends. Whether it shows
/// follows the featured-carousel toggle in the shared ``TogglesStore`` (``showsCarousel``). The
/// all-items list is an ``ItemList``, with favorite marks from the shared ``FavoritesStore``.
@Observable
@MainActor
public final class HomeViewModel {
  /// How many featured items a carousel page holds.
  public static let carouselPageSize = 3

  @ObservationIgnored private let catalog: CatalogStore

  /// Where opening an item or the profile goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any HomeCoordinating)?

  /// The all-items list: every item, in catalog order; opening one shows its detail.
  @ObservationIgnored public private(set) lazy var list = ItemList(
    rows: { [catalog] in CatalogItems(catalog.items) },
    showsCatalogStatus: true,
    catalog: catalog,
    favorites: favorites,
    open: { [weak self] item in self?.coordinator?.showDetail(for: item) }
  )

  private var carouselPageStorage = 0

  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let toggles: TogglesStore
  @ObservationIgnored private let catalogRefresh: CatalogRefresh

  /// The Home tab over the shared stores.
  public init(
    catalog: CatalogStore,
    favorites: FavoritesStore,
    toggles: TogglesStore,
    toasts: any ToastService,
    tasks: TaskTracker
  ) {
    self.catalog = catalog
    self.favorites = favorites
    self.toggles = toggles
    catalogRefresh = CatalogRefresh(catalog: catalog, toasts: toasts, tasks: tasks)
  }

  /// What the user can do on the Home tab besides what its ``list`` does.
  public enum Action: Equatable, Sendable {
    /// Fetches the catalog again, as every list tab does: a success toast, or an error toast
    /// with the old items kept.
    case refresh
    /// Shows the next carousel page; stays on the last.
    case nextCarouselPage
    /// Shows the previous carousel page; stays on the first.
    case previousCarouselPage
    /// Switches to the Profile tab.
    case showProfile
  }

  /// Does what the user asked of the Home tab.
  public func send(_ action: Action) {
    switch action {
    case .refresh: catalogRefresh.start()
    case .nextCarouselPage: carouselPageStorage = min(carouselPageIndex + 1, max(carouselPageCount - 1, 0))
    case .previousCarouselPage: carouselPageStorage = max(carouselPageIndex - 1, 0)
    case .showProfile: coordinator?.showProfile()
    }
  }

  /// Whether the first load or a refresh is in flight.
  public var isBusy: Bool {
    catalogRefresh.isLoadingOrRefreshing
  }

  /// That the catalog shown is the copy saved for offline use, and from when, as both views say
  /// it beside the list; `nil` while it comes from its source.
  public var offlineCopy: LocalizedText? {
    catalog.status.offlineCopy.map(L10n.Home.offlineCopy)
  }

  /// Whether the featured carousel is on, from the shared ``TogglesStore``.
  public var showsCarousel: Bool {
    toggles.toggles.showsFeaturedCarousel
  }

  // MARK: Loading

  var featuredItems: [FeaturedItem] {
    catalog.featuredItems
  }

  // MARK: Carousel

  /// How many pages the featured items fill, without building them: a frame asks several times,
  /// and a million-item catalog has a hundred thousand featured items or more.
  public var carouselPageCount: Int {
    (featuredItems.count + Self.carouselPageSize - 1) / Self.carouselPageSize
  }

  /// The page on show, in `0..<carouselPageCount` (0 when there are no pages).
  public var carouselPageIndex: Int {
    min(carouselPageStorage, max(carouselPageCount - 1, 0))
  }

  /// The items of the page on show; empty when there are no featured items.
  public var currentCarouselPage: [FeaturedItem] {
    carouselPageCount == 0 ? [] : carouselPage(carouselPageIndex)
  }

  private func carouselPage(_ page: Int) -> [FeaturedItem] {
    let featured = featuredItems
    let start = page * Self.carouselPageSize
    return Array(featured[start..<min(start + Self.carouselPageSize, featured.count)])
  }
}
