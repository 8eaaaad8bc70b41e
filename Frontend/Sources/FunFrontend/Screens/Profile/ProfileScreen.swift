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
      canvas.put(text: DisplayWidth.truncate(text, to: area.width), at: Point(column: area.column, row: row), style: style)
      row += 1
    }
    line(TextSanitizer.sanitize(profile.name), theme.title)
    line("@" + TextSanitizer.sanitize(profile.handle), theme.accent)
    row += 1
    for wrapped in TextWrap.lines(TextSanitizer.sanitize(profile.bio), width: area.width) {
      line(wrapped, theme.text)
    }
    row += 1
    line("Member since \(profile.memberSince)", theme.dim)
    line("Favorites: \(viewModel.favoritesCount)", theme.text)
  }

  public func handle(_ key: Key) -> Bool {
    false
  }
}
