import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// `u` is one binding, the root view's, which the session's coordinator carries out through
/// the Favorites tab: what the tab shows after an undo does not depend on where it was pressed.
@Suite("Undoing a favorite's removal", .timeLimit(.minutes(1)))
@MainActor
struct FavoritesUndoTests {
  @Test("u on another tab brings the favorite back selected on Favorites, as u on Favorites does")
  func undoElsewhereSelectsOnFavorites() async throws {
    let harness = AppHarness()
    try await harness.start()
    let app = harness.app
    for id in ["swiftui", "macros", "combine"] {
      app.favoritesStore.toggle(id)
    }
    try await harness.settle()
    let list = app.favorites.viewModel.list
    let last = try #require(list.rows.last)
    #expect(list.selectedItem?.id != last.id)
    app.favoritesStore.toggle(last.id)
    try await harness.settle()
    #expect(app.tabBar.selectedTab == .home)

    harness.root.rootView.handle(.char("u"))

    #expect(app.favoritesStore.contains(last.id))
    #expect(list.selectedItem?.id == last.id)
  }
}
