import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("MyItemsStore")
@MainActor
struct MyItemsStoreTests {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()

  private static func item(_ id: String, _ title: String = "Mine") -> FeaturedItem {
    FeaturedItem(id: id, title: title, subtitle: "", category: "Journal", description: "", isFeatured: false)
  }

  private func stores(
    network: MockNetworkService = MockNetworkService(), mine: MockMyItemsService, watch: Bool = false,
    savesChanges: Bool = true
  ) -> (TestStores, MyItemsStore) {
    let stores = TestStores(time: time, network: network)
    let myItems = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: watch ? time.clock : nil,
      savesChanges: savesChanges)
    return (stores, myItems)
  }

  @Test("Your items come first in the catalog every screen reads, marked as yours, and are found by id and search")
  func mergedAndMarked() async throws {
    let mine = MockMyItemsService(items: [Self.item("notes", "Field notes"), Self.item("ideas")])
    let (stores, myItems) = stores(mine: mine)
    try await stores.catalog.load()
    try await time.settle()

    let catalog = stores.catalog
    #expect(catalog.items.map(\.id) == ["notes", "ideas"] + CatalogFixtures.items.map(\.id))
    #expect(catalog.isOwn("notes") && catalog.isOwn("ideas"))
    #expect(!catalog.isOwn("swiftui"))
    #expect(catalog.item(withID: "notes")?.title == "Field notes")
    #expect(catalog.item(withID: "swiftui") == CatalogFixtures.item("swiftui"))
    #expect(catalog.search.search("field").map(\.id) == ["notes"])
    #expect(catalog.search.categories.contains("Journal"))
    #expect(catalog.featuredItems == CatalogFixtures.featured)
    #expect(myItems.items.count == 2)
  }

  @Test("Favorites list your items too")
  func favoritesShowYours() async throws {
    let mine = MockMyItemsService(items: [Self.item("notes")])
    let stores = TestStores(time: time, favorites: MockFavoritesService(favorites: ["notes", "macros"]))
    let myItems = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: true)
    try await stores.catalog.load()
    try await time.settle()
    #expect(stores.favorites.items.map(\.id) == ["notes", "macros"])
    #expect(myItems.items.count == 1)
  }

  /// Stores over `mine` whose favorites (saved in `favorites`) follow your items.
  private func storesWithFavorites(
    network: MockNetworkService = MockNetworkService(), mine: MockMyItemsService, favorites: MockFavoritesService
  ) -> (TestStores, MyItemsStore) {
    let stores = TestStores(time: time, network: network, favorites: favorites)
    let myItems = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: true)
    return (stores, myItems)
  }

  @Test("A favorite follows its item's new id, and no favorite is left missing")
  func favoriteFollowsRename() async throws {
    let mine = MockMyItemsService(items: [Self.item("field-notes")])
    let favorites = MockFavoritesService(favorites: ["field-notes", "swiftui"])
    let (stores, myItems) = storesWithFavorites(mine: mine, favorites: favorites)
    try await stores.catalog.load()
    try await time.settle()

    try myItems.save(MyItemDraft(id: "mine", title: "Mine", category: "Journal"), replacing: mine.items[0])
    try await time.settle()
    #expect(favorites.favoriteIDs == ["mine", "swiftui"], "saved")
    #expect(stores.favorites.items.map(\.id) == ["mine", "swiftui"])
    #expect(stores.favorites.missingCount == 0)

    // A new item that reuses the old id is not a favorite.
    try myItems.save(MyItemDraft(id: "field-notes", title: "New", category: "Journal"), replacing: nil)
    try await time.settle()
    #expect(!stores.favorites.contains("field-notes"))
  }

  @Test(
    "Deleting your favorited item removes its favorite once the deletion is saved; an unfavorited one leaves the favorites alone"
  )
  func deleteRemovesFavorite() async throws {
    let mine = MockMyItemsService(items: [Self.item("field-notes"), Self.item("ideas")])
    let favorites = MockFavoritesService(favorites: ["field-notes", "swiftui"])
    let (stores, myItems) = storesWithFavorites(mine: mine, favorites: favorites)
    try await stores.catalog.load()
    try await time.settle()

    myItems.delete("field-notes")
    // The item first, as a rename does: a quit in between never loses a favorite from an item
    // still saved.
    #expect(stores.favorites.contains("field-notes"), "not before the deletion is saved")
    #expect(favorites.removedIDs.isEmpty)
    myItems.delete("ideas")
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui"])
    #expect(favorites.removedIDs == ["field-notes"])
    #expect(stores.favorites.missingCount == 0)
  }

  @Test("A rename the service refuses leaves the favorite where it was")
  func refusedRenameKeepsFavorite() async throws {
    let mine = MockMyItemsService(items: [Self.item("field-notes")])
    let favorites = MockFavoritesService(favorites: ["field-notes"])
    let (stores, myItems) = storesWithFavorites(mine: mine, favorites: favorites)
    try await stores.catalog.load()
    try await time.settle()
    let original = mine.items[0]
    // Another Fun changed the item a moment ago: the service refuses the edit.
    mine.saveElsewhere([Self.item("field-notes", "Theirs")])
    mine.reloadIfChanged()

    var refusals: [AppError?] = []
    try myItems.save(MyItemDraft(id: "mine", title: "Mine", category: "Journal"), replacing: original) {
      refusals.append($0)
    }
    try await time.settle()
    #expect(refusals == [.invalidMyItem(reason: L10n.MyItems.changedElsewhere("Mine"))])
    #expect(favorites.favoriteIDs == ["field-notes"])
  }

  @Test("Your item whose id the catalog also uses: renaming or deleting it leaves the catalog item's favorite")
  func clashingFavoriteStaysWithTheCatalog() async throws {
    let mine = MockMyItemsService(items: [Self.item("swiftui"), Self.item("combine")])
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine"])
    let (stores, myItems) = storesWithFavorites(mine: mine, favorites: favorites)
    try await stores.catalog.load()
    try await time.settle()
    #expect(!stores.catalog.isOwn("swiftui"))

    try myItems.save(MyItemDraft(id: "my-swiftui", title: "Mine", category: "Journal"), replacing: mine.items[0])
    myItems.delete("combine")
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui", "combine"])
    #expect(mine.items.map(\.id) == ["my-swiftui"])
  }

  @Test(
    "Offline, your item takes a catalog item's id: renaming or deleting it never moves or drops that item's favorite"
  )
  func offlineClashLeavesTheCatalogItemsFavorite() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let mine = MockMyItemsService(items: [Self.item("combine")])
    // Both favorited in an earlier session, on the catalog's items.
    let favorites = MockFavoritesService(favorites: ["swiftui", "combine"])
    let (stores, myItems) = storesWithFavorites(network: network, mine: mine, favorites: favorites)
    _ = try? await stores.catalog.load()
    try await time.settle()
    #expect(!stores.catalog.hasLoaded)

    // The catalog it would be checked against has not loaded: the id is taken.
    try myItems.save(MyItemDraft(id: "swiftui", title: "Mine", category: "Journal"), replacing: nil)
    try await time.settle()
    try myItems.save(
      MyItemDraft(id: "my-swiftui", title: "Mine", category: "Journal"), replacing: myItems.item(withID: "swiftui"))
    myItems.delete("combine")
    try await time.settle()
    #expect(mine.items.map(\.id) == ["my-swiftui"])
    #expect(favorites.favoriteIDs.isSuperset(of: ["swiftui", "combine"]), "kept: they may be the catalog's")
    // Your renamed item keeps the mark it showed.
    #expect(stores.favorites.contains("my-swiftui"))

    // The catalog loads: both ids are its items', whose favorites they are.
    network.result = .success(CatalogFixtures.items)
    try await stores.catalog.reload()
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui", "combine", "my-swiftui"])
    #expect(stores.favorites.items.map(\.id) == ["my-swiftui", "swiftui", "combine"])
  }

  @Test(
    "Offline, your favorited item renamed or deleted keeps its old id's favorite until the catalog loads without that id"
  )
  func offlineEditOfYoursSettlesWhenTheCatalogLoads() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let mine = MockMyItemsService(items: [Self.item("notes"), Self.item("ideas")])
    let favorites = MockFavoritesService(favorites: ["notes", "ideas", "swiftui"])
    let (stores, myItems) = storesWithFavorites(network: network, mine: mine, favorites: favorites)
    _ = try? await stores.catalog.load()
    try await time.settle()

    try myItems.save(
      MyItemDraft(id: "field-notes", title: "Mine", category: "Journal"), replacing: myItems.item(withID: "notes"))
    myItems.delete("ideas")
    try await time.settle()
    #expect(favorites.favoriteIDs == ["notes", "ideas", "field-notes", "swiftui"])

    network.result = .success(CatalogFixtures.items)
    try await stores.catalog.reload()
    try await time.settle()
    // Neither old id is the catalog's: they were your items', and follow them now.
    #expect(favorites.favoriteIDs == ["field-notes", "swiftui"])
    #expect(stores.favorites.missingCount == 0)
  }

  @Test("Offline, the favorite your renamed item kept is its own: removed before the catalog loads, it stays removed")
  func offlineRenamedItemsFavoriteRemovedStaysRemoved() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let mine = MockMyItemsService(items: [Self.item("notes")])
    let favorites = MockFavoritesService(favorites: ["notes", "swiftui"])
    let (stores, myItems) = storesWithFavorites(network: network, mine: mine, favorites: favorites)
    _ = try? await stores.catalog.load()
    try await time.settle()

    try myItems.save(
      MyItemDraft(id: "field-notes", title: "Mine", category: "Journal"), replacing: myItems.item(withID: "notes"))
    try await time.settle()
    stores.favorites.toggle("field-notes")
    try await time.settle()
    #expect(favorites.favoriteIDs == ["notes", "swiftui"])

    network.result = .success(CatalogFixtures.items)
    try await stores.catalog.reload()
    try await time.settle()
    #expect(favorites.favoriteIDs == ["swiftui"], "the old id was yours; the new one's favorite was removed")
    #expect(!stores.favorites.contains("field-notes"))
  }

  @Test("Your item renamed or deleted before the favorites are read takes its favorite along all the same")
  func editBeforeTheFavoritesAreRead() async throws {
    let mine = MockMyItemsService(items: [Self.item("notes"), Self.item("ideas")])
    let favorites = HeldReadFavorites(file: ["notes", "ideas", "swiftui"])
    let stores = TestStores(time: time, favorites: favorites)
    let myItems = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: true)
    try await stores.catalog.load()
    await myItems.finishLoading()
    #expect(!stores.favorites.hasLoaded)

    try myItems.save(
      MyItemDraft(id: "field-notes", title: "Mine", category: "Journal"), replacing: myItems.item(withID: "notes"))
    myItems.delete("ideas")
    // Released once the favorites' changes wait behind the read (the main actor runs tasks in order).
    time.tasks.start("release the read") { favorites.reading.signal() }
    try await time.settle()
    await myItems.finishSaving()
    #expect(favorites.file == ["field-notes", "swiftui"])
    #expect(stores.favorites.savedIDs == ["field-notes", "swiftui"])
  }

  @Test("A new, edited or deleted item shows in the catalog at once and is saved")
  func changesShow() async throws {
    let mine = MockMyItemsService()
    let (stores, myItems) = stores(mine: mine)
    try await stores.catalog.load()
    try await time.settle()

    try myItems.save(MyItemDraft(id: "notes", title: "Notes", category: "Journal"), replacing: nil)
    try await time.settle()
    #expect(stores.catalog.items.first?.id == "notes")
    #expect(mine.items.map(\.id) == ["notes"])

    try myItems.save(MyItemDraft(id: "journal", title: "Journal", category: "Journal"), replacing: mine.items[0])
    try await time.settle()
    #expect(stores.catalog.item(withID: "notes") == nil)
    #expect(stores.catalog.item(withID: "journal")?.title == "Journal")
    #expect(stores.catalog.isOwn("journal"))

    myItems.delete("journal")
    try await time.settle()
    #expect(stores.catalog.items.map(\.id) == CatalogFixtures.items.map(\.id))
    #expect(!stores.catalog.isOwn("journal"))
    #expect(mine.items.isEmpty)
  }

  @Test("The store refuses an id used by your items or by the catalog, with the reason, and saves nothing")
  func refusesTakenIDs() async throws {
    let mine = MockMyItemsService(items: [Self.item("notes")])
    let (stores, myItems) = stores(mine: mine)
    try await stores.catalog.load()
    try await time.settle()
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("notes"))) {
      try myItems.save(MyItemDraft(id: "notes", title: "T", category: "C"), replacing: nil)
    }
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByCatalog("swiftui"))) {
      try myItems.save(MyItemDraft(id: "swiftui", title: "T", category: "C"), replacing: nil)
    }
    try await time.settle()
    #expect(mine.savedDrafts.isEmpty)
  }

  @Test("An id that differs from the catalog's or one of yours only in letter case is refused, naming the id in use")
  func refusesIDsThatDifferOnlyInCase() async throws {
    let network = MockNetworkService()
    let grdb = FeaturedItem(
      id: "GRDB", title: "GRDB", subtitle: "", category: "Tools", description: "", isFeatured: false)
    network.result = .success(CatalogFixtures.items + [grdb])
    let mine = MockMyItemsService(items: [Self.item("notes")])
    let (stores, myItems) = stores(network: network, mine: mine)
    try await stores.catalog.load()
    try await time.settle()
    let refusals: [(String, LocalizedText)] = [
      ("SwiftUI", L10n.MyItems.idUsedByCatalog("swiftui")),
      ("grdb", L10n.MyItems.idUsedByCatalog("GRDB")),
      ("NOTES", L10n.MyItems.idUsedByYours("notes")),
    ]
    for (id, reason) in refusals {
      #expect(throws: AppError.invalidMyItem(reason: reason)) {
        try myItems.save(MyItemDraft(id: id, title: "T", category: "C"), replacing: nil)
      }
    }
    // Your own item may change its case; a link still names ids exactly.
    #expect(myItems.owner(of: "Notes", besides: "notes") == nil)
    try await time.settle()
    #expect(mine.savedDrafts.isEmpty)
    #expect(stores.catalog.item(withID: "SwiftUI") == nil)
  }

  @Test("Your items survive a reload and a failed reload, and show even while the catalog has never loaded")
  func surviveReloads() async throws {
    let network = MockNetworkService()
    let mine = MockMyItemsService(items: [Self.item("notes")])
    let (stores, myItems) = stores(network: network, mine: mine)
    try await stores.catalog.load()
    try await time.settle()

    network.result = .success(Array(CatalogFixtures.items.prefix(2)))
    try await stores.catalog.refetch()
    #expect(stores.catalog.items.map(\.id) == ["notes", "swiftui", "combine"])

    network.result = .failure(.simulatedNetworkFailure)
    await #expect(throws: AppError.simulatedNetworkFailure) { try await stores.catalog.refetch() }
    #expect(stores.catalog.items.map(\.id) == ["notes", "swiftui", "combine"])
    #expect(stores.catalog.isOwn("notes"))

    let failing = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let (never, neverItems) = self.stores(network: failing, mine: MockMyItemsService(items: [Self.item("offline")]))
    _ = try? await never.catalog.load()
    try await time.settle()
    #expect(never.catalog.items.map(\.id) == ["offline"])
    #expect(never.catalog.loadError == .simulatedNetworkFailure)
    // The stores live as long as their session; here, as long as the test looks.
    #expect(myItems.items.count == 1 && neverItems.items.count == 1)
  }

  @Test("An id the remote catalog later also uses: the catalog's item shows, yours is kept, and it is reported once")
  func idClash() async throws {
    let network = MockNetworkService()
    let mine = MockMyItemsService(items: [Self.item("notes"), Self.item("swift-testing", "My testing notes")])
    let (stores, myItems) = stores(network: network, mine: mine)
    try await stores.catalog.load()
    try await time.settle()
    #expect(stores.catalog.isOwn("swift-testing"))
    #expect(toasts.shownToasts.isEmpty)

    let remoteTesting = FeaturedItem(
      id: "swift-testing", title: "Swift Testing", subtitle: "", category: "Tools", description: "", isFeatured: false)
    network.result = .success(CatalogFixtures.items + [remoteTesting])
    try await stores.catalog.refetch()
    try await time.settle()
    #expect(stores.catalog.item(withID: "swift-testing") == remoteTesting)
    #expect(!stores.catalog.isOwn("swift-testing"))
    #expect(stores.catalog.clashingIDs == ["swift-testing"])
    #expect(stores.catalog.items.filter { $0.id == "swift-testing" }.count == 1)
    #expect(stores.catalog.items.first?.id == "notes")
    #expect(myItems.item(withID: "swift-testing")?.title == "My testing notes")
    #expect(mine.items.count == 2)
    #expect(toasts.shownToasts == [.info(L10n.MyItems.idClash("swift-testing"))])

    // Reloading again does not repeat the report; renaming yours ends the clash.
    try await stores.catalog.refetch()
    try await time.settle()
    #expect(toasts.shownToasts.count == 1)
    try myItems.save(
      MyItemDraft(id: "my-testing", title: "My testing notes", category: "Journal"),
      replacing: myItems.item(withID: "swift-testing"))
    try await time.settle()
    #expect(stores.catalog.isOwn("my-testing"))
    #expect(stores.catalog.clashingIDs.isEmpty)
  }

  @Test("A save says so in a toast once the service has saved it, not before")
  func savedToast() async throws {
    let mine = MockMyItemsService()
    let (stores, myItems) = stores(mine: mine)
    try await stores.catalog.load()
    try await time.settle()
    try myItems.save(MyItemDraft(id: "notes", title: " Field notes", category: "Journal"), replacing: nil)
    #expect(toasts.shownToasts.isEmpty)
    try await time.settle()
    #expect(mine.items.map(\.id) == ["notes"])
    #expect(toasts.shownToasts == [.info(L10n.MyItems.saved("Field notes"))])
  }

  @Test("A guest's save is never called saved: the toast says the item is kept until sign-out")
  func guestIsNotToldSaved() async throws {
    let mine = MockMyItemsService()
    let (stores, myItems) = stores(mine: mine, savesChanges: false)
    try await stores.catalog.load()
    try await time.settle()
    try myItems.save(MyItemDraft(id: "notes", title: "Field notes", category: "Journal"), replacing: nil)
    try await time.settle()
    #expect(toasts.shownToasts == [.info(L10n.MyItems.kept("Field notes"))])
    #expect(Localizer.base(L10n.MyItems.kept("Field notes")).contains("not saved"))
  }

  @Test(
    "A save the service refuses (another Fun took the id first) tells the saver why, and the list shows what is saved")
  func refusedByTheService() async throws {
    let mine = MockMyItemsService()
    let (stores, myItems) = stores(mine: mine)
    try await stores.catalog.load()
    try await time.settle()
    // Another Fun saved "notes" a moment ago, and the service has just read it; the store has
    // not had its turn to show it, so its own check passes and the service decides.
    mine.saveElsewhere([Self.item("notes", "Theirs")])
    mine.reloadIfChanged()
    var refusals: [AppError?] = []
    try myItems.save(MyItemDraft(id: "notes", title: "Mine", category: "C"), replacing: nil) { refusals.append($0) }
    #expect(myItems.items.map(\.title) == ["Mine"])
    #expect(refusals.isEmpty)
    try await time.settle()

    #expect(refusals == [.invalidMyItem(reason: L10n.MyItems.idUsedByYours("notes"))])
    #expect(toasts.shownToasts.isEmpty)
    #expect(myItems.items.map(\.title) == ["Theirs"])
    #expect(mine.items.map(\.title) == ["Theirs"])
    #expect(stores.catalog.item(withID: "notes")?.title == "Theirs")
  }

  @Test("The store starts empty and has the service read its items in a tracked task, not as it is made")
  func readsOffTheMainActor() async throws {
    let mine = MockMyItemsService(items: [Self.item("notes")])
    let (_, myItems) = stores(mine: mine)
    #expect(myItems.items.isEmpty)
    #expect(mine.reloadChecks == 0)
    try await time.settle()
    #expect(mine.reloadChecks == 1)
    #expect(myItems.items.map(\.id) == ["notes"])
  }

  @Test("A save that succeeds tells the saver nil once the service has saved it")
  func savedTellsTheSaver() async throws {
    let mine = MockMyItemsService()
    let (_, myItems) = stores(mine: mine)
    try await time.settle()
    var outcomes: [AppError?] = []
    try myItems.save(MyItemDraft(id: "notes", title: "Notes", category: "C"), replacing: nil) { outcomes.append($0) }
    #expect(outcomes.isEmpty)
    try await time.settle()
    #expect(outcomes == [nil])
    #expect(mine.items.map(\.id) == ["notes"])
  }

  @Test("Another Fun's items show within a second of the clock")
  func anotherInstanceWithinASecond() async throws {
    let mine = MockMyItemsService()
    let (stores, myItems) = stores(mine: mine, watch: true)
    try await stores.catalog.load()
    try await time.settle()

    mine.saveElsewhere([Self.item("theirs")])
    try await time.advance(by: .milliseconds(999))
    #expect(!stores.catalog.isOwn("theirs"))
    try await time.advance(by: .milliseconds(1))
    #expect(stores.catalog.isOwn("theirs"))
    #expect(myItems.items.map(\.id) == ["theirs"])
    // One read as the store starts, one look a second later.
    #expect(mine.reloadChecks == 2)
  }

  @Test("When the session's store goes, its items leave the catalog; a newer session's store is left alone")
  func endsWithTheSession() async throws {
    let stores = TestStores(time: time)
    try await stores.catalog.load()
    var first: MyItemsStore? = MyItemsStore(
      service: MockMyItemsService(items: [Self.item("first")]), catalog: stores.catalog, favorites: stores.favorites,
      toasts: toasts,
      tasks: time.tasks, watchClock: nil, savesChanges: true)
    try await time.settle()
    #expect(stores.catalog.isOwn("first"))

    let second = MyItemsStore(
      service: MockMyItemsService(items: [Self.item("second")]), catalog: stores.catalog, favorites: stores.favorites,
      toasts: toasts,
      tasks: time.tasks, watchClock: nil, savesChanges: true)
    first = nil
    try await time.settle()
    #expect(first == nil)
    #expect(stores.catalog.isOwn("second"))
    #expect(!stores.catalog.isOwn("first"))
    #expect(second.items.count == 1)

    var third: MyItemsStore? = MyItemsStore(
      service: MockMyItemsService(items: [Self.item("third")]), catalog: stores.catalog, favorites: stores.favorites,
      toasts: toasts,
      tasks: time.tasks, watchClock: nil, savesChanges: true)
    try await time.settle()
    #expect(third != nil)
    third = nil
    try await time.settle()
    #expect(stores.catalog.items.map(\.id) == CatalogFixtures.items.map(\.id))
  }
}
