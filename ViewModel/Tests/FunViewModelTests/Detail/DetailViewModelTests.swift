import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("DetailViewModel")
@MainActor
struct DetailViewModelTests {
  let time = VirtualTime.forTests()
  let favorites = MockFavoritesService()
  let toasts = MockToastService()

  /// The clipboard ``makeDetail(_:)`` shares to; it says it took nothing, as a terminal may.
  let clipboard = MockClipboardService(reaches: false)

  func makeDetail(_ id: String = "swiftui") -> DetailViewModel {
    let stores = TestStores(time: time, favorites: favorites)
    return DetailViewModel(
      item: CatalogFixtures.item(id), catalog: stores.catalog, favorites: stores.favorites, toasts: toasts,
      clipboard: clipboard)
  }

  @Test("Un-favoriting on Detail says so in a toast that offers the undo; favoriting is quiet; the undo brings it back")
  func removalIsToldAndUndone() async throws {
    let stores = TestStores(time: time, toasts: toasts, favorites: MockFavoritesService())
    let detail = DetailViewModel(
      item: CatalogFixtures.item("swiftui"), catalog: stores.catalog, favorites: stores.favorites, toasts: toasts,
      clipboard: clipboard)
    _ = try await stores.catalog.load()
    try await time.settle()

    detail.send(.toggleFavorite)
    #expect(detail.isFavorite)
    #expect(toasts.shownToasts.isEmpty)
    detail.send(.toggleFavorite)
    #expect(!detail.isFavorite)
    #expect(toasts.shownToasts == [.info(L10n.Favorites.removed("SwiftUI"))])

    stores.favorites.undoRemoval()
    #expect(detail.isFavorite)
    #expect(toasts.shownToasts.last == .info(L10n.Favorites.restored("SwiftUI")))
  }

  @Test("The favorite mark follows toggles here at once and elsewhere live")
  func favoriteLive() async throws {
    let detail = makeDetail()
    try await time.settle()
    #expect(!detail.isFavorite)
    detail.send(.toggleFavorite)
    #expect(detail.isFavorite)
    try await time.settle()  // the save runs off the main actor
    #expect(favorites.toggledIDs == ["swiftui"])
    favorites.remove("swiftui")
    try await time.settle()
    #expect(!detail.isFavorite)
    favorites.toggle("combine")
    try await time.settle()
    #expect(!detail.isFavorite)
    favorites.toggle("swiftui")
    try await time.settle()
    #expect(detail.isFavorite)
  }

  @Test(
    "One of your items edited in Studio while its page is open shows its new text; deleted, the text it opened with")
  func itemIsLive() async throws {
    let original = FeaturedItem(
      id: "notes", title: "Notes", subtitle: "Mine", category: "Journal", description: "One.", isFeatured: false)
    let mine = MockMyItemsService(items: [original])
    let stores = TestStores(time: time, favorites: favorites)
    let myItems = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: true)
    try await stores.catalog.load()
    try await time.settle()
    let detail = DetailViewModel(
      item: original, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, clipboard: clipboard)

    try myItems.save(
      MyItemDraft(id: "notes", title: "Field notes", subtitle: "Edited", category: "Journal"), replacing: original)
    try await time.settle()
    #expect(detail.item.title == "Field notes")
    #expect(detail.item.subtitle == "Edited")
    detail.send(.share)
    #expect(clipboard.copiedTexts.last?.hasPrefix("Field notes — Edited") == true)

    myItems.delete("notes")
    try await time.settle()
    #expect(stores.catalog.item(withID: "notes") == nil)
    #expect(detail.item == original)
  }

  @Test("Your item deleted while its page is open: the page says it is gone, and f adds no favorite for it")
  func deletedItemIsGone() async throws {
    let original = FeaturedItem(
      id: "mine", title: "Mine", subtitle: "Sub", category: "Journal", description: "One.", isFeatured: false)
    let stores = TestStores(time: time, favorites: favorites)
    let myItems = MyItemsStore(
      service: MockMyItemsService(items: [original]), catalog: stores.catalog, favorites: stores.favorites,
      toasts: toasts, tasks: time.tasks, watchClock: nil, savesChanges: true)
    try await stores.catalog.load()
    try await time.settle()
    let detail = DetailViewModel(
      item: original, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, clipboard: clipboard)
    #expect(!detail.isGone)
    #expect(detail.canToggleFavorite)

    myItems.delete("mine")
    try await time.settle()
    #expect(detail.isGone)
    #expect(!detail.canToggleFavorite)
    #expect(detail.favoriteState == L10n.Detail.gone)
    detail.send(.toggleFavorite)
    try await time.settle()
    #expect(!detail.isFavorite)
    #expect(!favorites.favoriteIDs.contains("mine"))
    #expect(favorites.toggledIDs.isEmpty)
  }

  @Test("A gone item still saved as a favorite can be unfavorited on its page, as on Favorites")
  func goneFavoriteCanBeRemoved() async throws {
    let stores = TestStores(time: time, favorites: favorites)
    try await stores.catalog.load()
    try await time.settle()
    let detail = DetailViewModel(
      item: CatalogFixtures.item("swiftui"), catalog: stores.catalog, favorites: stores.favorites, toasts: toasts,
      clipboard: NoClipboard())
    favorites.toggle("gone")
    try await time.settle()
    let gone = DetailViewModel(
      item: FeaturedItem(id: "gone", title: "Gone", subtitle: "", category: "X", description: "", isFeatured: false),
      catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, clipboard: NoClipboard())
    #expect(!detail.isGone)
    #expect(gone.isGone)
    #expect(gone.canToggleFavorite)
    #expect(gone.favoriteState == L10n.Detail.inFavorites)
    gone.send(.toggleFavorite)
    try await time.settle()
    #expect(!favorites.favoriteIDs.contains("gone"))
    #expect(!gone.canToggleFavorite)
  }

  @Test("favoriteState says the favorite state in words once the favorites are read, nil before")
  func favoriteState() async throws {
    let detail = makeDetail()
    #expect(detail.favoriteState == nil)
    try await time.settle()
    #expect(detail.favoriteState == L10n.Detail.notFavorite)
    detail.send(.toggleFavorite)
    #expect(detail.favoriteState == L10n.Detail.inFavorites)
  }

  @Test("Share produces the title, subtitle and deep link, and shows an info toast")
  func share() {
    let detail = makeDetail("swiftpm")
    #expect(!detail.hasShared)
    detail.send(.share)
    #expect(detail.hasShared)
    #expect(clipboard.copiedTexts == ["Swift Package Manager — Build and share packages — funapp://item/swiftpm"])
    #expect(toasts.shownToasts == [.info("Shared Swift Package Manager")])
    #expect((try? DeepLink(parsing: detail.link)) == .item(id: "swiftpm", tab: nil))
  }

  @Test("Share offers the text to the clipboard; the toast says it was copied only as far as anyone can know")
  func shareCopies() {
    let stores = TestStores(time: time, favorites: favorites)
    for reaches in [true, false] {
      let clipboard = MockClipboardService(reaches: reaches)
      let toasts = MockToastService()
      let detail = DetailViewModel(
        item: CatalogFixtures.item("swiftpm"), catalog: stores.catalog, favorites: stores.favorites, toasts: toasts,
        clipboard: clipboard)
      detail.send(.share)
      #expect(clipboard.copiedTexts == ["Swift Package Manager — Build and share packages — funapp://item/swiftpm"])
      let expected =
        reaches ? "Shared Swift Package Manager · copied, if your terminal allows it" : "Shared Swift Package Manager"
      #expect(toasts.shownToasts == [.info(expected)])
    }
  }

  @Test("The model deallocates, and so do the stores only it held")
  func deallocates() async throws {
    try await expectDeallocation(
      in: time,
      of: { makeDetail() },
      afterStart: { detail in
        detail.send(.toggleFavorite)
        try await time.settle()
      }
    )
    #expect(time.tasks.taskCount == 0)
  }

  @Test("send toggles the favorite and shares")
  func send() {
    let detail = makeDetail("swiftpm")
    detail.send(.toggleFavorite)
    #expect(detail.isFavorite)
    detail.send(.share)
    #expect(clipboard.copiedTexts == ["Swift Package Manager — Build and share packages — funapp://item/swiftpm"])
  }
}
