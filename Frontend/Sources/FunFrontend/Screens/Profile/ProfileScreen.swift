import Foundation
import FunModel
import FunViewModel

/// The Profile tab: the signed-in profile (display name, name, bio, created date), how many
/// favorites it keeps (live), and "Sign out". `e` edits the profile in a sheet; Enter on
/// "Sign out" asks first, in a sheet.
@MainActor
public final class ProfileScreen: Screen {
  private let viewModel: ProfileViewModel

  /// Binds the screen to its ViewModel.
  public init(viewModel: ProfileViewModel) {
    self.viewModel = viewModel
  }

  public var title: String { "Profile" }

  public var hints: String { "e edit  ⏎ sign out  1-5 switch tab  ? help" }

  public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let profile = viewModel.profile
    // Blank lines between the parts only where there is room: at 40x12 every line counts.
    let isRoomy = area.height >= 10
    var row = area.row
    func line(_ text: String, _ style: Style) {
      guard row < area.row + area.height else { return }
      canvas.put(
        text: DisplayWidth.truncate(text, to: area.width), at: Point(column: area.column, row: row), style: style)
      row += 1
    }
    // Display name and name share a line, so the whole profile fits the 40x12 minimum.
    let name = DisplayWidth.truncate(TextSanitizer.sanitize(profile.displayName), to: area.width)
    var column = canvas.put(text: name, at: Point(column: area.column, row: row), style: theme.title)
    // The gap is plain, so a theme that underlines accents underlines the handle only.
    column = canvas.put(text: "  ", at: Point(column: column, row: row), style: theme.text)
    let handle = viewModel.isGuest ? "guest" : "@" + TextSanitizer.sanitize(profile.name)
    canvas.put(
      text: DisplayWidth.truncate(handle, to: area.column + area.width - column),
      at: Point(column: column, row: row),
      style: theme.accent
    )
    row += isRoomy ? 2 : 1
    let bio =
      viewModel.isGuest
      ? "A guest session: nothing is saved." : profile.bio.isEmpty ? "No bio yet." : TextSanitizer.sanitize(profile.bio)
    for wrapped in TextWrap.lines(bio, width: area.width).prefix(isRoomy ? 4 : 2) {
      line(wrapped, theme.text)
    }
    if isRoomy { row += 1 }
    line("Created " + profile.createdAt.formatted(Self.dateStyle), theme.dim)
    // The note shares the count's line, as on the Favorites header, so the profile still fits
    // the 40x12 minimum.
    let missing = viewModel.missingFavoritesCount
    let note = missing > 0 ? " · \(missing) not in this catalog" : ""
    line("Favorites: " + (viewModel.favoritesCount.map(String.init) ?? "…") + note, theme.text)
    row += 1
    guard row < area.row + area.height else { return }
    canvas.fill(Rect(column: area.column, row: row, width: min(12, area.width), height: 1), style: theme.selection)
    canvas.put(text: "> Sign out", at: Point(column: area.column, row: row), style: theme.selection)
  }

  /// `2025-01-01`: the date in UTC, the same on every machine.
  private static let dateStyle = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

  public func handle(_ key: Key, in _: Rect) -> Bool {
    switch key {
    case .char("e"): viewModel.edit()
    case .enter: viewModel.signOut()
    default: return false
    }
    return true
  }
}
