import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("ProfileViewModel")
@MainActor
struct ProfileViewModelTests {
  let time = VirtualTime.forTests()
  let ada = MockProfileDetailsService.adaSession
  let details = MockProfileDetailsService(
    profile: UserProfile(displayName: "Ada", name: "ada", bio: "Engines.", createdAt: Date(timeIntervalSince1970: 0)))

  @Test("Shows the session's profile and a live favorites count, unknown until the catalog loads")
  func liveCount() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui"])
    let stores = TestStores(time: time, favorites: favorites)
    let profile = ProfileViewModel(session: ada, details: details, favorites: stores.favorites, tasks: time.tasks)
    #expect(profile.profile == details.profile)
    #expect(!profile.isGuest)
    #expect(
      ProfileViewModel(
        session: .guest, details: MockProfileDetailsService(profile: .new(for: .guest, createdAt: .now)),
        favorites: stores.favorites,
        tasks: time.tasks
      ).isGuest)
    #expect(profile.favoritesSummary == nil)
    try await stores.catalog.load()
    // The store's first read is done before the mock changes, as a session's is before anyone
    // can change one.
    try await time.settle()
    #expect(profile.favoritesSummary == L10n.Favorites.count(1))
    favorites.toggle("combine")
    favorites.toggle("macros")
    try await time.settle()
    #expect(profile.favoritesSummary == L10n.Favorites.count(3))
    favorites.remove("swiftui")
    try await time.settle()
    #expect(profile.favoritesSummary == L10n.Favorites.count(2))
  }

  @Test("The bio both views show: the profile's, that there is none yet, or that a guest saves nothing; live")
  func bio() async throws {
    let stores = TestStores(time: time)
    let profile = ProfileViewModel(session: ada, details: details, favorites: stores.favorites, tasks: time.tasks)
    #expect(profile.bio == .verbatim("Engines."))
    try details.update(displayName: "Ada", bio: "")
    try await time.settle()
    #expect(profile.bio == L10n.Profile.noBio)
    let guest = ProfileViewModel(
      session: .guest, details: MockProfileDetailsService(profile: .new(for: .guest, createdAt: .now)),
      favorites: stores.favorites,
      tasks: time.tasks)
    #expect(guest.bio == L10n.Profile.guestBio)
  }

  @Test("The model deallocates")
  func deallocates() async throws {
    let stores = TestStores(time: time)
    try await expectDeallocation(
      in: time,
      of: { ProfileViewModel(session: ada, details: details, favorites: stores.favorites, tasks: time.tasks) })
  }

  @Test("send asks the coordinator to edit the profile and to sign out")
  func send() {
    let stores = TestStores(time: time)
    let profile = ProfileViewModel(session: ada, details: details, favorites: stores.favorites, tasks: time.tasks)
    let coordinator = MockCoordinator()
    profile.coordinator = coordinator
    profile.send(.edit)
    #expect(coordinator.editProfileCount == 1 && coordinator.confirmSignOutCount == 0)
    profile.send(.signOut)
    #expect(coordinator.editProfileCount == 1 && coordinator.confirmSignOutCount == 1)
  }
}
