import FunModel
import FunViewModel
import Observation

/// One item in full: title, subtitle, category, description, favorite state and its link (the
/// shared text, once `s` has shared it). `f` toggles the favorite, `s` shares, Esc goes back,
/// ↑/↓ scroll a description longer than its room.
///
/// Observable, because the scroll position is view state this screen owns: a scroll key
/// redraws through Observation like any other change.
@Observable
@MainActor
public final class DetailScreen: Screen {
  @ObservationIgnored private let viewModel: DetailViewModel

  /// How many description lines are scrolled off the top. The scroll keys keep it within what
  /// the layout allows; render still clamps its own copy, because a resize can lower that
  /// limit without a key.
  private var scrollOffset = 0

  /// Binds the screen to its ViewModel.
  public init(viewModel: DetailViewModel) {
    self.viewModel = viewModel
  }

  public var title: String { TextSanitizer.sanitize(viewModel.item.title) }

  public var hints: String { "f favorite  s share  esc back  ↑↓ scroll  ? help" }

  public var currentItemID: String? { viewModel.item.id }

  public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let item = viewModel.item
    var row = area.row
    let bottom = area.row + area.height
    func line(_ text: String, _ style: Style) {
      guard row < bottom else { return }
      canvas.put(
        text: DisplayWidth.truncate(text, to: area.width), at: Point(column: area.column, row: row), style: style)
      row += 1
    }
    let star = viewModel.isFavorite ? "★ " : ""
    line(star + TextSanitizer.sanitize(item.title), theme.title)
    // Body text under the title: an accent would make it a second title (system's is bold).
    line(TextSanitizer.sanitize(item.subtitle), theme.text)
    line(
      "Category: " + TextSanitizer.sanitize(item.category) + (item.isFeatured ? "  · Featured" : ""),
      theme.dim
    )
    let description = DescriptionLayout(of: item, in: area)
    row = description.top
    // The last visible line ends in "…" while more follows.
    let offset = min(scrollOffset, description.maximumOffset)
    let visible = description.lines.dropFirst(offset).prefix(description.room)
    for (index, wrapped) in visible.enumerated() {
      let isCut = index == description.room - 1 && offset < description.maximumOffset
      line(isCut ? DisplayWidth.truncate(wrapped + String(DisplayWidth.ellipsis), to: area.width) : wrapped, theme.text)
    }
    row = max(row, bottom - DescriptionLayout.footerRows)
    // The star carries the colour; the words are body text, and "not a favorite" is neutral.
    if !viewModel.isFavorite {
      line("☆ Not a favorite", theme.dim)
    } else if row < bottom {
      let column = canvas.put(text: "★", at: Point(column: area.column, row: row), style: theme.favoriteStar)
      canvas.put(
        text: DisplayWidth.truncate(" In your favorites", to: area.column + area.width - column),
        at: Point(column: column, row: row), style: theme.text)
      row += 1
    }
    // Once shared, the link line shows the text that was shared (it ends with the link), so
    // the share has a visible result beyond its toast.
    let shared = viewModel.lastSharedText.map { "Shared: " + $0 }
    line(TextSanitizer.sanitize(shared ?? viewModel.link), theme.dim)
  }

  public func handle(_ key: Key, in area: Rect) -> Bool {
    switch key {
    case .char("f"): viewModel.toggleFavorite()
    case .char("s"): _ = viewModel.share()
    case .escape, .backspace: viewModel.close()
    case .down, .char("j"): scroll(by: 1, in: area)
    case .up, .char("k"): scroll(by: -1, in: area)
    default: return false
    }
    return true
  }

  /// Moves the description `step` lines, between the top and the last offset the layout in
  /// `area` allows.
  private func scroll(by step: Int, in area: Rect) {
    let maximumOffset = DescriptionLayout(of: viewModel.item, in: area).maximumOffset
    let offset = min(max(min(scrollOffset, maximumOffset) + step, 0), maximumOffset)
    // At either end nothing moves; not writing the same value spares a redraw.
    if offset != scrollOffset {
      scrollOffset = offset
    }
  }
}

/// Where the description goes in the body: the rows between the header (title, subtitle,
/// category and a blank line) and the footer (favorite state and link), and its lines wrapped
/// to the body's width. Render and the scroll keys both use it, so a key is bounded by exactly
/// what is drawn.
private struct DescriptionLayout {
  /// The footer's lines: the favorite state and the link.
  static let footerRows = 2
  /// The header's lines, blank line aside: title, subtitle and category.
  private static let headerRows = 3

  /// The first row of the description.
  let top: Int
  /// How many rows the description has.
  let room: Int
  /// The description, sanitised and wrapped.
  let lines: [String]

  init(of item: FeaturedItem, in area: Rect) {
    let bottom = area.row + area.height
    top = area.row + min(Self.headerRows, max(area.height, 0)) + 1
    // The footer sits at the bottom with a blank line above it; when that would leave no room
    // for the description (the 40x12 minimum), the blank line goes.
    var end = bottom - Self.footerRows - 1
    if end <= top { end = bottom - Self.footerRows }
    room = max(end - top, 0)
    lines = TextWrap.lines(TextSanitizer.sanitize(item.description), width: area.width)
  }

  /// The largest scroll offset: the one that shows the last line at the bottom of the room.
  var maximumOffset: Int {
    max(lines.count - room, 0)
  }
}
