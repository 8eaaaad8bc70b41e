import FunModel
import FunViewModel

/// The Home tab: the featured carousel (while its toggle is on) and the list of all items.
///
/// ↑ on the list's first row moves the focus up to the carousel's cards: ←/→ then go from card
/// to card (across pages), Enter opens the focused card's item, `f` favorites it, ↓ or Esc go
/// back to the list. Which card has the focus is the ViewModel's (``HomeViewModel/focusedCard``),
/// as the screen reader says it too.
@MainActor
final class HomeScreen: Screen {
  private let viewModel: HomeViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: HomeViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.home) }

  /// `f` is named for what it does to the focused card's item, else the selected row's: on a
  /// favorite it unfavorites.
  func hints(in _: Rect) -> String {
    let list = viewModel.list
    if let focusedItem {
      return strings(L10n.Home.hintsCards(list.favoriteHint(for: focusedItem.id)))
    }
    // No rows to move through or open: an empty catalog, or the wait or failure standing in.
    if list.status != .loaded {
      return strings(L10n.Home.hintsEmpty)
    }
    let pages = viewModel.showsCarousel && viewModel.carouselPageCount > 1
    let favorite = list.favoriteHint
    return strings(pages ? L10n.Home.hintsPaging(favorite) : L10n.Home.hints(favorite))
  }

  var itemList: ItemList? { viewModel.list }

  /// Busy while a load or a refresh is in flight (not before one has started: nothing then
  /// moves time on, and a spinner would tick for as long as the clock runs).
  var isBusy: Bool {
    viewModel.isBusy
  }

  /// The item of the focused card, for `fav` without an id; else the list's selection.
  var currentItemID: String? {
    focusedItem?.id ?? viewModel.list.selectedItem?.id
  }

  /// The focused card's position on the page shown, while the focus is on the carousel.
  var focusedCard: Int? {
    viewModel.focusedCard
  }

  private var focusedItem: FeaturedItem? {
    viewModel.focusedCardItem
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    // A refresh shows only as the title line's spinner (``isBusy``): a line of its own would
    // push the carousel and the list down and back while the reload runs.
    let row = area.row
    if CatalogListStatusView.render(viewModel.list, into: &canvas, area: area, strings: strings, theme: theme) {
      return
    }
    if isEmptyCatalog {
      // "All items (0)" alone would not say what is empty, or what to do about it.
      EmptyListView.render(
        L10n.Home.emptyCatalog, hint: L10n.Home.emptyCatalogHint, into: &canvas, area: area, strings: strings,
        theme: theme)
      return
    }
    if viewModel.showsCarousel {
      renderCarousel(
        into: &canvas, area: area, row: row, compact: carouselRows(in: area) == Self.compactCarouselRows,
        theme: theme)
    }
    let list = listArea(in: area)
    let headerRow = list.row - 1
    let header = strings(L10n.Home.allItems(viewModel.list.rows.count))
    var end = canvas.put(text: header, at: Point(column: area.column, row: headerRow), style: theme.title)
    if let copy = viewModel.offlineCopy {
      // Too narrow for the day, the word alone: a date cut short would name another day.
      let room = area.column + area.width - end - 2
      let full = strings(copy)
      let note =
        DisplayWidth.of(full) <= room ? full : DisplayWidth.truncate(strings(L10n.Home.offline), to: max(room, 0))
      end = canvas.put(text: "  " + note, at: Point(column: end, row: headerRow), style: theme.dim)
    }
    ItemListView.renderPosition(
      of: viewModel.list, into: &canvas, row: headerRow, area: area, after: end, strings: strings, theme: theme)
    ItemListView.render(
      viewModel.list, into: &canvas, area: list, theme: theme, strings: strings, showsSelection: focusedCard == nil)
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
    guard viewModel.showsCarousel else { return 0 }
    // The list's header is the one other row.
    return area.height - 1 - Self.fullCarouselRows >= Self.minimumListRows
      ? Self.fullCarouselRows : Self.compactCarouselRows
  }

  /// Whether the catalog loaded, without an error, and has no items.
  private var isEmptyCatalog: Bool {
    viewModel.list.status == .empty
  }

  /// Where the list goes in the body: below the carousel and the list's header. Render and
  /// the paging keys both use it, so a page is exactly what is drawn.
  private func listArea(in area: Rect) -> Rect {
    let top = area.row + 1 + carouselRows(in: area)
    return Rect(column: area.column, row: top, width: area.width, height: area.row + area.height - top)
  }

  /// Draws the carousel from `row`: heading, then each card's title and (unless `compact`)
  /// subtitle.
  private func renderCarousel(into canvas: inout Canvas, area: Rect, row: Int, compact: Bool, theme: Theme) {
    let pages = viewModel.carouselPageCount
    var column = canvas.put(
      text: strings(L10n.Home.featured), at: Point(column: area.column, row: row), style: theme.title)
    column = canvas.put(text: "  ", at: Point(column: column, row: row), style: theme.text)
    canvas.put(
      text: "‹ \(strings.position(viewModel.carouselPageIndex + 1, of: pages)) ›",
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

  func refresh() -> Bool {
    viewModel.send(.refresh)
    return true
  }

  func keyBindings(in area: Rect) -> KeyBindings {
    let list = viewModel.list
    let card = focusedCard
    let own = viewModel.showsCarousel ? ItemListView.rowKeys([moveOrFocusCards], of: list) : []
    var sections = [
      KeyBindings.Section(
        L10n.Help.sectionList, isActive: card == nil,
        own + ItemListView.keyBindings(list: list, rows: listArea(in: area).height, besides: own)
          + (viewModel.showsCarousel
            ? [
              .directions(back: [.left, .char("h")], forward: [.right, .char("l")], L10n.Help.carouselPage) {
                self.viewModel.send($0 < 0 ? .previousCarouselPage : .nextCarouselPage)
              }
            ] : []))
    ]
    if viewModel.showsCarousel {
      sections.append(KeyBindings.Section(L10n.Help.sectionCards, isActive: card != nil, cardBindings(card: card ?? 0)))
    }
    sections.append(
      KeyBindings.Section(
        L10n.Tab.home,
        [
          .refresh(self),
          KeyBinding([.char("p")], L10n.Help.goToProfile) { self.viewModel.send(.showProfile) },
        ]))
    return KeyBindings(sections)
  }

  /// ↑/↓ on the list, where ↑ on the first row moves the focus up to the cards (the
  /// ViewModel's rule, ``HomeViewModel/Action/moveSelection(by:)``).
  private var moveOrFocusCards: KeyBinding {
    .directions(back: [.up, .char("k")], forward: [.down, .char("j")], L10n.Help.moveToCards) {
      self.viewModel.send(.moveSelection(by: $0))
    }
  }

  /// The keys while card `card` has the focus. ←/→ past the page's edge turn the page.
  private func cardBindings(card: Int) -> [KeyBinding] {
    [
      .directions(back: [.left, .char("h")], forward: [.right, .char("l")], L10n.Help.card) {
        self.viewModel.send(.moveCardFocus(by: $0))
      },
      KeyBinding([.down, .char("j"), .escape], L10n.Help.backToList) { self.viewModel.send(.leaveCards) },
      KeyBinding([.enter], L10n.Help.open) { self.openCard(card) },
      KeyBinding([.char("f")], L10n.Help.favorite) { self.toggleFavoriteOfCard(card) },
    ]
  }

  private func openCard(_ card: Int) {
    let page = viewModel.currentCarouselPage
    guard page.indices.contains(card) else { return }
    viewModel.list.send(.open(page[card]))
  }

  private func toggleFavoriteOfCard(_ card: Int) {
    let page = viewModel.currentCarouselPage
    guard page.indices.contains(card) else { return }
    viewModel.list.send(.toggleFavorite(page[card]))
  }

  /// A click on a card gives it the focus, a click on the focused card opens it; a row acts
  /// as on every list (and takes the focus back to the list).
  func handleClick(on target: MouseTarget) -> Bool {
    switch target {
    case .card(let index) where viewModel.currentCarouselPage.indices.contains(index):
      if index == focusedCard {
        viewModel.list.send(.open(viewModel.currentCarouselPage[index]))
      } else {
        viewModel.send(.focusCard(index))
      }
      return true
    case .row:
      viewModel.send(.leaveCards)
      return ItemListView.click(target, list: viewModel.list)
    default:
      return false
    }
  }
}
