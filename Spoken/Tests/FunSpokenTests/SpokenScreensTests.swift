import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunSpoken
@testable import FunViewModel

/// What each screen and sheet says, read from its ViewModel.
@Suite("SpokenScreens and SpokenSheets")
@MainActor
struct SpokenScreensTests {
  /// One of your items, listed before the catalog's.
  private static let yours = FeaturedItem(
    id: "notes", title: "Notes", subtitle: "Mine", category: "Journal", description: "One.", isFeatured: false)

  @Test("Settings reads the focused setting with its value, and a change says only the new value")
  func settings() async throws {
    let harness = SpokenHarness()
    let settings = SettingsViewModel(toggles: harness.toggles, toasts: harness.toasts)
    let scene = SpokenScene(title: "Settings", screenModel: settings)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    #expect(harness.reader.announcements(for: scene) == ["Settings, item 1 of 4", "Featured carousel: on"])
    settings.send(.move(by: 1))
    #expect(harness.reader.announcements(for: scene) == ["2 of 4: Appearance: system"])
    settings.send(.toggleSelected(.forward))
    #expect(harness.reader.announcements(for: scene) == ["Appearance: light"])
  }

  @Test(
    "Started by the toggle, the screen-reader setting turned off says it applies from the next start: the reader still speaks"
  )
  func screenReaderSetting() async throws {
    let harness = SpokenHarness()
    let settings = SettingsViewModel(toggles: harness.toggles, toasts: harness.toasts)
    let scene = SpokenScene(title: "Settings", screenModel: settings)
    _ = harness.reader.announcements(for: scene)

    settings.send(.move(by: 3))
    #expect(harness.reader.announcements(for: scene) == ["4 of 4: Screen reader mode: off, from the next start"])
    settings.send(.toggleSelected(.forward))
    #expect(harness.reader.announcements(for: scene) == ["Screen reader mode: on"])
    settings.send(.toggleSelected(.forward))
    #expect(harness.reader.announcements(for: scene) == ["Screen reader mode: off, from the next start"])
  }

  @Test(
    "A guest's Settings says its settings are not saved, and the screen-reader setting off says so, not \"from the next start\""
  )
  func guestSettings() async throws {
    let harness = SpokenHarness()
    harness.toggles.beginSession(savesChanges: false)
    let settings = SettingsViewModel(toggles: harness.toggles, toasts: harness.toasts)
    let scene = SpokenScene(title: "Settings", screenModel: settings)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let note = "As a guest, your settings are not saved: they last until you sign out."

    #expect(harness.reader.announcements(for: scene) == ["Settings, item 1 of 4", "Featured carousel: on", note])
    settings.send(.move(by: 3))
    #expect(harness.reader.announcements(for: scene) == ["4 of 4: Screen reader mode: off, \(note)"])
    settings.send(.toggleSelected(.forward))
    #expect(harness.reader.announcements(for: scene) == ["Screen reader mode: on"])
    settings.send(.toggleSelected(.forward))
    #expect(harness.reader.announcements(for: scene) == ["Screen reader mode: off, \(note)"])
  }

  @Test(
    "Started with --screen-reader (or the variable), the setting off says the reader is on whenever started so, not that it goes",
    arguments: ["--screen-reader", "FUN_SCREEN_READER=1"])
  func screenReaderSettingAskedFor(by option: String) async throws {
    let harness = SpokenHarness()
    let reader = ScreenReader(strings: .base, askedBy: option)
    let settings = SettingsViewModel(toggles: harness.toggles, toasts: harness.toasts)
    let scene = SpokenScene(title: "Settings", screenModel: settings)
    _ = reader.announcements(for: scene)

    settings.send(.move(by: 3))
    #expect(
      reader.announcements(for: scene) == ["4 of 4: Screen reader mode: off, but on whenever started with \(option)"])
    settings.send(.toggleSelected(.forward))
    #expect(reader.announcements(for: scene) == ["Screen reader mode: on"])
  }

  @Test("In German, the screen-reader setting off under --screen-reader says the reader is on at every such start")
  func screenReaderSettingAskedForInGerman() async throws {
    let harness = SpokenHarness()
    let german = Localizer(language: .de)
    let reader = ScreenReader(strings: german, askedBy: "--screen-reader")
    let settings = SettingsViewModel(toggles: harness.toggles, toasts: harness.toasts)
    let scene = SpokenScene(title: "Einstellungen", screenModel: settings)
    _ = reader.announcements(for: scene)

    settings.send(.move(by: 3))
    let announced = reader.announcements(for: scene).joined()
    #expect(announced.hasSuffix(", aber an bei jedem Start mit --screen-reader"), "\(announced)")
  }

  @Test(
    "An item's page reads its title, subtitle, category, description and favorite state; `.` all but the description, and the link; `f` says the change"
  )
  func detail() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let detail = DetailViewModel(
      item: CatalogFixtures.item("combine"), catalog: harness.catalog, favorites: harness.favorites,
      toasts: harness.toasts, clipboard: NoClipboard())
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    let item = CatalogFixtures.item("combine")
    #expect(
      harness.reader.announcements(for: SpokenScene(title: "Combine", screenModel: detail)) == [
        "Combine", item.subtitle, "Category: Frameworks, Featured", item.description, "Not a favorite",
      ])
    #expect(
      harness.reader.whereYouAre(in: SpokenScene(title: "Combine", screenModel: detail)) == [
        "Combine", "Category: Frameworks, Featured", "Not a favorite", "Link: funapp://item/combine",
      ])
    let said = try await harness.saysAfterArriving(at: "Combine", model: detail) { detail.send(.toggleFavorite) }
    #expect(said == ["Favorited Combine"])
  }

  @Test("`,` on an item's page reads its description again, which `.` leaves out; under a sheet, or with none, nothing")
  func detailDescriptionAgain() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let item = CatalogFixtures.item("combine")
    let detail = DetailViewModel(
      item: item, catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts,
      clipboard: NoClipboard())
    let scene = SpokenScene(title: "Combine", screenModel: detail)
    #expect(harness.reader.description(in: scene) == [item.description])
    #expect(
      harness.reader.description(in: SpokenScene(title: "Combine", screenModel: detail, sheetTitle: "Share")) == nil)
    let home = try await harness.loadedHome()
    #expect(harness.reader.description(in: harness.scene(of: home)) == nil)
    // Not in the catalog, whose item of the same id the page would show instead.
    let bare = FeaturedItem(
      id: "bare", title: item.title, subtitle: item.subtitle, category: item.category, description: "",
      isFeatured: item.isFeatured)
    let withoutText = DetailViewModel(
      item: bare, catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts,
      clipboard: NoClipboard())
    #expect(harness.reader.description(in: SpokenScene(title: "Combine", screenModel: withoutText)) == nil)
  }

  @Test("On an item's page a removal and its undo are each said once, by their own toasts, as on a list's row")
  func detailRemovalToldByItsOwnToast() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let detail = DetailViewModel(
      item: CatalogFixtures.item("combine"), catalog: harness.catalog, favorites: harness.favorites,
      toasts: harness.toasts, clipboard: NoClipboard())
    func scene() -> SpokenScene {
      SpokenScene(
        title: "Combine", screenModel: detail, toast: harness.toasts.shownToasts.last,
        toastsShown: harness.toasts.shownToasts.count)
    }
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    _ = harness.reader.announcements(for: scene())
    detail.send(.toggleFavorite)
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene()) == ["Favorited Combine"])

    detail.send(.toggleFavorite)
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene()) == ["Removed Combine from favorites, u undoes"])
    _ = harness.favorites.undoRemoval()
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene()) == ["Combine is a favorite again"])
  }

  @Test(
    "An item opened before the favorites are read says its state once they are, never as a change; then `f` does",
    arguments: [
      (["combine"], "In your favorites", "Removed Combine from favorites"), ([], "Not a favorite", "Favorited Combine"),
    ])
  func detailBeforeFavoritesRead(saved: [String], state: String, change: String) async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    // Signing in over a loaded catalog with a link waiting: the page shows before the favorites
    // are read.
    let favorites = FavoritesStore(
      service: MockFavoritesService(favorites: Set(saved)), catalog: harness.catalog, toasts: harness.toasts,
      tasks: harness.time.tasks,
      watchClock: nil)
    let item = CatalogFixtures.item("combine")
    let detail = DetailViewModel(
      item: item, catalog: harness.catalog, favorites: favorites, toasts: harness.toasts, clipboard: NoClipboard())
    let scene = SpokenScene(title: "Combine", screenModel: detail)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    #expect(!detail.hasLoadedFavorites)
    let category = "Category: Frameworks, Featured"
    #expect(harness.reader.announcements(for: scene) == ["Combine", item.subtitle, category, item.description])
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene) == [state])
    #expect(harness.reader.whereYouAre(in: scene) == ["Combine", category, state, "Link: funapp://item/combine"])
    detail.send(.toggleFavorite)
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene) == [change])
  }

  @Test("One of your items is read as yours, in a list's row and on its page, as the screens mark it")
  func ownItemIsReadAsYours() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    let own = FeaturedItem(
      id: "my-notes", title: "My notes", subtitle: "Things I learned", category: "Notes",
      description: "Written here.", isFeatured: false)
    let myItems = MyItemsStore(
      service: MockMyItemsService(items: [own]), catalog: harness.catalog, favorites: harness.favorites,
      toasts: harness.toasts,
      tasks: harness.time.tasks, watchClock: nil, savesChanges: true)
    try await harness.time.settle()

    #expect(home.list.select(id: own.id))
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let row = harness.reader.announcements(for: harness.scene(of: home))
    #expect(row.contains { $0.hasSuffix("My notes — Things I learned, yours") }, "said: \(row)")
    let detail = DetailViewModel(
      item: own, catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts,
      clipboard: NoClipboard())
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let page = harness.reader.announcements(for: SpokenScene(title: own.title, screenModel: detail))
    #expect(
      page == [
        "My notes", "Things I learned", "Category: Notes", "Written here.", "One of your items", "Not a favorite",
      ])
    withExtendedLifetime(myItems) {}
  }

  @Test(
    "Profile reads in the screen's order: the name, the bio, how many favorites (and saved ones the catalog lacks), then the focused Sign out; a new count is said"
  )
  func profile() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let profile = ProfileViewModel(
      session: MockProfileDetailsService.adaSession, details: MockProfileDetailsService(),
      favorites: harness.favorites, tasks: harness.time.tasks)
    try await harness.time.settle()
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    let arriving = harness.reader.announcements(for: SpokenScene(title: "Profile", screenModel: profile))
    #expect(
      arriving == ["Profile, Ada Lovelace", MockProfileDetailsService.adaProfile.bio, "0 favorites", "Sign out"])
    let said = try await harness.saysAfterArriving(at: "Profile", model: profile) {
      harness.favorites.toggle("swiftui")
    }
    #expect(said == ["1 favorite"])
    harness.favorites.toggle("gone-from-the-catalog")
    let scene = SpokenScene(title: "Profile", screenModel: profile)
    #expect(harness.reader.announcements(for: scene) == ["1 favorite, 1 not in this catalog"])
    #expect(
      harness.reader.whereYouAre(in: scene) == [
        "Profile, Ada Lovelace", MockProfileDetailsService.adaProfile.bio, "1 favorite, 1 not in this catalog",
        "Sign out",
      ])
  }

  @Test("Profile without a bio says what the screen shows there: that it has none yet")
  func profileWithoutBio() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let ada = MockProfileDetailsService.adaProfile
    let details = MockProfileDetailsService(
      profile: UserProfile(displayName: ada.displayName, name: ada.name, bio: "", createdAt: ada.createdAt))
    let profile = ProfileViewModel(
      session: MockProfileDetailsService.adaSession, details: details, favorites: harness.favorites,
      tasks: harness.time.tasks)
    try await harness.time.settle()
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    #expect(
      harness.reader.announcements(for: SpokenScene(title: "Profile", screenModel: profile)) == [
        "Profile, Ada Lovelace", "No bio yet.", "0 favorites", "Sign out",
      ])
  }

  /// A catalog whose first load takes a second, with ``yours`` listed as soon as your items are
  /// read; the store is returned so it lives as long as the test.
  private static func slowCatalog(withYoursIn harness: SpokenHarness) -> (CatalogStore, MyItemsStore) {
    let network = MockNetworkService(clock: harness.time.clock, latency: .seconds(1))
    let catalog = CatalogStore(network: network, toggles: harness.toggles, tasks: harness.time.tasks)
    let mine = MyItemsStore(
      service: MockMyItemsService(items: [yours]), catalog: catalog,
      favorites: FavoritesStore(
        service: MockFavoritesService(), catalog: catalog, toasts: harness.toasts, tasks: harness.time.tasks,
        watchClock: nil),
      toasts: harness.toasts, tasks: harness.time.tasks, watchClock: nil, savesChanges: true)
    return (catalog, mine)
  }

  @Test("While the catalog's first load is in flight, Home says so, not your items shown meanwhile; then the list")
  func homeLoadingWithYourItems() async throws {
    let harness = SpokenHarness()
    let (catalog, mine) = Self.slowCatalog(withYoursIn: harness)
    let home = HomeViewModel(
      catalog: catalog, favorites: harness.favorites, toggles: harness.toggles, toasts: harness.toasts,
      tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Home", screenModel: home, list: home.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    harness.time.tasks.start("first load") { _ = try? await catalog.load() }
    try await harness.time.settle()
    // Your item is in the catalog while it loads, but Home lists nothing until it has: the wait
    // stands in for the rows.
    #expect(catalog.items.map(\.id) == ["notes"])
    #expect(home.list.rows.isEmpty)
    #expect(harness.reader.announcements(for: scene) == ["Home, Loading catalog…"])
    #expect(harness.reader.whereYouAre(in: scene) == ["Home, Loading catalog…"])
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene) == ["Catalog loaded", "1 of 9: Notes — Mine, yours"])
    _ = mine
  }

  @Test("Home says that a saved copy stands in for the catalog when it does, as its heading marks it")
  func homeOffline() async throws {
    let harness = SpokenHarness()
    let savedAt = Date(timeIntervalSince1970: 1_764_000_000)
    harness.network.offlineCopy = savedAt
    let home = HomeViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toggles: harness.toggles, toasts: harness.toasts,
      tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Home", screenModel: home, list: home.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    #expect(harness.reader.announcements(for: scene).first?.hasPrefix("Home") == true)

    harness.time.tasks.start("first load") { _ = try? await harness.catalog.load() }
    try await harness.time.settle()
    let said = harness.reader.announcements(for: scene)
    #expect(said.prefix(2) == ["Catalog loaded", Localizer.base(L10n.Home.offlineCopy(savedAt))], "\(said)")
  }

  @Test("Search with a category chosen says it where it says the results, as the screen shows it above them")
  func searchCategoryInHeading() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    #expect(harness.reader.whereYouAre(in: scene).first == "Search, 8 results, item 1 of 8")

    search.send(.selectNextCategory)
    try await harness.time.settle()
    _ = harness.reader.announcements(for: scene)
    #expect(harness.reader.whereYouAre(in: scene).first == "Search, Category: Frameworks, 3 results, item 1 of 3")
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    #expect(
      harness.reader.announcements(for: scene).first == "Search, Category: Frameworks, 3 results, item 1 of 3")
  }

  @Test("While the catalog's first load is in flight, Search says it waits, not \"No results\" nor your items")
  func searchLoading() async throws {
    let harness = SpokenHarness()
    let (catalog, mine) = Self.slowCatalog(withYoursIn: harness)
    let search = SearchViewModel(
      catalog: catalog, favorites: harness.favorites, toasts: harness.toasts, clock: harness.time.clock,
      tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    harness.time.tasks.start("search") { await search.searchNow() }
    try await harness.time.settle()
    let said = harness.reader.announcements(for: scene)
    #expect(said == ["Search, Searching…"])
    try await harness.time.advance(by: .seconds(1))
    #expect(harness.reader.announcements(for: scene).suffix(2) == ["9 results", "1 of 9: Notes — Mine, yours"])
    _ = mine
  }

  @Test("While the catalog's first load says how far it has come, Search says the wait alone, not a row's place")
  func searchLoadingWithProgress() async throws {
    let harness = SpokenHarness()
    let network = MockNetworkService(
      clock: harness.time.clock, latency: .seconds(2), progress: [.reading(bytesRead: 512, totalBytes: 1024)])
    let catalog = CatalogStore(network: network, toggles: harness.toggles, tasks: harness.time.tasks)
    let mine = MyItemsStore(
      service: MockMyItemsService(items: [Self.yours]), catalog: catalog,
      favorites: FavoritesStore(
        service: MockFavoritesService(), catalog: catalog, toasts: harness.toasts, tasks: harness.time.tasks,
        watchClock: nil),
      toasts: harness.toasts, tasks: harness.time.tasks, watchClock: nil, savesChanges: true)
    let search = SearchViewModel(
      catalog: catalog, favorites: harness.favorites, toasts: harness.toasts, clock: harness.time.clock,
      tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    harness.time.tasks.start("first load") { _ = try? await catalog.load() }
    try await harness.time.settle()
    // A refresh before the first load has ended applies the query: your item is a row, selected.
    search.send(.refresh)
    try await harness.time.advance(by: .seconds(1))
    #expect(search.list.selectedItem?.id == "notes")
    #expect(harness.reader.announcements(for: scene) == ["Search, Loading catalog…"])
    _ = mine
  }

  @Test("While a new query waits for a catalog whose first load failed, Search says the wait, not a row's place")
  func searchWaitingOverRows() async throws {
    let harness = SpokenHarness()
    let failure = AppError.itemNotFound(id: "x")
    harness.network.result = .failure(failure)
    let mine = MyItemsStore(
      service: MockMyItemsService(items: [Self.yours]), catalog: harness.catalog, favorites: harness.favorites,
      toasts: harness.toasts, tasks: harness.time.tasks, watchClock: nil, savesChanges: true)
    let search = SearchViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts, clock: harness.time.clock,
      tasks: harness.time.tasks)
    await search.searchNow()
    try await harness.time.settle()
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    _ = harness.reader.announcements(for: scene)

    // The failed search left your item as a row; the next query waits out the debounce over it,
    // and the screen says "Searching…" above it.
    search.send(.edit(.insert("no")))
    #expect(search.status == .searching)
    #expect(search.list.rows.map(\.id) == ["notes"])
    let said = harness.reader.announcements(for: scene)
    #expect(!said.contains { $0.contains("1 of 1") }, "\(said)")
    #expect(harness.reader.whereYouAre(in: scene).first == "Search, Searching…")
    _ = mine
  }

  @Test("A refresh over Search's results still reads the selected row and its place, as a list tab's refresh does")
  func searchRefreshOverRows() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)

    search.send(.refresh)
    #expect(search.status == .refreshing)
    let first = try #require(search.list.rows.first)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let said = harness.reader.announcements(for: scene)
    let place = Localizer.base(L10n.Spoken.position(index: 1, count: search.list.rows.count))
    #expect(said.first == "Search, Searching…, \(place)", "\(said)")
    #expect(said.dropFirst().first?.hasPrefix(first.title) == true, "\(said)")
  }

  @Test("The sign-in list reads its rows; the name field echoes typing; a refusal is said")
  func signIn() async throws {
    let harness = SpokenHarness()
    let signIn = SignInViewModel(profiles: MockProfilesService(profiles: ["ada"]), tasks: harness.time.tasks)
    let scene = SpokenScene(title: "Sign in", screenModel: signIn)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    #expect(harness.reader.announcements(for: scene) == ["Sign in, item 1 of 3", "ada"])
    signIn.send(.move(by: 2))
    #expect(harness.reader.announcements(for: scene) == ["3 of 3: Continue as guest (nothing is saved)"])
    signIn.send(.move(by: -1))
    #expect(harness.reader.announcements(for: scene) == ["2 of 3: New profile name field, empty"])
    signIn.send(.editName(.insert("b")))
    signIn.send(.editName(.insert("ad name!")))
    #expect(harness.reader.announcements(for: scene) == ["New profile name field: bad name!"])
    signIn.send(.confirm)
    let refusal = try #require(signIn.message)
    #expect(harness.reader.announcements(for: scene) == [Localizer(language: .en)(refusal)])
  }

  @Test(
    "Favorites says it has no items, then the row once one is favorited, its place the count; emptied, that it has none"
  )
  func favorites() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let favorites = FavoritesViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts, tasks: harness.time.tasks)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    #expect(
      harness.reader.announcements(for: SpokenScene(title: "Favorites", screenModel: favorites, list: favorites.list))
        == ["Favorites, no items"])
    let said = try await harness.saysAfterArriving(at: "Favorites", model: favorites, list: favorites.list) {
      harness.favorites.toggle("macros")
    }
    #expect(said == ["1 of 1: Macros — Code that writes code, favorite"])
    // With no row left to read, the count is said as the heading says it.
    let emptied = try await harness.saysAfterArriving(at: "Favorites", model: favorites, list: favorites.list) {
      harness.favorites.toggle("macros")
    }
    #expect(emptied == ["no items"])
  }

  @Test("Sources says how the catalog loaded")
  func sources() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let sources = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    let said = harness.reader.announcements(for: SpokenScene(title: "Sources", screenModel: sources))
    #expect(said.first == "Sources")
    // What the screen shows, in its order: where the catalog comes from, its load, no error.
    #expect(said.dropFirst().first == "From the catalog built into the app", "\(said)")
    #expect(said.dropFirst(2).first?.hasPrefix("8 items, loaded ") == true, "\(said)")
    #expect(said.last == "No error in the last load", "\(said)")
  }

  @Test(
    "Sources says how a refresh ended as a list tab does: a failure each time, the same one again while its toast shows too"
  )
  func sourcesRefreshOutcome() async throws {
    let harness = SpokenHarness()
    _ = try await harness.loadedHome()
    let sources = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    let failure = AppError.itemNotFound(id: "x")
    let error = ToastEvent.error(failure.text)
    func scene(toast: ToastEvent? = nil) -> SpokenScene {
      SpokenScene(title: "Sources", screenModel: sources, toast: toast)
    }
    _ = harness.reader.announcements(for: scene())

    sources.send(.refresh)
    #expect(harness.reader.announcements(for: scene()) == ["Refreshing the catalog"])
    try await harness.time.settle()
    let refreshed = harness.reader.announcements(for: scene())
    #expect(refreshed.first == "Catalog refreshed", "\(refreshed)")

    harness.network.result = .failure(failure)
    sources.send(.refresh)
    _ = harness.reader.announcements(for: scene())
    try await harness.time.settle()
    // Its toast comes with it: said once, as the toast, after the status lines that changed.
    let failed = harness.reader.announcements(for: scene(toast: error))
    #expect(failed.filter { $0 == "Error: \(failure.message)" }.count == 1, "\(failed)")
    #expect(failed.last == "Error: \(failure.message)", "\(failed)")

    // The same failure while its toast still shows: no new toast, no status line that changed.
    sources.send(.refresh)
    #expect(harness.reader.announcements(for: scene(toast: error)) == ["Refreshing the catalog"])
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene(toast: error)) == ["Error: \(failure.message)"])
  }

  /// The web server the Sources tests load from; longer than the screen's 40 columns for it.
  nonisolated static let sourceURL = "http://catalog.example.com:8000/studio/shared/catalog.json"

  @Test("Sources says the web server whole, and the copy saved on disk once a download saved one")
  func sourcesSavedCopy() async throws {
    let harness = SpokenHarness(sourceKind: .http(url: Self.sourceURL))
    _ = try await harness.loadedHome()
    let sources = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    let said = harness.reader.announcements(for: SpokenScene(title: "Sources", screenModel: sources))
    #expect(said.contains("From a web server (--catalog): \(Self.sourceURL)"), "\(said)")
    #expect(said.contains("Saved on disk for offline use"), "\(said)")
  }

  @Test("Sources says the offline copy standing in and why, and the damaged copy set aside by its file's name")
  func sourcesOffline() async throws {
    let harness = SpokenHarness(sourceKind: .http(url: Self.sourceURL))
    let savedAt = Date(timeIntervalSince1970: 1_764_000_000)
    let problem = AppError.corruptStateFile(name: "http-catalog.cache", movedTo: "/s/http-catalog.cache.corrupt-1")
    harness.network.savedCopy = .failure(problem)
    harness.network.offlineCopy = savedAt
    _ = try await harness.loadedHome()
    let sources = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    let said = harness.reader.announcements(for: SpokenScene(title: "Sources", screenModel: sources))
    #expect(said.contains("From a web server (--catalog): \(Self.sourceURL)"), "\(said)")
    #expect(said.contains(Localizer.base(L10n.Sources.offlineCopy(savedAt))), "\(said)")
    #expect(said.contains("The saved copy was damaged and set aside as http-catalog.cache.corrupt-1"), "\(said)")
    #expect(said.contains(Localizer.base(L10n.Sources.lastError(harness.network.offlineReason.text))), "\(said)")
    // Offline, the offline line says the copy is on disk.
    #expect(!said.contains("Saved on disk for offline use"), "\(said)")
  }

  @Test("A refresh says it starts and that it is done; a failed one says why")
  func refreshes() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    _ = harness.reader.announcements(for: harness.scene(of: home))

    home.send(.refresh)
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["Refreshing the catalog"])
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: harness.scene(of: home)) == ["Catalog refreshed"])

    let failure = AppError.itemNotFound(id: "x")
    harness.network.result = .failure(failure)
    let failingCatalog = CatalogStore(network: harness.network, toggles: harness.toggles, tasks: harness.time.tasks)
    let failing = HomeViewModel(
      catalog: failingCatalog, favorites: harness.favorites, toggles: harness.toggles, toasts: harness.toasts,
      tasks: harness.time.tasks)
    let said = try await harness.saysAfterArriving(at: "Home", model: failing, list: failing.list) {
      _ = try? await failingCatalog.load()
    }
    #expect(said.contains("Error: \(failure.message)"), "\(said)")
  }

  @Test(
    "A failed refresh says its error, never that the catalog refreshed: once with its toast, and again when it fails as it did while that toast shows"
  )
  func failedRefreshes() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    let failure = AppError.itemNotFound(id: "x")
    let error = ToastEvent.error(failure.text)
    let said = "Error: \(failure.message)"
    _ = harness.reader.announcements(for: harness.scene(of: home))
    harness.network.result = .failure(failure)

    home.send(.refresh)
    _ = harness.reader.announcements(for: harness.scene(of: home))
    try await harness.time.settle()
    // Its toast comes with it: said once, as the toast.
    #expect(harness.reader.announcements(for: harness.scene(of: home, toast: error)) == [said])

    // The same failure while its toast still shows brings no new toast: the state says it.
    home.send(.refresh)
    #expect(
      harness.reader.announcements(for: harness.scene(of: home, toast: error)) == ["Refreshing the catalog"])
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: harness.scene(of: home, toast: error)) == [said])
  }

  @Test("A refresh that fails while another error shows is said once, by its toast as it shows, not also as it ends")
  func failedRefreshBehindAnotherError() async throws {
    let harness = SpokenHarness()
    let home = try await harness.loadedHome()
    let failure = AppError.itemNotFound(id: "x")
    let error = ToastEvent.error(failure.text)
    let showing = ToastEvent.error("Unknown tab 'nowhere'")
    _ = harness.reader.announcements(for: harness.scene(of: home))
    #expect(
      harness.reader.announcements(
        for: SpokenScene(title: "Home", screenModel: home, list: home.list, toast: showing, toastsShown: 1))
        == ["Error: Unknown tab 'nowhere'"])
    harness.network.result = .failure(failure)

    home.send(.refresh)
    _ = harness.reader.announcements(
      for: SpokenScene(title: "Home", screenModel: home, list: home.list, toast: showing, toastsShown: 1))
    try await harness.time.settle()
    // Its toast waits behind the one showing: the refresh's end leaves the failure to it.
    #expect(
      harness.reader.announcements(
        for: SpokenScene(
          title: "Home", screenModel: home, list: home.list, toast: showing, toastsShown: 1, toastsWaiting: [error]))
        == [])
    #expect(
      harness.reader.announcements(
        for: SpokenScene(title: "Home", screenModel: home, list: home.list, toast: error, toastsShown: 2))
        == ["Error: \(failure.message)"])
  }

  @Test("A refresh on Search that fails says its error, not that the catalog refreshed")
  func searchFailedRefresh() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    _ = harness.reader.announcements(for: scene)
    let failure = AppError.itemNotFound(id: "x")
    harness.network.result = .failure(failure)

    search.send(.refresh)
    _ = harness.reader.announcements(for: scene)
    try await harness.time.settle()
    let said = harness.reader.announcements(for: scene)
    #expect(said.first == "Error: \(failure.message)", "\(said)")
    #expect(!said.contains("Catalog refreshed"), "\(said)")
  }

  @Test("A refresh on Search says it starts and that it is done, as on Home")
  func searchRefreshes() async throws {
    let harness = SpokenHarness()
    let search = try await harness.loadedSearch()
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    _ = harness.reader.announcements(for: scene)

    search.send(.refresh)
    #expect(harness.reader.announcements(for: scene) == ["Refreshing the catalog"])
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene).first == "Catalog refreshed")
  }

  @Test("A retry of Search's failed first load still says the failure, as a list tab's does, until results arrive")
  func searchRetry() async throws {
    let harness = SpokenHarness()
    let catalogItems = harness.network.result
    let failure = AppError.itemNotFound(id: "x")
    harness.network.result = .failure(failure)
    let search = SearchViewModel(
      catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts, clock: harness.time.clock,
      tasks: harness.time.tasks)
    _ = try? await harness.catalog.load()
    try await harness.time.settle()
    let scene = SpokenScene(title: "Search", screenModel: search, list: search.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    let arriving = harness.reader.announcements(for: scene)
    #expect(arriving.contains("Error: \(failure.message)"), "\(arriving)")

    // The retry is in flight: the status line shows the refresh, the failure still stands.
    harness.network.result = catalogItems
    search.send(.refresh)
    #expect(search.status == .refreshing)
    #expect(harness.reader.announcements(for: scene) == [])
    try await harness.time.settle()
    let loaded = harness.reader.announcements(for: scene)
    #expect(loaded.first == Localizer.base(L10n.Search.results(search.list.rows.count)), "\(loaded)")
  }

  @Test("The activity switcher reads its rows, the current one marked, and every key it binds, its own first")
  func activitySwitcher() {
    let reader = ScreenReader(strings: Localizer(language: .en))
    let switcher = ActivitySwitcherViewModel(tabBar: TabBarViewModel())
    // As the sheet binds them: the dialog's Esc, then its own section, found by its id.
    let keys = [
      KeyHelpSection(title: "", lines: [.init(keys: "Esc", spokenKeys: ["Escape"], summary: "cancel")]),
      KeyHelpSection(
        id: .activitySwitcher, title: "Activities",
        lines: [
          .init(keys: "Enter", spokenKeys: ["Enter"], summary: "open the selected activity"),
          .init(keys: "1 2", spokenKeys: ["1", "2"], summary: "choose that activity"),
        ]),
    ]
    func scene() -> SpokenScene {
      SpokenScene(title: "Home", sheetTitle: "Activities", sheetModel: switcher, keys: keys)
    }
    _ = reader.announcements(for: SpokenScene(title: "Home"))

    #expect(
      reader.announcements(for: scene()) == [
        "Dialog: Activities, item 1 of 2", "Explore, current", "Enter: open the selected activity",
        "1, 2: choose that activity", "Escape: cancel",
      ])
    switcher.send(.move(by: 1))
    #expect(reader.announcements(for: scene()) == ["2 of 2: Studio"])
  }

  @Test("The profile editor reads the focused field and its choices; Tab reads the next field")
  func profileEditor() {
    let reader = ScreenReader(strings: Localizer(language: .en))
    let editor = ProfileEditorViewModel(details: MockProfileDetailsService(), toasts: MockToastService())
    let keys = [
      KeyHelpSection(title: "This dialog", lines: [.init(keys: "Enter", spokenKeys: ["Enter"], summary: "confirm")])
    ]
    func scene() -> SpokenScene {
      SpokenScene(title: "Profile", sheetTitle: "Edit profile", sheetModel: editor, keys: keys)
    }
    _ = reader.announcements(for: SpokenScene(title: "Profile"))

    #expect(
      reader.announcements(for: scene()) == [
        "Dialog: Edit profile", "Display name field: Ada Lovelace", "Enter: confirm",
      ])
    editor.send(.focusNextField)
    #expect(reader.announcements(for: scene()) == ["Bio field: \(MockProfileDetailsService.adaProfile.bio)"])
  }

  /// A dialog's keys as a sheet's help table lists them.
  private static let dialogKeys = [
    KeyHelpSection(
      title: "This dialog",
      lines: [
        .init(keys: "Enter", spokenKeys: ["Enter"], summary: "save"),
        .init(keys: "Esc", spokenKeys: ["Escape"], summary: "cancel"),
      ])
  ]

  @Test("Over a sheet, a link that comes to wait is said as it arrives, each one more, and read on `.`")
  func linksWaitingOverSheet() {
    let reader = ScreenReader(strings: Localizer(language: .en))
    let editor = ProfileEditorViewModel(details: MockProfileDetailsService(), toasts: MockToastService())
    func scene(_ notice: LocalizedText?) -> SpokenScene {
      SpokenScene(title: "Profile", sheetTitle: "Edit profile", sheetModel: editor, sheetNotice: notice)
    }
    _ = reader.announcements(for: SpokenScene(title: "Profile"))
    _ = reader.announcements(for: scene(nil))

    #expect(
      reader.announcements(for: scene(L10n.Sheet.linksWaiting(1))) == ["A link waits: it opens when you close this."])
    #expect(reader.announcements(for: scene(L10n.Sheet.linksWaiting(1))).isEmpty)
    #expect(
      reader.announcements(for: scene(L10n.Sheet.linksWaiting(2))) == [
        "2 links wait: they open when you close this."
      ])
    #expect(
      reader.whereYouAre(in: scene(L10n.Sheet.linksWaiting(2))).contains("2 links wait: they open when you close this.")
    )
    // Read whole, the notice follows the dialog's choices, as the sheet draws it under them.
    let question = SpokenScene(
      title: "My items", sheetTitle: "New item", sheetNotice: L10n.Sheet.linksWaiting(1), keys: Self.dialogKeys)
    #expect(
      reader.whereYouAre(in: question).suffix(3) == [
        "Enter: save", "Escape: cancel", "A link waits: it opens when you close this.",
      ])
  }

  @Test("A sheet the reader does not know says its title and the choices of its dialog keys")
  func unknownSheet() {
    let reader = ScreenReader(strings: Localizer(language: .en))
    _ = reader.announcements(for: SpokenScene(title: "My items"))

    #expect(
      reader.announcements(for: SpokenScene(title: "My items", sheetTitle: "New item", keys: Self.dialogKeys)) == [
        "Dialog: New item", "Enter: save", "Escape: cancel",
      ])
  }
}
