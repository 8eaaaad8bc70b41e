import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("CatalogStore")
@MainActor
struct CatalogStoreTests {
  let clock = ManualClock()

  @Test("load fetches once and then answers from memory")
  func loadCaches() async throws {
    let network = MockNetworkService()
    let store = CatalogStore(network: network)
    #expect(try await store.load() == CatalogFixtures.items)
    #expect(try await store.load() == CatalogFixtures.items)
    #expect(network.fetchCount == 1)
    #expect(store.hasLoaded)
    #expect(store.featuredItems == CatalogFixtures.featured)
    #expect(store.item(withID: "macros") == CatalogFixtures.item("macros"))
    #expect(store.item(withID: "nope") == nil)
  }

  @Test("Loads that arrive while a fetch is in flight join it")
  func concurrentLoadsJoin() async throws {
    let network = MockNetworkService(clock: clock, latency: .milliseconds(300))
    let store = CatalogStore(network: network)
    let first = Task { try await store.load() }
    let second = Task { try await store.reload() }
    await Task.yieldRepeatedly()
    #expect(store.isLoading)
    await clock.advance(by: .milliseconds(300))
    #expect(try await first.value == CatalogFixtures.items)
    #expect(try await second.value == CatalogFixtures.items)
    #expect(network.fetchCount == 1)
    #expect(!store.isLoading)
  }

  @Test("A failed reload keeps the items and records the error")
  func failedReloadKeepsItems() async throws {
    let network = MockNetworkService()
    let store = CatalogStore(network: network)
    try await store.load()
    network.result = .failure(.simulatedNetworkFailure)
    await #expect(throws: AppError.simulatedNetworkFailure) { try await store.reload() }
    #expect(store.items == CatalogFixtures.items)
    #expect(store.lastError == .simulatedNetworkFailure)
    network.result = .success(Array(CatalogFixtures.items.prefix(2)))
    #expect(try await store.reload().count == 2)
    #expect(store.lastError == nil)
  }

  @Test("A deep link that arrives before the load waits for it, then finds the item")
  func waitUntilLoadedWaitsForTheLoad() async {
    let network = MockNetworkService(clock: clock, latency: .milliseconds(300))
    let store = CatalogStore(network: network)
    let link = Task { await store.waitUntilLoaded()?.count }
    await Task.yieldRepeatedly()
    let load = Task { try await store.load() }
    await clock.advance(by: .milliseconds(299))
    #expect(!store.hasLoaded)
    await clock.advance(by: .milliseconds(1))
    #expect(await link.value == CatalogFixtures.items.count)
    #expect(store.item(withID: "swiftpm")?.title == "Swift Package Manager")
    _ = try? await load.value
    #expect(network.fetchCount == 1)
  }

  @Test("waitUntilLoaded returns nil when the load fails")
  func waitUntilLoadedFails() async {
    let store = CatalogStore(network: MockNetworkService(result: .failure(.simulatedNetworkFailure)))
    #expect(await store.waitUntilLoaded() == nil)
    #expect(store.lastError == .simulatedNetworkFailure)
    #expect(!store.hasLoaded)
  }
}
