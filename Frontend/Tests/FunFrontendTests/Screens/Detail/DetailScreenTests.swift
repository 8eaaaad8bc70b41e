import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("DetailScreen")
@MainActor
struct DetailScreenTests {
  private func showDetail(_ harness: ScreenHarness, _ id: String) -> DetailViewModel {
    let item = CatalogFixtures.item(id)
    let model = harness.detailViewModel(item)
    harness.show(DetailScreen(viewModel: model), on: .home, trail: ["Home", item.title])
    return model
  }

  @Test("Detail shows an item that is not a favorite", arguments: TerminalSize.snapshotSizes)
  func notFavorite(size: TerminalSize) {
    let harness = ScreenHarness()
    _ = showDetail(harness, "concurrency")
    let frame = harness.frame(size)
    #expect(frame.line(1) == " Home › Swift Concurrency")
    #expect(frame.plainText.contains("☆ Not a favorite"))
    #expect(frame.plainText.contains("funapp://item/concurrency"))
    expectSnapshot(of: frame, named: "Detail/not-favorite")
  }

  @Test("↓ and ↑ scroll a description longer than its room, and stop at the ends")
  func scrollsDescription() {
    let harness = ScreenHarness()
    _ = showDetail(harness, "concurrency")
    let small = TerminalSize(columns: 40, rows: 12)
    #expect(harness.frame(small).plainText.contains("Swift Concurrency: async/await and…"))
    #expect(!harness.frame(small).plainText.contains("actors."))

    harness.press(.down)
    harness.press(.down)
    let scrolled = harness.frame(small).plainText
    #expect(scrolled.contains("actors."))
    #expect(!scrolled.contains("Swift Concurrency: async/await"))

    harness.press(.up)
    #expect(harness.frame(small).plainText.contains("Swift Concurrency: async/await and…"))
  }

  @Test("Detail marks a favorite with ★", arguments: TerminalSize.snapshotSizes)
  func favorite(size: TerminalSize) {
    let harness = ScreenHarness(favorites: ["swiftpm"])
    _ = showDetail(harness, "swiftpm")
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("★ Swift Package Manager"))
    #expect(frame.plainText.contains("★ In your favorites"))
    expectSnapshot(of: frame, named: "Detail/favorite")
  }

  @Test("s shares the item: an info toast names it and the link line shows the text shared")
  func shareKey() async {
    let harness = ScreenHarness()
    let model = showDetail(harness, "macros")
    #expect(harness.frame(.standard).plainText.contains("funapp://item/macros"))
    #expect(!harness.frame(.standard).plainText.contains("Shared:"))
    harness.press(.char("s"))
    await harness.settle()
    #expect(harness.toasts.shownToasts == [.info("Shared Macros")])
    #expect(model.lastSharedText == "Macros — Code that writes code — funapp://item/macros")
    let frame = harness.frame(.standard)
    #expect(frame.line(23) == "ℹ Shared Macros")
    #expect(frame.plainText.contains("Shared: Macros — Code that writes code — funapp://item/macros"))
  }

  @Test("f toggles the favorite and the marks follow")
  func favoriteKey() async {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    harness.press(.char("f"))
    await harness.settle()
    #expect(harness.favorites.toggledIDs == ["macros"])
    #expect(harness.frame(.standard).plainText.contains("★ In your favorites"))
  }

  @Test("Esc and Backspace on Detail close it through its coordinator", arguments: [Key.escape, .backspace])
  func escapeClosesDetail(key: Key) {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    harness.press(key)
    #expect(harness.coordinator.closeDetailCount == 1)
    #expect(harness.navigator.goBackCount == 0)
  }
}
