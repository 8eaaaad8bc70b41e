import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("CatalogRefresh")
@MainActor
struct CatalogRefreshTests {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()

  @Test(
    "A refresh that finds the http catalog's server unreachable says the saved copy stands in, not that it refreshed")
  func offlineRefreshSaysSo() async throws {
    let network = MockNetworkService(sourceKind: .http(url: "http://example.com/catalog.json"))
    let stores = TestStores(time: time, network: network)
    try await stores.catalog.load()
    let savedAt = Date(timeIntervalSince1970: 1_735_776_000)
    network.offlineCopy = savedAt
    let refresh = CatalogRefresh(catalog: stores.catalog, toasts: toasts, tasks: time.tasks)

    refresh.start()
    try await time.settle()

    #expect(toasts.shownToasts == [.info(L10n.Refresh.offlineCopy(savedAt))])
    network.offlineCopy = nil
    refresh.start()
    try await time.settle()
    #expect(toasts.shownToasts.last == .success(L10n.Refresh.done))
  }

  @Test(
    "Every list tab refreshes alike: busy, one fetch through the catalog store, a toast, old items kept on failure",
    arguments: ListTab.allCases)
  func sameRefreshOnEveryTab(tab: ListTab) async throws {
    let network = MockNetworkService(clock: time.clock, latency: .milliseconds(300))
    let stores = TestStores(time: time, network: network, favorites: MockFavoritesService(favorites: ["swiftui"]))
    let load = time.tasks.start("load") { try? await stores.catalog.load() }
    try await time.advance(by: .milliseconds(300))
    _ = await load.value
    let screen = await tab.screen(over: stores, toasts: toasts, coordinator: MockCoordinator(), time: time)
    let fresh = Array(CatalogFixtures.items.prefix(3))
    network.result = .success(fresh)

    screen.refresh()
    #expect(screen.isBusy())
    try await time.advance(by: .milliseconds(100))
    screen.refresh()
    try await time.advance(by: .milliseconds(199))
    #expect(screen.isBusy())
    #expect(stores.catalog.items == CatalogFixtures.items)
    try await time.advance(by: .milliseconds(1))
    #expect(!screen.isBusy())
    #expect(stores.catalog.items == fresh)
    #expect(network.fetchCount == 2)
    #expect(toasts.shownToasts == [.success(L10n.Refresh.done)])

    network.result = .failure(.simulatedNetworkFailure)
    screen.refresh()
    try await time.advance(by: .milliseconds(300))
    #expect(!screen.isBusy())
    #expect(stores.catalog.items == fresh)
    #expect(stores.catalog.loadError == nil)
    #expect(toasts.shownToasts.last == .error(AppError.simulatedNetworkFailure.message))
    #expect(network.fetchCount == 3)
    _ = screen.owner
  }
}
