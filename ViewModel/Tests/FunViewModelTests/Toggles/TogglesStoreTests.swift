import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("TogglesStore")
@MainActor
struct TogglesStoreTests {
  let time = VirtualTime.forTests()

  @Test("A toggle through the store shows at once on Settings, Home's carousel and the store itself")
  func toggleShowsEverywhereAtOnce() async throws {
    let service = MockFeatureToggleService()
    let stores = TestStores(time: time, toggles: service)
    let settings = SettingsViewModel(toggles: stores.toggles, toasts: MockToastService())
    let home = stores.home()

    settings.toggle(.featuredCarousel)

    // No settling: every reader shows it in the same call.
    #expect(!stores.toggles.toggles.showsFeaturedCarousel)
    #expect(!settings.toggles.showsFeaturedCarousel)
    #expect(!home.showsCarousel)
    #expect(stores.toggles.isSaving)
    // The service hears of it once the save has run, off the main actor.
    try await time.settle()
    #expect(service.toggledKeys == [.featuredCarousel])
    #expect(!stores.toggles.isSaving)
    #expect(!stores.toggles.toggles.showsFeaturedCarousel)
  }

  @Test("A change made elsewhere on the service reaches every reader once the stream delivers it")
  func changeElsewhereArrives() async throws {
    let service = MockFeatureToggleService()
    let stores = TestStores(time: time, toggles: service)
    let settings = SettingsViewModel(toggles: stores.toggles, toasts: MockToastService())
    try await time.settle()

    service.update(FeatureToggles(showsFeaturedCarousel: true, appearance: .dark, simulatesNetworkFailure: true))
    try await time.settle()

    #expect(settings.toggles.appearance == .dark)
    #expect(settings.toggles.simulatesNetworkFailure)
  }

  @Test("Another Fun's saved toggles show within a second of the clock, with no stream change of this one's")
  func anotherInstanceShowsWithinASecond() async throws {
    let service = MockFeatureToggleService()
    let stores = TestStores(time: time, toggles: service, watchesOutsideChanges: true)
    let settings = SettingsViewModel(toggles: stores.toggles, toasts: MockToastService())
    try await time.settle()

    service.saveElsewhere(
      FeatureToggles(showsFeaturedCarousel: false, appearance: .dark, simulatesNetworkFailure: false))
    try await time.advance(by: .milliseconds(999))
    #expect(settings.toggles.appearance == .system)
    try await time.advance(by: .milliseconds(1))
    #expect(settings.toggles.appearance == .dark)
    #expect(!settings.toggles.showsFeaturedCarousel)
  }

  @Test("Reset restores the defaults through the service")
  func reset() async throws {
    let service = MockFeatureToggleService(
      toggles: FeatureToggles(showsFeaturedCarousel: false, appearance: .light, simulatesNetworkFailure: true))
    let store = TogglesStore(service: service, tasks: time.tasks, watchClock: nil)

    store.reset()

    try await time.settle()  // the save runs off the main actor
    #expect(service.resetCount == 1)
    #expect(store.toggles == .defaults)
  }

  @Test("A session that saves nothing changes the toggles for as long as it lasts, never the service's")
  func sessionThatSavesNothing() async throws {
    let savedToggles = FeatureToggles(showsFeaturedCarousel: true, appearance: .light, simulatesNetworkFailure: false)
    let service = MockFeatureToggleService(toggles: savedToggles)
    let store = TogglesStore(service: service, tasks: time.tasks, watchClock: nil)
    let settings = SettingsViewModel(toggles: store, toasts: MockToastService())

    store.beginSession(savesChanges: false)
    #expect(!store.savesChanges)
    #expect(store.toggles == savedToggles, "it starts from what is saved")
    settings.toggle(.featuredCarousel)
    settings.toggle(.appearance, .forward)
    try await time.settle()
    #expect(!settings.toggles.showsFeaturedCarousel)
    #expect(settings.toggles.appearance == .dark)
    #expect(!store.isSaving)
    #expect(service.toggledKeys.isEmpty)
    #expect(service.toggles == savedToggles)

    store.reset()
    try await time.settle()
    #expect(store.toggles == .defaults)
    #expect(service.resetCount == 0)

    store.endSession()
    #expect(store.savesChanges)
    #expect(store.toggles == savedToggles, "the next session starts from what is saved")
    settings.toggle(.featuredCarousel)
    try await time.settle()
    #expect(service.toggledKeys == [.featuredCarousel])
  }

  @Test("A session that saves its changes saves them as before")
  func sessionThatSaves() async throws {
    let service = MockFeatureToggleService()
    let store = TogglesStore(service: service, tasks: time.tasks, watchClock: nil)
    store.beginSession(savesChanges: true)
    #expect(store.savesChanges)
    store.toggle(.networkFailure)
    try await time.settle()
    #expect(service.toggledKeys == [.networkFailure])
  }

  @Test("The store deallocates")
  func deallocates() async throws {
    let service = MockFeatureToggleService()
    try await expectDeallocation(in: time, of: { TogglesStore(service: service, tasks: time.tasks, watchClock: nil) })
  }
}
