import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("FeatureTogglesStore")
@MainActor
struct FeatureTogglesStoreTests {
  let time = VirtualTime.forTests()

  @Test("Follows the service live, whoever changes it")
  func followsService() async throws {
    let service = MockFeatureToggleService()
    let store = FeatureTogglesStore(service: service, tasks: time.tasks)
    #expect(store.toggles == .defaults)

    service.toggle(.appearance)
    try await time.settle()

    #expect(store.toggles.appearance == .light)
  }

  @Test("The store deallocates")
  func deallocates() async throws {
    let service = MockFeatureToggleService()
    try await expectDeallocation(in: time, of: { FeatureTogglesStore(service: service, tasks: time.tasks) })
  }
}
