import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("ProfileScreen")
@MainActor
struct ProfileScreenTests {
  private func showProfile(_ harness: ScreenHarness) {
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
  }

  @Test("Profile shows the person and their favorites count", arguments: TerminalSize.snapshotSizes)
  func profile(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "combine"])
    showProfile(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    #expect(frame.line(0).contains("[Profile]"))
    #expect(frame.plainText.contains("2 favorites"))
    #expect(!frame.plainText.contains("not in this catalog"))
    expectSnapshot(of: harness, size: frame.size, named: "Profile/profile")
  }

  @Test("Until the catalog has loaded, the favorites count shows …", arguments: TerminalSize.snapshotSizes)
  func countBeforeLoad(size: TerminalSize) {
    let harness = ScreenHarness(favorites: ["swiftui", "combine"])
    showProfile(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Favorites: …"))
    #expect(!frame.plainText.contains("2 favorites"))
    #expect(!frame.plainText.contains("not in this catalog"))
    expectSnapshot(of: harness, size: frame.size, named: "Profile/loading")
  }

  @Test("Saved favorites the catalog lacks are not counted but named on the count's line")
  func missingFavorites() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "removed-1", "removed-2"])
    showProfile(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(.standard)
    #expect(frame.plainText.contains("1 favorite · 2 not in this catalog\n"))
    expectSnapshot(of: harness, size: frame.size, named: "Profile/missing")
  }

  @Test("At the 40x12 minimum the line about favorites the catalog lacks still shows")
  func missingFavoritesAtMinimumSize() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "removed-1", "removed-2"])
    showProfile(harness)
    try await harness.loadCatalog()
    let frame = harness.frame(TerminalSize(columns: 40, rows: 12))
    #expect(frame.plainText.contains("1 favorite · 2 not in this catalog"))
    expectSnapshot(of: harness, size: frame.size, named: "Profile/missing")
  }

  @Test("The favorites count follows the favorites live")
  func liveCount() async throws {
    let harness = ScreenHarness()
    showProfile(harness)
    try await harness.loadCatalog()
    #expect(harness.frame(.standard).plainText.contains("0 favorites"))
    harness.favorites.toggle("swiftui")
    try await harness.settle()
    #expect(harness.frame(.standard).plainText.contains("1 favorite"))
  }

  @Test("The line about favorites the catalog lacks follows the favorites live")
  func liveMissingLine() async throws {
    let harness = ScreenHarness(favorites: ["swiftui", "removed"])
    showProfile(harness)
    try await harness.loadCatalog()
    #expect(harness.frame(.standard).plainText.contains("1 favorite · 1 not in this catalog\n"))
    harness.favorites.remove("removed")
    try await harness.settle()
    let text = harness.frame(.standard).plainText
    #expect(text.contains("1 favorite\n"))
    #expect(!text.contains("not in this catalog"))
  }
}

@Suite("ProfileScreen keys")
@MainActor
struct ProfileScreenKeyTests {
  @Test("e asks to edit the profile; Enter on Sign out asks to sign out")
  func keys() {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)

    harness.press(.char("e"), .enter)

    #expect(harness.coordinator.editProfileCount == 1)
    #expect(harness.coordinator.confirmSignOutCount == 1)
    #expect(harness.frame(.standard).plainText.contains("> Sign out"))
    #expect(harness.frame(TerminalSize(columns: 40, rows: 12)).plainText.contains("> Sign out"))
  }

  @Test("A click on Sign out, the selected row, asks to sign out as Enter does", arguments: TerminalSize.snapshotSizes)
  func clickSignOut(size: TerminalSize) throws {
    let harness = ScreenHarness()
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    harness.rootView.terminalSize = size
    let row = try #require(harness.cell(of: "> Sign out", size: size))
    harness.click(at: Point(column: row.column + 2, row: row.row))
    #expect(harness.coordinator.confirmSignOutCount == 1)
    // Beside the row (the bio, the created date) a click does nothing.
    harness.click(at: Point(column: row.column + 2, row: row.row - 2))
    #expect(harness.coordinator.confirmSignOutCount == 1)
  }

  @Test("A bio longer than its lines ends with … where it is cut", arguments: TerminalSize.snapshotSizes)
  func longBioMarked(size: TerminalSize) {
    let bio = (1...80).map { "word\($0)" }.joined(separator: " ")
    let harness = ScreenHarness(
      profile: UserProfile(
        displayName: "Ada", name: "ada", bio: bio, createdAt: MockProfileDetailsService.adaProfile.createdAt))
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    let lines = harness.frame(size).plainText.components(separatedBy: "\n")
    let bioLines = lines.filter { $0.contains("word") }
    #expect(bioLines.count == (size == .standard ? 4 : 2))
    #expect(bioLines.last?.hasSuffix("…") == true, "\(bioLines)")
    #expect(bioLines.allSatisfy { DisplayWidth.of($0) <= size.columns - 1 })
  }

  @Test("A guest's profile says nothing is saved", arguments: TerminalSize.snapshotSizes)
  func guest(size: TerminalSize) {
    let harness = ScreenHarness(
      profile: .new(for: .guest, createdAt: MockProfileDetailsService.adaProfile.createdAt), session: .guest)
    harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("Guest  guest"))
    #expect(frame.plainText.contains("A guest session: nothing is saved."))
    expectSnapshot(of: harness, size: size, named: "Profile/guest")
  }

  @Test("The hints' number keys run to the last tab of Profile's activity, as the declarations say")
  func hintsFollowTheActivity() throws {
    let harness = ScreenHarness()
    let screen = ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings)
    let lastTab = try #require(Activity.all.first { $0.tabs.contains(.profile) }?.tabs.count)
    #expect(screen.hints(in: RootView.body(of: .standard)).contains(" 1–\(lastTab) switch tab "))
    // A tab added to Profile's activity moves the range; another activity's tabs do not.
    let tabs = Activity.explore.tabs
    let grown = Activity(id: "explore", name: L10n.Activity.explore, tabs: tabs + [.sources])
    let other = Activity(id: "other", name: L10n.Activity.studio, tabs: [.myItems])
    #expect(ProfileScreen.lastTab(in: [grown, other]) == tabs.count + 1)
    #expect(ProfileScreen.lastTab(in: [Activity.explore, other]) == tabs.count)
  }
}
