import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

/// Saves run off the main actor, so a change can still be saving when a person signs out or
/// quits: both wait for it, and nothing is lost.
@Suite("Pending saves", .timeLimit(.minutes(3)))
@MainActor
struct PendingSavesTests {
  @Test("A favorite toggled just before signing out is saved before the session's services close")
  func signOutWaitsForSaves() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (application, time) = try await signedInApplication(in: directory)
    let flow = try #require(application.root.signedIn)

    flow.favoritesStore.toggle("swiftui")
    flow.favoritesStore.toggle("combine")
    // As a person signs out: the question sheet, answered with Enter.
    application.root.confirmSignOut()
    application.rootView.handle(.enter)
    try await time.settle()

    #expect(application.root.signedIn == nil)
    #expect(try savedFavorites(in: directory) == ["combine", "swiftui"])
  }

  @Test("finishSaving, which quitting awaits, returns once every change made is on disk")
  func finishSavingWaitsForEveryChange() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (application, _) = try await signedInApplication(in: directory)
    let flow = try #require(application.root.signedIn)

    for id in ["swiftui", "combine", "swiftui", "macros"] {
      flow.favoritesStore.toggle(id)
    }
    await application.root.finishSaving()

    #expect(try savedFavorites(in: directory) == ["combine", "macros"])
    #expect(!flow.favoritesStore.isSaving)
  }
}
