import Foundation
import FunModel
import FunViewModel

/// The Profile tab: the signed-in profile (display name, name, bio, created date), how many
/// favorites it keeps (live), and "Sign out". `e` edits the profile in a sheet (a guest has no
/// profile to edit: the coordinator says so); Enter on "Sign out" asks first, in a sheet.
@MainActor
final class ProfileScreen: Screen {
  private let viewModel: ProfileViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: ProfileViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.profile) }

  /// A guest has no profile to edit, so their hints offer no `e`. The number keys run to the
  /// last tab of Profile's activity, as its declaration says.
  func hints(in _: Rect) -> String {
    let lastTab = Self.lastTab(in: Activity.all)
    return strings(viewModel.isGuest ? L10n.Profile.hintsGuest(lastTab) : L10n.Profile.hints(lastTab))
  }

  /// The number key of the last tab of the activity that shows Profile, among `activities`
  /// (the largest, should several have it).
  static func lastTab(in activities: [Activity]) -> Int {
    activities.filter { $0.tabs.contains(.profile) }.map(\.tabs.count).max() ?? 1
  }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
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
    let name = DisplayWidth.truncate(TextSanitizer.sanitize(strings(viewModel.displayName)), to: area.width)
    var column = canvas.put(text: name, at: Point(column: area.column, row: row), style: theme.title)
    // The gap is plain, so a theme that underlines accents underlines the handle only.
    column = canvas.put(text: "  ", at: Point(column: column, row: row), style: theme.text)
    let handle = viewModel.isGuest ? strings(L10n.Profile.guest) : "@" + TextSanitizer.sanitize(profile.name)
    canvas.put(
      text: DisplayWidth.truncate(handle, to: area.column + area.width - column),
      at: Point(column: column, row: row),
      style: theme.accent
    )
    row += isRoomy ? 2 : 1
    let bio = TextSanitizer.sanitize(strings(viewModel.bio))
    for wrapped in TextWrap.lines(bio, width: area.width, limit: isRoomy ? 4 : 2) {
      line(wrapped, theme.text)
    }
    if isRoomy { row += 1 }
    line(strings(L10n.Profile.created(profile.createdAt)), theme.dim)
    // One line, as on the Favorites header, so the profile still fits the 40x12 minimum; until
    // the catalog has loaded the count is not known yet.
    line(strings(viewModel.favoritesSummary ?? L10n.Profile.favorites("…")), theme.text)
    row += 1
    guard row < area.row + area.height else { return }
    canvas.fill(Rect(column: area.column, row: row, width: min(12, area.width), height: 1), style: theme.selection)
    canvas.put(
      text: "> " + strings(L10n.Profile.signOut), at: Point(column: area.column, row: row), style: theme.selection)
    canvas.mark(Rect(column: area.column, row: row, width: area.width, height: 1), as: .row(Self.signOutRow))
  }

  /// "Sign out" is the screen's one row, always selected: a click on it is a click on the
  /// selected row, which opens it as on every list (Enter: it asks first, in a sheet).
  private static let signOutRow = 0

  func handleClick(on target: MouseTarget) -> Bool {
    guard target == .row(Self.signOutRow) else { return false }
    viewModel.send(.signOut)
    return true
  }

  /// A guest's Profile binds no `e`: with no profile to edit it would only be refused, and help,
  /// written from this table, would offer a key the hints rightly leave out.
  func keyBindings(in _: Rect) -> KeyBindings {
    let edit = viewModel.isGuest ? [] : [KeyBinding([.char("e")], L10n.Help.edit) { self.viewModel.send(.edit) }]
    return KeyBindings([
      KeyBindings.Section(
        L10n.Help.sectionProfile, edit + [KeyBinding([.enter], L10n.Help.signOut) { self.viewModel.send(.signOut) }])
    ])
  }
}
