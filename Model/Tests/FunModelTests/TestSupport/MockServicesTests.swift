import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel

@Suite("Mock services")
struct MockServicesTests {
  @Test("MockFavoritesService records toggles and removals and streams each new set")
  func favoritesMock() async {
    let favorites = MockFavoritesService(favorites: ["swiftui"])
    let changes = favorites.changes()

    favorites.toggle("combine")
    favorites.toggle("swiftui")
    favorites.remove("combine")
    favorites.remove("absent")

    #expect(favorites.favoriteIDs.isEmpty)
    #expect(favorites.toggledIDs == ["combine", "swiftui"])
    #expect(favorites.removedIDs == ["combine", "absent"])
    var received: [Set<String>] = []
    for await ids in changes {
      received.append(ids)
      if received.count == 5 { break }
    }
    #expect(received == [["swiftui"], ["swiftui", "combine"], ["combine"], [], []])
  }

  @Test("MockFeatureToggleService records toggles and resets and streams each change")
  func featureTogglesMock() async {
    let service = MockFeatureToggleService()
    let changes = service.changes()

    service.toggle(.featuredCarousel)
    service.toggle(.appearance)
    let custom = FeatureToggles(showsFeaturedCarousel: true, appearance: .dark, simulatesNetworkFailure: true)
    service.update(custom)
    service.reset()

    #expect(service.toggles == .defaults)
    #expect(service.toggledKeys == [.featuredCarousel, .appearance])
    #expect(service.resetCount == 1)
    var received: [FeatureToggles] = []
    for await toggles in changes {
      received.append(toggles)
      if received.count == 5 { break }
    }
    #expect(received.map(\.showsFeaturedCarousel) == [true, false, false, true, true])
    #expect(received.map(\.appearance) == [.system, .system, .light, .dark, .system])
    #expect(received[3] == custom)
  }

  @Test("MockNetworkService returns its result, counts fetches and can be switched to fail")
  func networkMockResults() async throws {
    let network = MockNetworkService()

    #expect(try await network.fetchCatalog(simulatingFailure: false).items == CatalogFixtures.items)
    network.result = .failure(.simulatedNetworkFailure)
    await #expect(throws: AppError.simulatedNetworkFailure) {
      try await network.fetchCatalog(simulatingFailure: false).items
    }
    #expect(network.fetchCount == 2)
  }

  @Test("MockNetworkService with latency finishes only when the clock has advanced that far")
  func networkMockLatency() async throws {
    let time = VirtualTime.forTests()
    let network = MockNetworkService(
      result: .success([CatalogFixtures.item("swiftui")]), clock: time.clock, latency: .seconds(2))
    let fetch = time.tasks.start("fetch") { try? await network.fetchCatalog(simulatingFailure: false).items }
    try await time.settle()
    #expect(time.clock.sleeperCount == 1)

    try await time.advance(by: .seconds(1))
    #expect(time.clock.sleeperCount == 1)
    try await time.advance(by: .seconds(1))

    #expect(await fetch.value?.map(\.id) == ["swiftui"])
    #expect(network.fetchCount == 1)
  }

  @Test("MockToastService records every toast, shows the last one until dismissed and streams them")
  func toastMock() async {
    let toasts = MockToastService()
    let events = toasts.events()
    #expect(toasts.visibleToast == nil)
    #expect(toasts.timeUntilChange == nil)

    toasts.show(.success("Saved"))
    toasts.show(.error("Failed"))

    #expect(toasts.shownToasts == [.success("Saved"), .error("Failed")])
    #expect(toasts.visibleToast == .error("Failed"))
    #expect(toasts.timeUntilChange == ToastEvent.displayDuration)
    toasts.dismiss()
    #expect(toasts.visibleToast == nil)
    var received: [ToastEvent] = []
    for await toast in events {
      received.append(toast)
      if received.count == 2 { break }
    }
    #expect(received == [.success("Saved"), .error("Failed")])
  }

  @Test("MockLoggerService keeps every message with its level and category")
  func loggerMock() {
    let logger = MockLoggerService()

    logger.log(.notice, "hello", category: "app")

    #expect(logger.entries.count == 1)
    #expect(logger.entries.first?.level == .notice)
    #expect(logger.entries.first?.message == "hello")
    #expect(logger.entries.first?.category == "app")
  }

  @Test("MockCoordinator records every navigation request")
  @MainActor
  func coordinatorMock() {
    let coordinator = MockCoordinator()
    let home: any HomeCoordinating = coordinator
    let search: any SearchCoordinating = coordinator

    home.showDetail(for: CatalogFixtures.item("swiftui"))
    search.showDetail(for: CatalogFixtures.item("macros"))
    home.showProfile()

    #expect(coordinator.shownDetails.map(\.id) == ["swiftui", "macros"])
    #expect(coordinator.showProfileCount == 1)
  }
}
