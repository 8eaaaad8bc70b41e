import FunModel
import FunViewModel

/// One item in full: title, subtitle, category, description, favorite state and its link (the
/// shared text, once `s` has shared it). `f` toggles the favorite, `s` shares, Esc goes back.
@MainActor
public final class DetailScreen: Screen {
  private let viewModel: DetailViewModel

  /// How many description lines are scrolled off the top; a view state, not the model's.
  private var scrollOffset = 0
  /// The largest offset the last frame allowed.
  private var scrollLimit = 0

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
    line(TextSanitizer.sanitize(item.subtitle), theme.accent)
    line(
      "Category: " + TextSanitizer.sanitize(item.category) + (item.isFeatured ? "  · Featured" : ""),
      theme.dim
    )
    row += 1
    // The footer's two lines sit at the bottom with a blank line above them; when that would
    // leave no room for the description (the 40x12 minimum), the blank line goes.
    let footer = 2
    var descriptionEnd = bottom - footer - 1
    if descriptionEnd <= row { descriptionEnd = bottom - footer }
    let description = TextWrap.lines(TextSanitizer.sanitize(item.description), width: area.width)
    let room = max(descriptionEnd - row, 0)
    // ↑/↓ scroll a description longer than its room; the last visible line ends in "…" while
    // more follows.
    let maximumOffset = max(description.count - room, 0)
    scrollLimit = maximumOffset
    scrollOffset = min(scrollOffset, maximumOffset)
    let visible = description.dropFirst(scrollOffset).prefix(room)
    for (index, wrapped) in visible.enumerated() {
      let isCut = index == room - 1 && scrollOffset < maximumOffset
      line(isCut ? DisplayWidth.truncate(wrapped + String(DisplayWidth.ellipsis), to: area.width) : wrapped, theme.text)
    }
    row = max(row, bottom - footer)
    line(viewModel.isFavorite ? "★ In your favorites" : "☆ Not a favorite", theme.favoriteStar)
    // Once shared, the link line shows the text that was shared (it ends with the link), so
    // the share has a visible result beyond its toast.
    let shared = viewModel.lastSharedText.map { "Shared: " + $0 }
    line(TextSanitizer.sanitize(shared ?? viewModel.link), theme.dim)
  }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .char("f"): viewModel.toggleFavorite()
    case .char("s"): _ = viewModel.share()
    case .escape, .backspace: viewModel.close()
    case .down, .char("j"): scrollOffset = min(scrollOffset + 1, scrollLimit)
    case .up, .char("k"): scrollOffset = max(scrollOffset - 1, 0)
    default: return false
    }
    return true
  }
}
