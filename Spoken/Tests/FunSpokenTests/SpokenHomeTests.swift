import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunSpoken
@testable import FunViewModel

/// What Home says of its featured carousel: the cards that take the focus from the list, and
/// the pages that turn under it.
@Suite("SpokenScreens: Home's featured carousel")
@MainActor
struct SpokenHomeTests {
  @Test(
    "Entering the cards says the group and the card's place among all featured items, moving says the card, leaving says the list and its row"
  )
  func cardFocus() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    let scene = harness.scene(of: home)
    _ = harness.reader.announcements(for: scene)

    home.send(.focusCard(0))
    #expect(
      harness.reader.announcements(for: scene) == ["Featured, card 1 of 4: SwiftUI — Declarative user interfaces"])
    home.send(.moveCardFocus(by: 1))
    #expect(harness.reader.announcements(for: scene) == ["card 2 of 4: Combine — Values over time"])
    // Past the page's edge: the card's place says the page turned, the page is not said too.
    home.send(.moveCardFocus(by: 1))
    home.send(.moveCardFocus(by: 1))
    #expect(
      harness.reader.announcements(for: scene) == ["card 4 of 4: Swift Package Manager — Build and share packages"])
    home.send(.leaveCards)
    #expect(harness.reader.announcements(for: scene) == ["All items, 1 of 8: SwiftUI — Declarative user interfaces"])
  }

  @Test("`.` on a card names the card and its place, not the list's row")
  func whereYouAreOnACard() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    home.list.send(.move(by: 2))
    home.send(.focusCard(1))

    #expect(
      harness.reader.whereYouAre(in: harness.scene(of: home)) == [
        "Home, 8 items, featured card 2 of 4", "Combine — Values over time",
      ])
  }

  @Test("`f` on a card says what it says on a row: the favorite set, or the removal's toast alone")
  func favoriteOfACard() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    // The list's row is another item: what is said is the card's.
    home.list.send(.move(by: 2))
    home.send(.focusCard(0))
    _ = harness.reader.announcements(for: harness.scene(of: home))
    let swiftUI = try #require(home.focusedCardItem)

    home.list.send(.toggleFavorite(swiftUI))
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["Favorited SwiftUI"])
    #expect(
      harness.reader.whereYouAre(in: harness.scene(of: home)).last
        == "SwiftUI — Declarative user interfaces, favorite")
    home.list.send(.toggleFavorite(swiftUI))
    let removed = ToastEvent.info(L10n.Favorites.removed("SwiftUI"))
    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: removed)) == [
        "Removed SwiftUI from favorites, u undoes"
      ])
  }

  @Test("A page turned from the list says the page and its cards; the first page, shown with the catalog, is not")
  func pageTurns() async throws {
    let harness = SpokenHarness()
    let home = HomeViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toggles: harness.toggles, toasts: harness.toasts,
      tasks: harness.time.tasks)
    let scene = harness.scene(of: home)
    _ = harness.reader.announcements(for: scene)
    _ = try? await harness.catalog.load()
    try await harness.time.settle()
    #expect(
      harness.reader.announcements(for: scene) == [
        "Catalog loaded", "1 of 8: SwiftUI — Declarative user interfaces",
      ])

    home.send(.nextCarouselPage)
    #expect(harness.reader.announcements(for: scene) == ["Featured, page 2 of 2: Swift Package Manager"])
    home.send(.previousCarouselPage)
    #expect(
      harness.reader.announcements(for: scene) == ["Featured, page 1 of 2: SwiftUI, Combine, Swift Concurrency"])
  }
}
