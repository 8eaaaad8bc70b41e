import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("ProfileViewModel")
@MainActor
struct ProfileViewModelTests {
  @Test("Shows the profile and a live favorites count")
  func liveCount() async {
    let favorites = MockFavoritesService(favorites: ["swiftui"])
    let profile = ProfileViewModel(favorites: favorites)
    #expect(profile.profile == .sample)
    #expect(profile.favoritesCount == 1)
    favorites.toggle("combine")
    favorites.toggle("macros")
    await Task.yieldRepeatedly()
    #expect(profile.favoritesCount == 3)
    favorites.remove("swiftui")
    await Task.yieldRepeatedly()
    #expect(profile.favoritesCount == 2)
  }

  @Test("The model deallocates")
  func deallocates() async {
    await expectDeallocation(of: { ProfileViewModel(favorites: MockFavoritesService()) })
  }
}
