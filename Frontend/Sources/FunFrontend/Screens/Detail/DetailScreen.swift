import FunModel
import FunViewModel

/// One item in full: title, subtitle, category, description, favorite state and its link.
/// `f` toggles the favorite, `s` shares, Esc goes back.
@MainActor
public final class DetailScreen: Screen {
  private let viewModel: DetailViewModel

  /// Binds the screen to its ViewModel.
  public init(viewModel: DetailViewModel) {
    self.viewModel = viewModel
  }

  public var title: String { TextSanitizer.sanitize(viewModel.item.title) }

  public var hints: String { "f favorite  s share  esc back  ? help" }

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
    for (index, wrapped) in description.prefix(room).enumerated() {
      let isCut = index == room - 1 && description.count > room
      line(isCut ? DisplayWidth.truncate(wrapped + String(DisplayWidth.ellipsis), to: area.width) : wrapped, theme.text)
    }
    row = max(row, bottom - footer)
    line(viewModel.isFavorite ? "★ In your favorites" : "☆ Not a favorite", theme.favoriteStar)
    line(TextSanitizer.sanitize(viewModel.link), theme.dim)
  }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .char("f"): viewModel.toggleFavorite()
    case .char("s"): _ = viewModel.share()
    case .escape, .backspace: viewModel.close()
    default: return false
    }
    return true
  }
}
