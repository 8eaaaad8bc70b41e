import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("ProfileViewModel")
@MainActor
struct ProfileViewModelTests {
  let time = VirtualTime.forTests()

  @Test("Shows the profile and a live favorites count, unknown until the catalog loads")
  func liveCount() async throws {
    let favorites = MockFavoritesService(favorites: ["swiftui"])
    let stores = TestStores(time: time, favorites: favorites)
    let profile = ProfileViewModel(favorites: stores.favorites)
    #expect(profile.profile == .sample)
    #expect(profile.favoritesCount == nil)
    try await stores.catalog.load()
    #expect(profile.favoritesCount == 1)
    favorites.toggle("combine")
    favorites.toggle("macros")
    try await time.settle()
    #expect(profile.favoritesCount == 3)
    favorites.remove("swiftui")
    try await time.settle()
    #expect(profile.favoritesCount == 2)
    #expect(profile.missingFavoritesCount == 0)
  }

  @Test("The model deallocates")
  func deallocates() async throws {
    let stores = TestStores(time: time)
    try await expectDeallocation(in: time, of: { ProfileViewModel(favorites: stores.favorites) })
  }
}
