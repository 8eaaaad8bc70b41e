import FunModel
import FunViewModel
import Observation

/// The Home tab: the featured carousel (while its toggle is on) and the list of all items.
///
/// ↑ on the list's first row moves the focus up to the carousel's cards: ←/→ then go from card
/// to card (across pages), Enter opens the focused card's item, `f` favorites it, ↓ or Esc go
/// back to the list. Observable, because which card has the focus is view state this screen
/// owns.
@Observable
@MainActor
final class HomeScreen: Screen {
  @ObservationIgnored private let viewModel: HomeViewModel
  @ObservationIgnored private let strings: Localizer

  /// The focused card's position on the page shown, while the focus is on the carousel.
  private var focusedCardStorage: Int?

  /// Binds the screen to its ViewModel; its text is resolved with `strings` (English unless
  /// the coordinator gives it the app's language).
  init(viewModel: HomeViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.home) }

  var hints: String {
    if focusedCard != nil {
      return strings(L10n.Home.hintsCards)
    }
    return strings(
      viewModel.showsCarousel && viewModel.carouselPages.count > 1 ? L10n.Home.hintsPaging : L10n.Home.hints)
  }

  var itemList: ItemList? { viewModel.list }

  /// Busy while a load or a refresh is in flight (not before one has started: nothing then
  /// moves time on, and a spinner would tick for as long as the clock runs).
  var isBusy: Bool {
    viewModel.isLoading || viewModel.isRefreshing
  }

  /// The item of the focused card, for `fav` without an id; else the list's selection.
  var currentItemID: String? {
    focusedItem?.id ?? viewModel.list.selectedItem?.id
  }

  /// The focused card's position on the page shown; `nil` when the focus is on the list or the
  /// carousel does not show (turned off, not loaded), so a focus can never point at nothing.
  var focusedCard: Int? {
    guard let card = focusedCardStorage, showsCarousel, !viewModel.isLoading else { return nil }
    return min(card, viewModel.currentCarouselPage.count - 1)
  }

  private var focusedItem: FeaturedItem? {
    focusedCard.map { viewModel.currentCarouselPage[$0] }
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    if viewModel.isRefreshing {
      canvas.put(text: strings(L10n.Home.refreshing), at: Point(column: area.column, row: row), style: theme.dim)
      row += 1
    }
    // Before the first load has even started there is nothing to show but the wait.
    if viewModel.isLoading || (!viewModel.catalog.hasLoaded && viewModel.error == nil) {
      canvas.put(text: strings(L10n.Common.loadingCatalog), at: Point(column: area.column, row: row), style: theme.dim)
      return
    }
    if let error = viewModel.error, viewModel.list.rows.isEmpty {
      let message = TextSanitizer.sanitize(strings(error.text))
      for line in TextWrap.lines(message, width: area.width).prefix(max(area.height - 2, 1)) {
        canvas.put(text: line, at: Point(column: area.column, row: row), style: theme.toastError)
        row += 1
      }
      canvas.put(
        text: strings(L10n.Common.tryAgain), at: Point(column: area.column, row: row + 1), style: theme.dim)
      return
    }
    if showsCarousel {
      renderCarousel(
        into: &canvas, area: area, row: row, compact: carouselRows(in: area) == Self.compactCarouselRows,
        theme: theme)
    }
    let list = listArea(in: area)
    let headerRow = list.row - 1
    let header = strings(L10n.Home.allItems(viewModel.list.rows.count))
    var end = canvas.put(text: header, at: Point(column: area.column, row: headerRow), style: theme.title)
    if let copy = viewModel.catalog.status.offlineCopy {
      // Too narrow for the day, the word alone: a date cut short would name another day.
      let room = area.column + area.width - end - 2
      let full = strings(L10n.Home.offlineCopy(copy))
      let note =
        DisplayWidth.of(full) <= room ? full : DisplayWidth.truncate(strings(L10n.Home.offline), to: max(room, 0))
      end = canvas.put(text: "  " + note, at: Point(column: end, row: headerRow), style: theme.dim)
    }
    if let position = ItemListView.position(of: viewModel.list) {
      ScrollBar.renderPosition(position, into: &canvas, row: headerRow, area: area, after: end, theme: theme)
    }
    ItemListView.render(viewModel.list, into: &canvas, area: list, theme: theme, showsSelection: focusedCard == nil)
  }

  /// The carousel's rows: its heading, a card's two lines and a blank line.
  private static let fullCarouselRows = 4
  /// The compact carousel's rows, when the full one would leave the list too few: its heading
  /// and the cards' titles.
  private static let compactCarouselRows = 2
  /// The list rows the carousel leaves at least, compacting when it must (40x12 included).
  static let minimumListRows = 4

  /// How many rows the carousel takes in `area`: all four while the list keeps
  /// ``minimumListRows``, else the compact two; none when it is off.
  private func carouselRows(in area: Rect) -> Int {
    guard showsCarousel else { return 0 }
    let other = 1 + (viewModel.isRefreshing ? 1 : 0)
    return area.height - other - Self.fullCarouselRows >= Self.minimumListRows
      ? Self.fullCarouselRows : Self.compactCarouselRows
  }

  private var showsCarousel: Bool {
    viewModel.showsCarousel && !viewModel.carouselPages.isEmpty
  }

  /// Where the list goes in the body: below the refreshing line, the carousel and the list's
  /// header. Render and the paging keys both use it, so a page is exactly what is drawn.
  private func listArea(in area: Rect) -> Rect {
    var top = area.row + 1
    if viewModel.isRefreshing { top += 1 }
    top += carouselRows(in: area)
    return Rect(column: area.column, row: top, width: area.width, height: area.row + area.height - top)
  }

  /// Draws the carousel from `row`: heading, then each card's title and (unless `compact`)
  /// subtitle.
  private func renderCarousel(into canvas: inout Canvas, area: Rect, row: Int, compact: Bool, theme: Theme) {
    let pages = viewModel.carouselPages.count
    var column = canvas.put(
      text: strings(L10n.Home.featured), at: Point(column: area.column, row: row), style: theme.title)
    column = canvas.put(text: "  ", at: Point(column: column, row: row), style: theme.text)
    canvas.put(
      text: "‹ \(viewModel.carouselPageIndex + 1)/\(pages) ›",
      at: Point(column: column, row: row),
      style: theme.accent
    )
    let page = viewModel.currentCarouselPage
    let gap = 2
    let cardWidth = max((area.width - gap * (HomeViewModel.carouselPageSize - 1)) / HomeViewModel.carouselPageSize, 4)
    let focused = focusedCard
    for (index, item) in page.enumerated() {
      let left = area.column + index * (cardWidth + gap)
      let end = left + cardWidth
      let card = Rect(column: left, row: row + 1, width: cardWidth, height: compact ? 1 : 2)
      canvas.mark(card, as: .card(index))
      // The focused card takes the selection's colours, as a selected row does, and its bar
      // becomes `>` so the focus shows without colour too.
      let isFocused = index == focused
      if isFocused {
        canvas.fill(card, style: theme.selection)
      }
      // The bar marks the card; it is decoration, the title and subtitle beside it are text.
      var column = canvas.put(
        text: isFocused ? ">" : "▌", at: Point(column: left, row: row + 1),
        style: isFocused ? theme.selection : theme.decoration)
      if viewModel.list.isFavorite(item.id) {
        column = canvas.put(
          text: DisplayWidth.truncate("★ ", to: end - column), at: Point(column: column, row: row + 1),
          style: isFocused ? theme.selection : theme.favoriteStar)
      }
      let title = DisplayWidth.truncate(TextSanitizer.sanitize(item.title), to: max(end - column, 0))
      canvas.put(
        text: title, at: Point(column: column, row: row + 1), style: isFocused ? theme.selection : theme.accent)
      guard !compact else { continue }
      column = canvas.put(
        text: isFocused ? " " : "▌", at: Point(column: left, row: row + 2),
        style: isFocused ? theme.selection : theme.decoration)
      let subtitle = DisplayWidth.truncate(TextSanitizer.sanitize(item.subtitle), to: end - column)
      canvas.put(
        text: subtitle, at: Point(column: column, row: row + 2), style: isFocused ? theme.selection : theme.dim)
    }
  }

  func handle(_ key: Key, in area: Rect) -> Bool {
    if let card = focusedCard {
      return handleCarousel(key, card: card)
    }
    if key == .up || key == .char("k"), viewModel.list.selectedIndex == 0, showsCarousel, !viewModel.isLoading {
      focusedCardStorage = 0
      return true
    }
    switch key {
    case .left, .char("h"): viewModel.previousCarouselPage()
    case .right, .char("l"): viewModel.nextCarouselPage()
    case .char("r"): refresh()
    case .char("p"): viewModel.showProfile()
    default: return ItemListView.handle(key, list: viewModel.list, rows: listArea(in: area).height)
    }
    return true
  }

  /// The keys while card `card` has the focus. ←/→ past the page's edge turn the page.
  private func handleCarousel(_ key: Key, card: Int) -> Bool {
    switch key {
    case .left, .char("h"):
      if card > 0 {
        focusedCardStorage = card - 1
      } else if viewModel.carouselPageIndex > 0 {
        viewModel.previousCarouselPage()
        focusedCardStorage = viewModel.currentCarouselPage.count - 1
      }
    case .right, .char("l"):
      if card < viewModel.currentCarouselPage.count - 1 {
        focusedCardStorage = card + 1
      } else if viewModel.carouselPageIndex < viewModel.carouselPages.count - 1 {
        viewModel.nextCarouselPage()
        focusedCardStorage = 0
      }
    case .up, .char("k"): break
    case .down, .char("j"), .escape: focusedCardStorage = nil
    case .enter: viewModel.list.open(viewModel.currentCarouselPage[card])
    case .char("f"): viewModel.list.toggleFavorite(viewModel.currentCarouselPage[card])
    case .char("r"): refresh()
    case .char("p"): viewModel.showProfile()
    default: return false
    }
    return true
  }

  /// A click on a card gives it the focus, a click on the focused card opens it; a row acts
  /// as on every list (and takes the focus back to the list).
  func handleClick(on target: MouseTarget) -> Bool {
    switch target {
    case .card(let index) where viewModel.currentCarouselPage.indices.contains(index):
      if index == focusedCard {
        viewModel.list.open(viewModel.currentCarouselPage[index])
      } else {
        focusedCardStorage = index
      }
      return true
    case .row:
      focusedCardStorage = nil
      return ItemListView.click(target, list: viewModel.list)
    default:
      return false
    }
  }

  func refresh() {
    viewModel.refresh()
  }
}
