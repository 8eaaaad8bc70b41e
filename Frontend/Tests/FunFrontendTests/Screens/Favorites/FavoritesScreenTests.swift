import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("FavoritesScreen")
@MainActor
struct FavoritesScreenTests {
  private func showFavorites(_ harness: ScreenHarness) async -> FavoritesViewModel {
    let model = harness.favoritesViewModel()
    harness.show(FavoritesScreen(viewModel: model), on: .favorites)
    await harness.loadCatalog()
    return model
  }

  @Test("Without favorites, Favorites says how to add one", arguments: TerminalSize.snapshotSizes)
  func empty(size: TerminalSize) async {
    let harness = ScreenHarness()
    _ = await showFavorites(harness)
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Favorites]"))
    #expect(frame.plainText.contains("No favorites yet"))
    expectSnapshot(of: frame, named: "Favorites/empty")
  }

  @Test("Favorites lists the favorited items in catalog order, each with ★", arguments: TerminalSize.snapshotSizes)
  func withItems(size: TerminalSize) async {
    let harness = ScreenHarness(favorites: ["instruments", "swiftui", "macros"])
    _ = await showFavorites(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("3 favorites"))
    #expect(frame.plainText.contains("> ★ SwiftUI"))
    #expect(frame.plainText.contains("  ★ Instruments"))
    expectSnapshot(of: frame, named: "Favorites/items")
  }

  @Test("x removes the selected favorite and its row goes at once")
  func removeKey() async {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    _ = await showFavorites(harness)
    harness.press(.down, .char("x"))
    #expect(harness.favorites.removedIDs == ["macros"])
    await harness.settle()
    let text = harness.frame(.standard).plainText
    #expect(text.contains("1 favorite\n"))
    #expect(!text.contains("Macros"))
  }

  @Test("Enter opens the selected favorite")
  func enterOpens() async {
    let harness = ScreenHarness(favorites: ["swiftui", "macros"])
    _ = await showFavorites(harness)
    harness.press(.char("j"), .enter)
    #expect(harness.coordinator.shownDetails.map(\.id) == ["macros"])
  }
}
