import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("CatalogStore")
@MainActor
struct CatalogStoreTests {
  let time = VirtualTime.forTests()

  func makeStore(_ network: MockNetworkService) -> CatalogStore {
    TestStores(time: time, network: network).catalog
  }

  /// Where `items` keeps its elements: a rebuilt index is a new array, a kept one still has the
  /// storage it was built in.
  func storage(_ items: [FeaturedItem]) -> UnsafeRawPointer? {
    items.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  @Test("load fetches once and then answers from memory")
  func loadCaches() async throws {
    let network = MockNetworkService()
    let store = makeStore(network)
    #expect(try await store.load() == CatalogFixtures.items)
    #expect(try await store.load() == CatalogFixtures.items)
    #expect(network.fetchCount == 1)
    #expect(store.hasLoaded)
    #expect(store.items == CatalogFixtures.items)
    #expect(store.featuredItems == CatalogFixtures.featured)
    #expect(store.search.items == CatalogFixtures.items)
    #expect(store.item(withID: "macros") == CatalogFixtures.item("macros"))
    #expect(store.item(withID: "nope") == nil)
  }

  @Test("Loads that arrive while a fetch is in flight join it")
  func concurrentLoadsJoin() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let store = makeStore(network)
    let first = time.tasks.start("first") { try? await store.load() }
    let second = time.tasks.start("second") { try? await store.reload() }
    try await time.settle()
    #expect(store.isLoading)
    #expect(store.isLoadingFirstTime)
    try await time.advance(by: .milliseconds(300))
    #expect(await first.value == CatalogFixtures.items)
    #expect(await second.value == CatalogFixtures.items)
    #expect(network.fetchCount == 1)
    #expect(!store.isLoading)
    #expect(!store.isLoadingFirstTime)
  }

  @Test("A reload after the first load is loading, but not loading for the first time")
  func reloadIsNotFirstLoad() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let store = makeStore(network)
    let load = time.tasks.start("load") { try? await store.load() }
    try await time.advance(by: .milliseconds(300))
    #expect(await load.value == CatalogFixtures.items)
    let reload = time.tasks.start("reload") { try? await store.reload() }
    try await time.settle()
    #expect(store.isLoading)
    #expect(!store.isLoadingFirstTime)
    #expect(store.items == CatalogFixtures.items)
    try await time.advance(by: .milliseconds(300))
    #expect(await reload.value == CatalogFixtures.items)
    #expect(network.fetchCount == 2)
  }

  @Test("A failed reload keeps the items and records the error, but is no load error")
  func failedReloadKeepsItems() async throws {
    let network = MockNetworkService()
    let store = makeStore(network)
    try await store.load()
    network.result = .failure(.simulatedNetworkFailure)
    await #expect(throws: AppError.simulatedNetworkFailure) { try await store.reload() }
    #expect(store.items == CatalogFixtures.items)
    #expect(store.lastError == .simulatedNetworkFailure)
    #expect(store.loadError == nil)
    network.result = .success(Array(CatalogFixtures.items.prefix(2)))
    #expect(try await store.reload().count == 2)
    #expect(store.lastError == nil)
    #expect(store.search.items.map(\.id) == ["swiftui", "combine"])
    #expect(store.item(withID: "macros") == nil)
  }

  @Test("A deep link that arrives during the first load joins it, then finds the item")
  func deepLinkJoinsTheFirstLoad() async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let store = makeStore(network)
    let load = time.tasks.start("home load") { try? await store.load() }
    try await time.advance(by: .milliseconds(100))
    let link = time.tasks.start("deep link") { (try? await store.load())?.count }
    try await time.advance(by: .milliseconds(199))
    #expect(!store.hasLoaded)
    try await time.advance(by: .milliseconds(1))
    #expect(await link.value == CatalogFixtures.items.count)
    #expect(store.item(withID: "swiftpm")?.title == "Swift Package Manager")
    #expect(await load.value == CatalogFixtures.items)
    #expect(network.fetchCount == 1)
  }

  @Test("A failed first load throws and is the load error until a load succeeds")
  func failedFirstLoad() async throws {
    let network = MockNetworkService(result: .failure(.simulatedNetworkFailure))
    let store = makeStore(network)
    await #expect(throws: AppError.simulatedNetworkFailure) { try await store.load() }
    #expect(store.lastError == .simulatedNetworkFailure)
    #expect(store.loadError == .simulatedNetworkFailure)
    #expect(!store.hasLoaded)
    #expect(!store.isLoading)
    #expect(store.items.isEmpty)
    network.result = .success(CatalogFixtures.items)
    #expect(try await store.load() == CatalogFixtures.items)
    #expect(store.loadError == nil)
    #expect(network.fetchCount == 2)
  }

  @Test("The toggles store's network-failure toggle is read as each fetch starts: on, fetches fail; off, they recover")
  func simulatedFailureFollowsTheTogglesStore() async throws {
    let network = MockNetworkService()
    let toggleService = MockFeatureToggleService()
    let stores = TestStores(time: time, network: network, toggles: toggleService)
    try await stores.catalog.load()

    stores.toggles.toggle(.networkFailure)
    // No settling: the store's value counts at once, before its save reaches the service.
    #expect(!toggleService.toggles.simulatesNetworkFailure)
    await #expect(throws: AppError.simulatedNetworkFailure) { try await stores.catalog.reload() }
    #expect(stores.catalog.items == CatalogFixtures.items)
    #expect(stores.catalog.loadError == nil)

    stores.toggles.toggle(.networkFailure)
    #expect(try await stores.catalog.reload() == CatalogFixtures.items)
    #expect(stores.catalog.lastError == nil)
    #expect(network.fetchCount == 3)
  }

  @Test("The first load shows the saved copy at once, then what the fetch brings; later loads ask for no copy")
  func savedCopyShowsAtOnce() async throws {
    let network = MockNetworkService(
      result: .success(Array(CatalogFixtures.items.prefix(2))), clock: time.clock, latency: .milliseconds(300),
      sourceKind: .http(url: "http://example.com/catalog.json"))
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    network.savedCopy = .success(CatalogLoad(items: CatalogFixtures.items, loadedAt: savedAt))
    let store = makeStore(network)
    #expect(store.status == CatalogStatus(source: .http(url: "http://example.com/catalog.json")))

    let load = time.tasks.start("load") { try? await store.load() }
    try await time.settle()
    #expect(store.items == CatalogFixtures.items)
    #expect(store.hasLoaded)
    #expect(!store.isLoadingFirstTime)
    #expect(store.isLoading)
    #expect(store.status.loadedAt == savedAt)
    #expect(store.status.offlineCopy == nil)

    try await time.advance(by: .milliseconds(300))
    #expect(await load.value?.map(\.id) == ["swiftui", "combine"])
    #expect(store.item(withID: "macros") == nil)
    #expect(store.status.loadedAt == MockNetworkService.loadedAt)
    #expect(store.status.itemCount == 2)

    network.savedCopy = .success(CatalogLoad(items: [], loadedAt: savedAt))
    let reload = time.tasks.start("reload") { try? await store.reload() }
    try await time.settle()
    #expect(store.items.count == 2, "a reload shows no saved copy")
    try await time.advance(by: .milliseconds(300))
    _ = await reload.value
  }

  @Test("Status follows what the source reports: an offline copy's time and why, then an error, then a fresh load")
  func statusFollowsTheSource() async throws {
    let network = MockNetworkService(sourceKind: .http(url: "http://example.com/catalog.json"))
    let store = makeStore(network)
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    network.offlineCopy = savedAt
    network.offlineReason = .httpStatus(code: 500, url: "u")
    try await store.load()
    var expected = CatalogStatus(source: .http(url: "http://example.com/catalog.json"))
    expected.loadedAt = savedAt
    expected.itemCount = CatalogFixtures.items.count
    expected.offlineCopy = savedAt
    expected.lastError = .httpStatus(code: 500, url: "u")
    #expect(store.status == expected)
    #expect(store.lastError == nil, "the copy standing in is no failed fetch")

    network.result = .failure(.timeout(url: "u", seconds: 10))
    _ = try? await store.reload()
    expected.lastError = .timeout(url: "u", seconds: 10)
    #expect(store.status == expected)
    #expect(store.lastError == .timeout(url: "u", seconds: 10))

    network.offlineCopy = nil
    network.result = .success(CatalogFixtures.items)
    try await store.reload()
    expected.lastError = nil
    expected.offlineCopy = nil
    expected.loadedAt = MockNetworkService.loadedAt
    #expect(store.status == expected)
  }

  @Test("A load that brings the same items again, as a 304 does, keeps the indexes built from them")
  func sameItemsKeepTheirIndexes() async throws {
    let network = MockNetworkService(sourceKind: .http(url: "http://example.com/catalog.json"))
    let store = makeStore(network)
    try await store.load()
    let featured = storage(store.featuredItems)
    #expect(featured != nil)

    try await store.reload()
    #expect(storage(store.featuredItems) == featured)

    network.result = .success(CatalogFixtures.items.reversed())
    try await store.reload()
    #expect(storage(store.featuredItems) != featured, "other items are indexed afresh")
    #expect(store.featuredItems == CatalogFixtures.featured.reversed())
  }

  @Test("The same fetched items keep their indexes only while your items are the same; other items of yours merge anew")
  func sameItemsWithOtherOwnItemsMergeAgain() async throws {
    let network = MockNetworkService(sourceKind: .http(url: "http://example.com/catalog.json"))
    let store = makeStore(network)
    func mine(_ id: String) -> FeaturedItem {
      FeaturedItem(id: id, title: id, subtitle: "", category: "Journal", description: "", isFeatured: true)
    }
    let owner = ObjectIdentifier(store)
    store.showOwnItems([mine("notes")], owner: owner) { _ in }
    try await store.load()
    try await time.settle()
    let featured = storage(store.featuredItems)
    try await store.reload()
    #expect(storage(store.featuredItems) == featured, "the same fetched items and the same items of yours are kept")

    store.showOwnItems([mine("ideas")], owner: owner) { _ in }
    try await time.settle()
    #expect(store.items.map(\.id) == ["ideas"] + CatalogFixtures.items.map(\.id))
    #expect(store.featuredItems.map(\.id) == ["ideas"] + CatalogFixtures.featured.map(\.id))
    #expect(store.isOwn("ideas") && !store.isOwn("notes"))
    try await store.reload()
    #expect(store.items.map(\.id) == ["ideas"] + CatalogFixtures.items.map(\.id))
    #expect(store.status.itemCount == CatalogFixtures.items.count, "the source's count leaves your items out")
  }

  @Test(
    "Each catalog a load replaces is handed back to the network once the store has let go of it; the first load and a failed one replace none"
  )
  func replacedCatalogIsReleased() async throws {
    let network = MockNetworkService()
    let store = makeStore(network)
    try await store.load()
    try await time.settle()
    #expect(network.releasedCatalogs == 0)

    network.result = .success(Array(CatalogFixtures.items.prefix(2)))
    try await store.reload()
    try await time.settle()
    #expect(network.releasedCatalogs == 1)

    network.result = .failure(.simulatedNetworkFailure)
    await #expect(throws: AppError.simulatedNetworkFailure) { try await store.reload() }
    try await time.settle()
    #expect(network.releasedCatalogs == 1)
  }

  @Test("The saved copy shown while the first fetch runs is handed back once the fetch replaces it")
  func replacedSavedCopyIsReleased() async throws {
    let network = MockNetworkService(
      result: .success(Array(CatalogFixtures.items.prefix(2))), clock: time.clock, latency: .milliseconds(300),
      sourceKind: .http(url: "http://example.com/catalog.json"))
    network.savedCopy = .success(CatalogLoad(items: CatalogFixtures.items, loadedAt: Date(timeIntervalSince1970: 0)))
    let store = makeStore(network)
    let load = time.tasks.start("load") { try? await store.load() }
    try await time.settle()
    #expect(store.items == CatalogFixtures.items)
    #expect(network.releasedCatalogs == 0)

    try await time.advance(by: .milliseconds(300))
    _ = await load.value
    try await time.settle()
    #expect(store.items.count == 2)
    #expect(network.releasedCatalogs == 1)
  }
}
