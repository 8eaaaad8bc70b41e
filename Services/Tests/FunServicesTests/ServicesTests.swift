import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("Services")
struct ServicesTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()

  @Test("A profile's favorites, details and items save in the folder its profiles service made for it")
  func profileServicesShareTheProfilesFolder() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.url
    let (logger, toasts) = (logger, toasts)
    let profiles = Services.profiles(stateDirectory: state, logger: logger, toasts: toasts, now: { Date() })
    let name = try profiles.signIn("Ada")
    let folder = try #require(profiles as? LocalProfilesService).directory(of: name)

    let favorites = Services.favorites(of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() })
    favorites.toggle("swiftui")
    let details = Services.profileDetails(
      of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() })
    try details.update(displayName: "Ada Lovelace", bio: "")
    let items = Services.myItems(of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() })
    try items.save(MyItemDraft(id: "notes", title: "Notes", category: "Journal"), replacing: nil)

    let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(saved).isSuperset(of: ["favorites.json", "profile.json", "my-items.json"]))
    let reopened = Services.favorites(of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() })
    #expect(reopened.favoriteIDs == ["swiftui"])
    #expect(!logger.entries.contains { $0.level >= .warning })
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("Every session service the factory builds ends with its scope")
  func sessionServicesAreScoped() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let (state, logger, toasts) = (temporary.url, logger, toasts)
    let name = try ProfileName(validating: "ada")
    let built: [any Sendable] = [
      Services.favorites(of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() }),
      Services.profileDetails(of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() }),
      Services.myItems(of: name, stateDirectory: state, logger: logger, toasts: toasts, now: { Date() }),
      Services.guestFavorites(),
      Services.guestProfileDetails(createdAt: Date()),
      Services.guestMyItems(),
    ]
    #expect(built.allSatisfy { $0 is any ScopedService })
  }

  @Test("A guest's services keep their changes in memory and write no file")
  func guestServicesWriteNothing() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let current = FileManager.default.currentDirectoryPath
    let favorites = Services.guestFavorites()
    favorites.toggle("swiftui")
    let items = Services.guestMyItems()
    try items.save(MyItemDraft(id: "notes", title: "Notes", category: "Journal"), replacing: nil)
    let details = Services.guestProfileDetails(createdAt: Date(timeIntervalSince1970: 0))
    try details.update(displayName: "Guest", bio: "")

    #expect(favorites.favoriteIDs == ["swiftui"])
    #expect(items.items.map(\.id) == ["notes"])
    #expect(details.profile.displayName == "Guest")
    #expect(details.profile.createdAt == Date(timeIntervalSince1970: 0))
    #expect(temporary.fileNames.isEmpty)
    #expect(FileManager.default.currentDirectoryPath == current)
  }

  @Test(
    "The catalog loader reads the --catalog value as its source",
    arguments: [
      (nil, CatalogStatus.Source.bundled),
      ("https://example.com/catalog.json", .http(url: "https://example.com/catalog.json")),
      ("HTTP://example.com/catalog.json", .http(url: "HTTP://example.com/catalog.json")),
      ("https://ada:secret@example.com/catalog.json", .http(url: "https://example.com/catalog.json")),
      ("file:///tmp/catalog.json", .file(path: "/tmp/catalog.json")),
      ("catalog.json", .file(path: "catalog.json")),
    ] as [(String?, CatalogStatus.Source)]
  )
  func networkSource(catalog: String?, kind: CatalogStatus.Source) {
    let network = Services.network(
      catalog: catalog, clock: ManualClock(), logger: logger, cacheDirectory: nil, toasts: toasts,
      now: { .distantPast }, shownNow: { .distantPast })
    #expect(network.sourceKind == kind)
  }

  @Test("The feature toggles are saved in settings.json in the state directory")
  func featureTogglesSaveInTheStateDirectory() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let toggles = Services.featureToggles(
      stateDirectory: temporary.url, logger: logger, toasts: toasts, now: { Date() })
    toggles.toggle(.featuredCarousel, .forward)
    let reopened = Services.featureToggles(
      stateDirectory: temporary.url, logger: logger, toasts: toasts, now: { Date() })

    #expect(temporary.fileNames.contains("settings.json"))
    #expect(reopened.toggles == toggles.toggles)
    #expect(reopened.toggles != FeatureToggles.defaults)
  }

  @Test("Toasts are timed by the clock they are given, and the logger forwards to Core's")
  func toastsAndLogger() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("fun.log")
    let logger = Services.logger(forwardingTo: Logger(minimumLevel: .debug, sinks: [FileLogSink(url: url)]))
    let clock = ManualClock()
    let toasts = Services.toasts(clock: clock, logger: logger)

    toasts.show(.info("Saved"))
    #expect(toasts.visibleToast == .info("Saved"))
    clock.advance(by: ToastEvent.displayDuration)
    #expect(toasts.visibleToast == nil)
    let log = try String(contentsOf: url, encoding: .utf8)
    #expect(log.contains("[toasts]"))
  }
}
