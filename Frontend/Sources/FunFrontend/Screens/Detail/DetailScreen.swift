import FunModel
import FunViewModel
import Observation

/// One item in full: title, subtitle, category (and whether it is yours), description, favorite
/// state and its link
/// (a hyperlink, marked as shared once `s` has shared it). `f` toggles the favorite, `s` shares, Esc goes back,
/// ↑/↓ scroll a description longer than its room; where it fits, the scroll keys are neither
/// bound nor offered, by the hints or by help.
///
/// Observable, because the scroll position is view state this screen owns: a scroll key
/// redraws through Observation like any other change.
@Observable
@MainActor
final class DetailScreen: Screen {
  @ObservationIgnored private let viewModel: DetailViewModel
  var boundViewModel: AnyObject? { viewModel }
  @ObservationIgnored private let strings: Localizer

  /// How many description lines are scrolled off the top. The scroll keys keep it within what
  /// the layout allows; render still clamps its own copy, because a resize can lower that
  /// limit without a key.
  private var scrollOffset = 0

  /// The last layout and what it was computed for. Render, the hints, the key table and the
  /// scroll keys all ask for the layout, several times a frame; wrapping a long description is
  /// linear in its length, so it is done once per item, favorite state and size, not per ask.
  @ObservationIgnored private var cachedLayout: (key: DescriptionLayout.Key, layout: DescriptionLayout)?

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: DetailViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { TextSanitizer.sanitize(viewModel.item.title) }

  /// The hints without the scroll keys: whether they do anything depends on the size, which
  /// only ``hints(in:)`` knows. `f` is named for what it does to this item: on a favorite (every
  /// item opened from Favorites) it unfavorites; on an item the catalog no longer has (deleted
  /// while this page was open) it is not offered, as it does nothing there.
  private var hintsWithoutScrolling: String {
    strings(viewModel.favoriteHint.map { L10n.Detail.hints($0) } ?? L10n.Detail.hintsGone)
  }

  /// The scroll keys are offered only while the description is longer than its room in `area`,
  /// as the position and the scroll bar are, and as ``keyBindings(in:)`` binds them: where
  /// everything shows, they would do nothing.
  func hints(in area: Rect) -> String {
    guard layout(in: area).scrolls else { return hintsWithoutScrolling }
    return strings(
      viewModel.favoriteHint.map { L10n.Detail.hintsScrolling($0) } ?? L10n.Detail.hintsScrollingGone)
  }

  var currentItemID: String? { viewModel.item.id }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    let bottom = area.row + area.height
    func line(_ text: String, _ style: Style) {
      guard row < bottom else { return }
      canvas.put(
        text: DisplayWidth.truncate(text, to: area.width), at: Point(column: area.column, row: row), style: style)
      row += 1
    }
    let description = layout(in: area)
    let offset = min(scrollOffset, description.maximumOffset)
    let visible = description.lines.dropFirst(offset).prefix(description.room)
    // The title is whole, however long (compact, its start; the scrolled text goes on with it,
    // and once that is scrolled away, "…" says it does).
    let isTitleCut = offset > 0 && description.isTitleLine(0)
    for (index, title) in description.titleLines.enumerated() {
      line(isTitleCut && index == description.titleLines.count - 1 ? title + "…" : title, theme.title)
    }
    if !description.isCompact {
      // Body text under the title: an accent would make it a second title (system's is bold).
      line(description.subtitle, theme.text)
      line(description.category, theme.dim)
    }
    row = description.top
    for (index, wrapped) in zip(offset..., visible) {
      // Compact, the title's rest, the subtitle and the category lead the scrolled text, styled
      // as in the header.
      let style =
        description.isTitleLine(index) ? theme.title : description.isCategoryLine(index) ? theme.dim : theme.text
      line(wrapped, style)
    }
    row = max(row, bottom - DescriptionLayout.footerRows)
    let favoriteRow = row
    let favoriteState = viewModel.favoriteState
    // Until the favorites are read the row stays empty; the position beside it is placed as
    // beside "Not a favorite", the words that most items' row then shows.
    let favoriteWords = strings(favoriteState ?? L10n.Detail.notFavorite)
    // Compact, the position shares the favorite state's row: the widest form that fits beside
    // the whole state, else the narrowest, the state's words cut to make room (the star says
    // it). Otherwise it has a blank line to itself.
    let room = description.isCompact ? area.width - DisplayWidth.of("☆ " + favoriteWords) : area.width
    let position =
      description.scrolls
      ? ScrollBar.positionLabel(
        first: offset + 1, last: offset + visible.count, total: description.lines.count, room: room, strings: strings)
      : nil
    var favoriteWidth = area.width
    if description.isCompact, let position {
      favoriteWidth = min(area.width, max(area.width - 2 - DisplayWidth.of(position), 1))
    }
    // The star carries the colour; the words are body text, and "not a favorite" is neutral.
    // Until the favorites are read the row stays empty: it would say "not a favorite" of one.
    var favoriteEnd = area.column
    if favoriteState == nil {
      row += 1
    } else if !viewModel.isFavorite {
      let text = DisplayWidth.truncate("☆ " + favoriteWords, to: favoriteWidth)
      favoriteEnd += DisplayWidth.of(text)
      line(text, theme.dim)
    } else if row < bottom {
      let column = canvas.put(text: "★", at: Point(column: area.column, row: row), style: theme.favoriteStar)
      favoriteEnd = canvas.put(
        text: DisplayWidth.truncate(" " + favoriteWords, to: area.column + favoriteWidth - column),
        at: Point(column: column, row: row), style: theme.text)
      row += 1
    }
    if let position {
      // On the line above the description (blank), or compact, after the favorite state.
      ScrollBar.renderPosition(
        position, into: &canvas, row: description.isCompact ? favoriteRow : description.top - 1, area: area,
        after: description.isCompact ? favoriteEnd : area.column, theme: theme)
      ScrollBar.render(
        into: &canvas, column: area.column + area.width - 1, top: description.top, rows: description.room,
        total: description.lines.count, first: offset, visible: description.room, theme: theme)
    }
    renderLink(into: &canvas, row: row, area: area, theme: theme)
  }

  /// The item's category, with "Featured" and "One of your items" where they apply.
  private var categoryText: String {
    let item = viewModel.item
    return TextSanitizer.sanitize(item.category) + (item.isFeatured ? " · " + strings(L10n.Detail.featured) : "")
      + (viewModel.isOwn ? " · " + strings(L10n.Detail.yours) : "")
  }

  /// The item's link on `row`, whole and a hyperlink (OSC 8) where the terminal takes them;
  /// once shared, a mark after it says so, if it fits beside the link: the link never gives
  /// way to it.
  private func renderLink(into canvas: inout Canvas, row: Int, area: Rect, theme: Theme) {
    guard row < area.row + area.height else { return }
    let link = DisplayWidth.truncate(TextSanitizer.sanitize(viewModel.link), to: area.width)
    let start = Point(column: area.column, row: row)
    let end = canvas.put(text: link, at: start, style: theme.dim)
    canvas.link(Rect(column: start.column, row: row, width: end - start.column, height: 1), to: viewModel.link)
    guard viewModel.hasShared else { return }
    let mark = "  " + strings(L10n.Detail.sharedMark)
    if end + DisplayWidth.of(mark) <= area.column + area.width {
      canvas.put(text: mark, at: Point(column: end, row: row), style: theme.dim)
    }
  }

  /// The scroll keys are bound only while the description is longer than its room in `area`
  /// (the layout the hints ask too), so help, written from this table, lists them exactly when
  /// the hints offer them.
  func keyBindings(in area: Rect) -> KeyBindings {
    var bindings: [KeyBinding] = []
    if viewModel.canToggleFavorite {
      bindings.append(KeyBinding([.char("f")], L10n.Help.favorite) { self.viewModel.send(.toggleFavorite) })
    }
    bindings.append(KeyBinding([.char("s")], L10n.Help.share) { self.viewModel.send(.share) })
    let layout = layout(in: area)
    if layout.scrolls {
      bindings += KeyBinding.scrolling(page: layout.room, total: layout.lines.count) { lines in
        self.scroll(in: area, by: lines)
      }
    }
    return KeyBindings([KeyBindings.Section(L10n.Help.sectionItem, bindings)])
  }

  /// The description's layout in `area`: what render draws, and what the hints, the key table
  /// and the scroll keys ask whether it scrolls and how far. Computed again only when the item,
  /// its favorite or own state, or the area changed; until then every ask gets the same one.
  func layout(in area: Rect) -> DescriptionLayout {
    let key = DescriptionLayout.Key(
      item: viewModel.item, isFavorite: viewModel.isFavorite, isOwn: viewModel.isOwn, area: area)
    if let cachedLayout, cachedLayout.key == key {
      return cachedLayout.layout
    }
    let layout = DescriptionLayout(
      of: key.item, isFavorite: key.isFavorite, category: strings(L10n.Detail.category(categoryText)), in: area)
    cachedLayout = (key, layout)
    return layout
  }

  /// Moves the description by `lines` (negative: up), kept between the top and the last
  /// offset the layout in `area` allows.
  private func scroll(in area: Rect, by lines: Int) {
    let maximumOffset = layout(in: area).maximumOffset
    let offset = KeyBinding.scrolledOffset(from: scrollOffset, by: lines, maximum: maximumOffset)
    // At either end nothing moves; not writing the same value spares a redraw.
    if offset != scrollOffset {
      scrollOffset = offset
    }
  }
}

/// Where the description goes in the body: the rows between the header (the title, wrapped
/// whole, then subtitle, category and a blank line) and the footer (favorite state and link),
/// and its lines wrapped to the body's width, paragraph by paragraph. Render and the scroll
/// keys both use it, so a key is bounded by exactly what is drawn.
///
/// Where that header would leave the description fewer than ``minimumRoom`` lines (40x12), it
/// is compact: the header is the title alone, in at most ``compactTitleLines`` lines, and the
/// subtitle and the category lead the scrolled text, wrapped like it, so nothing is cut to make
/// room. A title longer than those lines goes on at the start of the scrolled text.
///
/// A class: a layout is computed once and then shared by everything that asks for it (see
/// `DetailScreen`'s `layout(in:)`), never copied or computed again for the same item and size.
final class DescriptionLayout {
  /// What a layout depends on besides the language, which a screen never changes: two equal
  /// keys have the same layout.
  struct Key: Equatable {
    let item: FeaturedItem
    let isFavorite: Bool
    let isOwn: Bool
    let area: Rect
  }

  /// The footer's lines: the favorite state and the link.
  static let footerRows = 2
  /// The header's lines after the title, blank line aside: subtitle and category.
  private static let headerRowsAfterTitle = 2
  /// The description lines the layout keeps at least: below them the header shrinks to the
  /// title and the subtitle, with no blank lines (the 40x12 minimum).
  static let minimumRoom = 4
  /// The most lines a compact header's title takes: at 40x12 that leaves the text three.
  static let compactTitleLines = 2

  /// The title's lines (`★ ` before it for a favorite, unless compact: the footer shows it).
  let titleLines: [String]
  /// The subtitle, sanitised: the header's second line, unless compact.
  let subtitle: String
  /// The category line as the header writes it.
  let category: String
  /// The first row of the description.
  let top: Int
  /// How many rows the description has.
  let room: Int
  /// The description, sanitised and wrapped.
  let lines: [String]
  /// Whether the header is the title alone: the subtitle and the category lead ``lines``, and
  /// the position goes beside the favorite state.
  let isCompact: Bool
  /// Which of ``lines`` are the category's (compact only): drawn secondary, as in the header.
  private let categoryLines: Range<Int>
  /// Which of ``lines`` are the title's rest (compact, with the title longer than the header's
  /// lines): drawn as the title.
  private let fullTitleLines: Range<Int>
  /// Whether it is longer than its room: then it is wrapped two columns narrower, for a gap
  /// and the scroll bar.
  let scrolls: Bool

  /// The layout of `item` in `area`; `category` is the category line as the header writes it.
  init(of item: FeaturedItem, isFavorite: Bool, category: String, in area: Rect) {
    let bottom = area.row + area.height
    let title = TextSanitizer.sanitize(item.title)
    // Whole, unless a title of absurd length would leave no room for the subtitle and a line
    // of the description.
    let titleLimit = max(area.height - Self.footerRows - 2, 1)
    let fullTitle = TextWrap.lines((isFavorite ? "★ " : "") + title, width: area.width, limit: titleLimit)
    // Title, subtitle, category, blank line, description, blank line, footer.
    isCompact =
      area.height < fullTitle.count + Self.headerRowsAfterTitle + 1 + Self.minimumRoom + 1 + Self.footerRows
    let compactTitleLimit = min(titleLimit, Self.compactTitleLines)
    // Compact, a title longer than its lines goes on where the scrolled text starts, so it
    // reads on without a line shown twice; it is wrapped two columns narrower, as a scrolled
    // text is (for its bar), so the header's lines and the rest are one wrap.
    let compactTitle = isCompact ? TextWrap.lines(ofParagraphs: [title], width: area.width - 2) : []
    let titleRest = Array(compactTitle.dropFirst(compactTitleLimit))
    if !isCompact {
      titleLines = fullTitle
    } else if titleRest.isEmpty {
      titleLines = TextWrap.lines(title, width: area.width, limit: compactTitleLimit)
    } else {
      titleLines = Array(compactTitle.prefix(compactTitleLimit))
    }
    if isCompact {
      top = min(area.row + titleLines.count, bottom)
      room = max(bottom - Self.footerRows - top, 0)
    } else {
      top = area.row + titleLines.count + Self.headerRowsAfterTitle + 1
      room = bottom - Self.footerRows - 1 - top
    }
    // Paragraphs stay paragraphs; lines wrap within them.
    let description = TextSanitizer.paragraphs(item.description)
    let subtitle = TextSanitizer.sanitize(item.subtitle)
    self.subtitle = subtitle
    self.category = category
    let isCompact = isCompact
    // With `count`, only that many lines are wrapped: whether the text fits needs no more.
    func wrapped(width: Int, atMost count: Int = .max) -> (lines: [String], title: Range<Int>, category: Range<Int>) {
      guard isCompact else {
        return (TextWrap.lines(ofParagraphs: description, width: width, atMost: count), 0..<0, 0..<0)
      }
      let lead = subtitle.isEmpty ? [] : [subtitle]
      let leadLines = titleRest.count + TextWrap.lines(ofParagraphs: lead, width: width, atMost: count).count
      let categoryLines = TextWrap.lines(category, width: width).count
      let lines = titleRest + TextWrap.lines(ofParagraphs: lead + [category] + description, width: width, atMost: count)
      return (lines, 0..<titleRest.count, leadLines..<leadLines + categoryLines)
    }
    // A text longer than its room is wrapped whole once, two columns narrower; one that fits
    // is no longer than the room, so checking it reads no more than the room's lines.
    let full = wrapped(width: area.width, atMost: room + 1)
    scrolls = full.lines.count > room
    (lines, fullTitleLines, categoryLines) = scrolls ? wrapped(width: area.width - 2) : full
  }

  /// Whether line `index` of ``lines`` is the title's.
  func isTitleLine(_ index: Int) -> Bool {
    fullTitleLines.contains(index)
  }

  /// Whether line `index` of ``lines`` is the category's.
  func isCategoryLine(_ index: Int) -> Bool {
    categoryLines.contains(index)
  }

  /// The largest scroll offset: the one that shows the last line at the bottom of the room.
  var maximumOffset: Int {
    max(lines.count - room, 0)
  }
}
