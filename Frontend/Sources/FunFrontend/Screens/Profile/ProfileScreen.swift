import FunModel
import FunViewModel

/// The Profile tab: who is using the app and how many favorites they keep (live).
@MainActor
public final class ProfileScreen: Screen {
  private let viewModel: ProfileViewModel

  /// Binds the screen to its ViewModel.
  public init(viewModel: ProfileViewModel) {
    self.viewModel = viewModel
  }

  public var title: String { "Profile" }

  public var hints: String { "1-5 switch tab  ? help  q quit" }

  public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let profile = viewModel.profile
    var row = area.row
    func line(_ text: String, _ style: Style) {
      guard row < area.row + area.height else { return }
      canvas.put(
        text: DisplayWidth.truncate(text, to: area.width), at: Point(column: area.column, row: row), style: style)
      row += 1
    }
    // Name and handle share a line, so the whole profile fits the 40x12 minimum.
    let name = DisplayWidth.truncate(TextSanitizer.sanitize(profile.name), to: area.width)
    var column = canvas.put(text: name, at: Point(column: area.column, row: row), style: theme.title)
    // The gap is plain, so a theme that underlines accents underlines the handle only.
    column = canvas.put(text: "  ", at: Point(column: column, row: row), style: theme.text)
    canvas.put(
      text: DisplayWidth.truncate("@" + TextSanitizer.sanitize(profile.handle), to: area.column + area.width - column),
      at: Point(column: column, row: row),
      style: theme.accent
    )
    row += 2
    for wrapped in TextWrap.lines(TextSanitizer.sanitize(profile.bio), width: area.width) {
      line(wrapped, theme.text)
    }
    row += 1
    line("Member since \(profile.memberSince)", theme.dim)
    // The note shares the count's line, as on the Favorites header, so the profile still fits
    // the 40x12 minimum.
    let missing = viewModel.missingFavoritesCount
    let note = missing > 0 ? " · \(missing) not in this catalog" : ""
    line("Favorites: " + (viewModel.favoritesCount.map(String.init) ?? "…") + note, theme.text)
  }

  public func handle(_ key: Key, in _: Rect) -> Bool {
    false
  }
}
