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
/// (``showsCarousel``) follows the featured-carousel toggle in the shared ``TogglesStore`` and
/// the featured items. The all-items list is an ``ItemList``, with favorite marks from the shared
/// ``FavoritesStore``.
///
/// The focus is on the list or on one of the page's cards (``focusedCard``): it is the
/// ViewModel's, not a screen's, because both views follow it, the full screen drawing the card
/// selected and the screen reader saying it. A card's focus lasts only while the list's selection
/// stays where it was when the card took it: a selection moved (while the carousel was hidden,
/// say) is where the person is, and Enter must open that row, not a card they left.
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

  /// The focused card's position on the page shown, while the focus is on the carousel.
  private var focusedCardStorage: CardFocus?

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
  public enum Action: Equatable, Hashable, Sendable {
    /// Fetches the catalog again, as every list tab does: a success toast, or an error toast
    /// with the old items kept.
    case refresh
    /// Shows the next carousel page; stays on the last.
    case nextCarouselPage
    /// Shows the previous carousel page; stays on the first.
    case previousCarouselPage
    /// Moves the list's selection that many rows down (up when negative); up from the first
    /// row, while the carousel shows and the first load is done, the focus moves to the first
    /// card of the page instead.
    case moveSelection(by: Int)
    /// Moves the focus from the list to card `index` of the page shown (clamped to the page);
    /// nothing while the carousel does not show or the first load runs.
    case focusCard(Int)
    /// Moves the focus one card along the carousel, back for a negative `by`, turning the page
    /// past its edge; stays on the first and the last card.
    case moveCardFocus(by: Int)
    /// Moves the focus from the cards back to the list.
    case leaveCards
    /// Switches to the Profile tab.
    case showProfile
  }

  /// Does what the user asked of the Home tab.
  public func send(_ action: Action) {
    switch action {
    case .refresh: catalogRefresh.start()
    case .nextCarouselPage: carouselPageStorage = min(carouselPageIndex + 1, max(carouselPageCount - 1, 0))
    case .previousCarouselPage: carouselPageStorage = max(carouselPageIndex - 1, 0)
    case .moveSelection(let direction): moveSelection(by: direction)
    case .focusCard(let index): focusCard(index)
    case .moveCardFocus(let direction): moveCardFocus(by: direction)
    case .leaveCards: focusedCardStorage = nil
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

  /// Whether the featured carousel shows: its toggle in the shared ``TogglesStore`` is on and
  /// there are featured items to page through. The screen draws it and binds its keys by this,
  /// and the screen reader says its page by it.
  public var showsCarousel: Bool {
    toggles.toggles.showsFeaturedCarousel && carouselPageCount > 0
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

  /// How many featured items there are, on every page.
  public var featuredCount: Int {
    featuredItems.count
  }

  /// The focused card's position on the page shown; `nil` when the focus is on the list or the
  /// carousel does not show (turned off, not loaded, no featured items), so a focus can never
  /// point at nothing.
  public var focusedCard: Int? {
    guard let focus = focusedCardStorage, focus.selectionChanges == list.selectionChanges, showsCarousel,
      !isLoadingFirstTime
    else {
      return nil
    }
    return min(focus.card, currentCarouselPage.count - 1)
  }

  /// The item of the focused card, while a card has the focus.
  public var focusedCardItem: FeaturedItem? {
    focusedCard.map { currentCarouselPage[$0] }
  }

  /// Whether the first load is in flight: the cards are not there to take the focus yet.
  private var isLoadingFirstTime: Bool {
    if case .loading = list.status { true } else { false }
  }

  /// ↑/↓ on the list: the row-1 rule that hands the focus up to the cards.
  private func moveSelection(by direction: Int) {
    if direction < 0, list.selectedIndex == 0, showsCarousel, !isLoadingFirstTime {
      focusCard(0)
    } else {
      list.send(.move(by: direction))
    }
  }

  private func focusCard(_ index: Int) {
    // No focus is kept for cards not there: it would appear with them, on a card nobody chose.
    guard showsCarousel, !isLoadingFirstTime else { return }
    focusedCardStorage = CardFocus(card: max(index, 0), selectionChanges: list.selectionChanges)
  }

  /// ←/→ on a card: to the next one on the page, or past the page's edge to the first (or
  /// last) card of the next (or previous) page.
  private func moveCardFocus(by direction: Int) {
    guard let card = focusedCard else { return }
    if direction < 0 {
      if card > 0 {
        focusedCardStorage?.card = card - 1
      } else if carouselPageIndex > 0 {
        send(.previousCarouselPage)
        focusedCardStorage?.card = currentCarouselPage.count - 1
      }
    } else if card < currentCarouselPage.count - 1 {
      focusedCardStorage?.card = card + 1
    } else if carouselPageIndex < carouselPageCount - 1 {
      send(.nextCarouselPage)
      focusedCardStorage?.card = 0
    }
  }

  /// A card's focus, and the list's selection it leaves in place: once that is set again, even
  /// to the same row, the focus is the list's again.
  private struct CardFocus {
    var card: Int
    let selectionChanges: Int
  }

  private func carouselPage(_ page: Int) -> [FeaturedItem] {
    let featured = featuredItems
    let start = page * Self.carouselPageSize
    return Array(featured[start..<min(start + Self.carouselPageSize, featured.count)])
  }
}
