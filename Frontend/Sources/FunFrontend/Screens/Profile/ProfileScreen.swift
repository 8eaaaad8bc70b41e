import Foundation
import FunModel
import FunViewModel

/// The Profile tab: the signed-in profile (display name, name, bio, created date) and how many
/// favorites it keeps, live.
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
    // Display name and name share a line, so the whole profile fits the 40x12 minimum.
    let name = DisplayWidth.truncate(TextSanitizer.sanitize(profile.displayName), to: area.width)
    let column = canvas.put(text: name, at: Point(column: area.column, row: row), style: theme.title)
    let handle = viewModel.isGuest ? "  guest" : "  @" + TextSanitizer.sanitize(profile.name)
    canvas.put(
      text: DisplayWidth.truncate(handle, to: area.column + area.width - column),
      at: Point(column: column, row: row),
      style: theme.accent
    )
    row += 2
    let bio =
      viewModel.isGuest
      ? "A guest session: nothing is saved." : profile.bio.isEmpty ? "No bio yet." : TextSanitizer.sanitize(profile.bio)
    for wrapped in TextWrap.lines(bio, width: area.width) {
      line(wrapped, theme.text)
    }
    row += 1
    line("Created " + profile.createdAt.formatted(Self.dateStyle), theme.dim)
    // The note shares the count's line, as on the Favorites header, so the profile still fits
    // the 40x12 minimum.
    let missing = viewModel.missingFavoritesCount
    let note = missing > 0 ? " · \(missing) not in this catalog" : ""
    line("Favorites: " + (viewModel.favoritesCount.map(String.init) ?? "…") + note, theme.text)
  }

  /// `2025-01-01`: the date in UTC, the same on every machine.
  private static let dateStyle = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

  public func handle(_ key: Key, in _: Rect) -> Bool {
    false
  }
}
