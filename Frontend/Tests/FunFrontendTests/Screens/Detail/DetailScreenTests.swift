import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@testable import FunFrontend

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
    expectSnapshot(of: harness, size: frame.size, named: "Detail/not-favorite")
  }

  @Test(
    "\"Not a favorite\" is neutral secondary text, never the favorite's or a warning's colour; a favorite's words are body text",
    arguments: ThemeCase.all
  )
  func favoriteStateStyles(themeCase: ThemeCase) {
    let theme = themeCase.theme
    let harness = ScreenHarness(favorites: ["swiftpm"])
    harness.theme = theme
    _ = showDetail(harness, "concurrency")
    let frame = harness.frame(.standard)
    let row = 20
    #expect(frame.line(row) == " ☆ Not a favorite")
    let notFavorite = (1..<17).compactMap { frame.cell(at: Point(column: $0, row: row))?.style }
    #expect(Set(notFavorite) == [theme.dim.painted(over: theme.text)])
    for warning in [theme.favoriteStar, theme.toastError, theme.accent] where warning != theme.dim {
      #expect(!notFavorite.contains(warning.painted(over: theme.text)))
    }

    _ = showDetail(harness, "swiftpm")
    let favorite = harness.frame(.standard)
    #expect(favorite.line(row) == " ★ In your favorites")
    #expect(favorite.cell(at: Point(column: 1, row: row))?.style == theme.favoriteStar.painted(over: theme.text))
    #expect((3..<20).allSatisfy { favorite.cell(at: Point(column: $0, row: row))?.style == theme.text })
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

  /// An item whose description wraps to one word a line at 40x12, where one line shows:
  /// three lines, so ↓ scrolls twice.
  private static let longRead = FeaturedItem(
    id: "animals",
    title: "Animals",
    subtitle: "Three facts",
    category: "Nature",
    description: "Aardvarks-are-nocturnal Beavers-build-big-dams Chameleons-change-colour",
    isFeatured: false
  )

  /// Shows ``longRead`` on a 40x12 terminal.
  private func showLongRead() -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(DetailScreen(viewModel: harness.detailViewModel(Self.longRead)), on: .home)
    harness.rootView.terminalSize = TerminalSize(columns: 40, rows: 12)
    return harness
  }

  /// Draws a frame inside Observation tracking, as the app does, then presses `key`: whether
  /// that asks for a redraw, and the frame after it.
  private func press(_ key: Key, on harness: ScreenHarness) -> (redraws: Bool, frame: String) {
    let size = harness.rootView.terminalSize
    let (_, changes) = ChangeFlag.tracking { harness.rootView.render(size: size) }
    harness.press(key)
    return (changes.isSet, harness.rootView.render(size: size).plainText)
  }

  @Test("A scroll key changes observable state, so the app redraws, and the next frame is scrolled")
  func scrollKeyRedraws() {
    let harness = showLongRead()
    let first = press(.down, on: harness)
    #expect(first.redraws)
    #expect(first.frame.contains("Beavers-build-big-dams…"))
    #expect(!first.frame.contains("Aardvarks"))
    let second = press(.char("j"), on: harness)
    #expect(second.redraws)
    #expect(second.frame.contains("Chameleons-change-colour"))
    #expect(!second.frame.contains("colour…"))
    let back = press(.char("k"), on: harness)
    #expect(back.redraws)
    #expect(back.frame.contains("Beavers-build-big-dams…"))
  }

  @Test("Scrolling stops at both ends: past an end a key changes nothing, and the way back is one key")
  func scrollStopsAtTheEnds() {
    let harness = showLongRead()
    let top = harness.rootView.render(size: harness.rootView.terminalSize).plainText
    #expect(top.contains("Aardvarks-are-nocturnal…"))
    let aboveTop = press(.up, on: harness)
    #expect(!aboveTop.redraws)
    #expect(aboveTop.frame == top)

    harness.press(.down, .down)
    let bottom = press(.down, on: harness)
    #expect(!bottom.redraws)
    #expect(bottom.frame.contains("Chameleons-change-colour"))
    harness.press(.down, .down)
    #expect(press(.up, on: harness).frame.contains("Beavers-build-big-dams…"))
  }

  @Test("Detail marks a favorite with ★", arguments: TerminalSize.snapshotSizes)
  func favorite(size: TerminalSize) {
    let harness = ScreenHarness(favorites: ["swiftpm"])
    _ = showDetail(harness, "swiftpm")
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("★ Swift Package Manager"))
    #expect(frame.plainText.contains("★ In your favorites"))
    expectSnapshot(of: harness, size: frame.size, named: "Detail/favorite")
  }

  @Test("s shares the item: an info toast names it and the link line shows the text shared")
  func shareKey() async throws {
    let harness = ScreenHarness()
    let model = showDetail(harness, "macros")
    #expect(harness.frame(.standard).plainText.contains("funapp://item/macros"))
    #expect(!harness.frame(.standard).plainText.contains("Shared:"))
    harness.press(.char("s"))
    try await harness.settle()
    #expect(harness.toasts.shownToasts == [.info("Shared Macros")])
    #expect(model.lastSharedText == "Macros — Code that writes code — funapp://item/macros")
    let frame = harness.frame(.standard)
    #expect(frame.line(23) == "ℹ Shared Macros")
    #expect(frame.plainText.contains("Shared: Macros — Code that writes code — funapp://item/macros"))
  }

  @Test("f toggles the favorite and the marks follow")
  func favoriteKey() async throws {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    harness.press(.char("f"))
    try await harness.settle()
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
