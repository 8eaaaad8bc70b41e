import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel

@Suite("Service keys and required services")
struct ServiceKeysTests {
  @Test("The required keys are the nine app-wide services, each named once, and the four of a session")
  func requiredKeys() {
    let names = RequiredServices.keys.map(\.name)
    let sessionNames = RequiredServices.sessionKeys.map(\.name)

    #expect(
      Set(names) == [
        "clock", "tasks", "logger", "toasts", "featureToggles", "network", "profiles", "sessionServices", "clipboard",
        "localizer",
      ])
    #expect(names.count == Set(names).count)
    #expect(Set(sessionNames) == ["tasks", "favorites", "profileDetails", "myItems"])
  }

  @Test("A locator holding every required service passes verify; a session scope of mocks passes its own")
  func locatorWithAllServicesVerifies() throws {
    let locator = ServiceLocator()
    let tasks = TaskTracker()
    locator.register(.clock, ManualClock() as any Clock<Duration>)
    locator.register(.tasks, tasks)
    locator.register(.logger, MockLoggerService() as any LoggerService)
    locator.register(.toasts, MockToastService() as any ToastService)
    locator.register(.clipboard, MockClipboardService() as any ClipboardService)
    locator.register(.featureToggles, MockFeatureToggleService() as any FeatureToggleService)
    locator.register(.network, MockNetworkService() as any NetworkService)
    locator.register(.profiles, MockProfilesService() as any ProfilesService)
    locator.register(.sessionServices, MockSessionServicesRegistrar(tasks: tasks) as any SessionServicesRegistrar)
    locator.register(.localizer, Localizer.base)

    try locator.verify(RequiredServices.keys)
    let scope = locator.makeScope()
    #expect(throws: ServiceLocatorError.self) { try scope.verify(RequiredServices.sessionKeys, ownOnly: true) }
    try locator.resolve(.sessionServices).registerServices(for: .guest, in: scope)
    try scope.verify(RequiredServices.sessionKeys, ownOnly: true)
    let favorites: any FavoritesService = try scope.resolve(.favorites)
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
}
