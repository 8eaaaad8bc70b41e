import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

/// The reader over the real app in the order an interactive session speaks: a key's change is
/// read at once, while its toast still travels the toast service's event stream.
@Suite("Screen-reader view and toasts")
@MainActor
struct SpokenViewToastTests {
  @Test(
    "A removal and its undo are each said once, as their toasts say them, though the change is read before the toast"
  )
  func changeAndToastAreOneLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let time = VirtualTime(watchdog: .seconds(120))
    let locator = try CompositionRoot.makeLocator(
      options: AppOptions(), stateFolder: directory.url, time: .virtual(time), environment: [:], isScript: true,
      clipboard: NoClipboard())
    let services = RootDependencies(locator: locator)
    let application = FunApplication(services: services, time: .virtual(time), styleSupport: .none)
    let spoken = SpokenView(application: application, services: services, askedBy: nil)
    application.start(session: .profile(try ProfileName(validating: "ada")))
    try await time.tasks.waitUntilIdle(timeout: .seconds(120))
    try await time.advance(by: .seconds(1))
    _ = spoken.take()

    /// What pressing `key` says: the frame drawn right after the key, as the interactive
    /// session draws it, then the ones drawn as the app's tasks finish.
    func press(_ key: Key) async throws -> [String] {
      application.rootView.handle(key)
      let atOnce = spoken.take()
      try await time.tasks.waitUntilIdle(timeout: .seconds(120))
      return atOnce + spoken.take()
    }

    #expect(try await press(.char("f")) == ["Favorited SwiftUI"])
    #expect(try await press(.char("f")) == ["Removed SwiftUI from favorites, u undoes"])
    #expect(try await press(.char("u")) == ["SwiftUI is a favorite again"])
  }
}
