import FunCore
import FunModel
import FunModelTestSupport
import Testing

@Suite("Service keys and required services")
struct ServiceKeysTests {
  @Test("The required keys are the seven services the app resolves, each named once")
  func requiredKeys() {
    let names = RequiredServices.keys.map(\.name)

    #expect(Set(names) == ["clock", "tasks", "logger", "toasts", "featureToggles", "favorites", "network"])
    #expect(names.count == Set(names).count)
  }

  @Test("A locator holding every required service passes verify and resolves each without a cast")
  func locatorWithAllServicesVerifies() throws {
    let locator = ServiceLocator()
    locator.register(.clock, ManualClock() as any Clock<Duration>)
    locator.register(.tasks, TaskTracker())
    locator.register(.logger, MockLoggerService() as any LoggerService)
    locator.register(.toasts, MockToastService() as any ToastService)
    locator.register(.featureToggles, MockFeatureToggleService() as any FeatureToggleService)
    locator.register(.favorites, MockFavoritesService() as any FavoritesService)
    locator.register(.network, MockNetworkService() as any NetworkService)

    try locator.verify(RequiredServices.keys)
    let favorites: any FavoritesService = try locator.resolve(.favorites)
    #expect(favorites.favoriteIDs.isEmpty)
  }

  @Test("An empty locator reports every required service as missing at once")
  func emptyLocatorListsEverything() {
    let error = #expect(throws: ServiceLocatorError.self) {
      try ServiceLocator().verify(RequiredServices.keys)
    }

    #expect(error == .missingServices(RequiredServices.keys))
  }

  @Test("LoggerService's helpers log at their own level")
  func loggerHelpersUseTheirLevel() {
    let logger = MockLoggerService()

    logger.debug("d", category: "a")
    logger.info("i", category: "b")
    logger.warning("w", category: "c")
    logger.error("e", category: "d")

    #expect(logger.entries.map(\.level) == [.debug, .info, .warning, .error])
    #expect(logger.entries.map(\.message) == ["d", "i", "w", "e"])
    #expect(logger.entries.map(\.category) == ["a", "b", "c", "d"])
  }

  @Test("isFavorite reads the favorites set")
  func isFavoriteReadsSet() {
    let favorites = MockFavoritesService(favorites: ["swiftui"])

    #expect(favorites.isFavorite("swiftui"))
    #expect(!favorites.isFavorite("combine"))
  }
}
