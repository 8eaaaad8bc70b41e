import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("ProfileScreen")
@MainActor
struct ProfileScreenTests {
  @Test("Profile shows the person and their favorites count", arguments: TerminalSize.snapshotSizes)
  func profile(size: TerminalSize) async {
    let harness = ScreenHarness(favorites: ["swiftui", "combine"])
    harness.show(ProfileScreen(viewModel: harness.profileViewModel()), on: .profile)
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Profile]"))
    #expect(frame.plainText.contains("Favorites: 2"))
    expectSnapshot(of: frame, named: "Profile/profile")
  }

  @Test("The favorites count follows the favorites live")
  func liveCount() async {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel()), on: .profile)
    harness.favorites.toggle("swiftui")
    await harness.settle()
    #expect(harness.frame(.standard).plainText.contains("Favorites: 1"))
  }
}
