import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Activities in the whole app: switching by the `a` key's switcher and by links keeps each
/// activity's tab, stacks and screen state; links into Studio need a profile and wait, like any
/// link, for a sheet to close or someone to sign in. All in virtual time.
@Suite("Activities", .timeLimit(.minutes(3)))
@MainActor
struct ActivitiesTests {
  /// Explore left on Search with a query and on Favorites with a detail pushed.
  private func exploreWithState(_ harness: AppHarness) async throws {
    try await harness.start()
    await harness.app.open("funapp://item/combine?tab=favorites")
    await harness.app.open("funapp://search?q=swift")
    try await harness.settle()
  }

  /// Presses `keys` through the root view, as a person would.
  private func press(_ harness: AppHarness, _ keys: Key...) {
    for key in keys {
      harness.root.rootView.handle(key)
    }
  }

  @Test("a opens the switcher with every activity and the current one marked; Enter on Studio shows My items")
  func switchingByKey() async throws {
    let harness = AppHarness()
    try await exploreWithState(harness)
    // A scroll position too: Home's list, moved down, on a tab that is not even showing.
    harness.app.home.viewModel.list.send(.select(at: 5))
    let before = harness.navigationState

    press(harness, .char("a"))
    let frame = harness.root.rootView.render(size: .standard).plainText
    #expect(frame.contains("Activities"))
    #expect(frame.contains("✓ 1 Explore — Search"))
    #expect(frame.contains("  2 Studio — My items"))
    press(harness, .down, .enter)

    #expect(harness.root.sheet == nil)
    #expect(harness.app.tabBar.activity == .studio)
    #expect(harness.app.tabBar.selectedTab == .myItems)
    #expect(harness.root.rootView.render(size: .standard).line(0).hasPrefix(" Studio · [My items]  Sources"))

    // Back by its number in the switcher: Explore where it was left, every stack and the query kept.
    press(harness, .char("a"), .char("1"))
    #expect(harness.navigationState == before)
    #expect(harness.detailTitle(on: .favorites) == "Combine")
    #expect(harness.app.search.viewModel.field.text == "swift")
    #expect(harness.app.home.viewModel.list.selectedIndex == 5)
  }

  @Test("Number keys select within the activity that shows; Esc closes the switcher and changes nothing")
  func numberKeysAreRelative() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.switchTo(.studio))
    // The first number past Studio's tabs, as its declaration says.
    press(harness, .char(Character(String(Activity.studio.tabs.count + 1))))
    #expect(harness.app.tabBar.activity == .studio)
    #expect(harness.app.tabBar.selectedTab == .myItems)
    press(harness, .char("2"))
    #expect(harness.app.tabBar.selectedTab == .sources)
    press(harness, .char("1"))
    #expect(harness.app.tabBar.selectedTab == .myItems)

    let before = harness.navigationState
    press(harness, .char("a"), .escape)
    #expect(harness.root.sheet == nil)
    #expect(harness.navigationState == before)
  }

  @Test("A link switches activity, then tab; Explore's tab, stacks and query are kept across the round trip")
  func switchingByLink() async throws {
    let harness = AppHarness()
    try await exploreWithState(harness)
    let before = harness.navigationState

    #expect(await harness.root.open("funapp://studio/sources") == nil)
    #expect(harness.app.tabBar.activity == .studio)
    #expect(harness.app.tabBar.selectedTab == .sources)

    #expect(await harness.root.open("https://fun.example/explore") == nil)
    #expect(harness.navigationState == before)

    // A tab link names a tab of any activity: it switches to that tab's activity.
    await harness.root.open("funapp://tab/sources")
    #expect(harness.app.tabBar.activity == .studio)
    await harness.root.open("funapp://item/swiftui")
    #expect(harness.app.tabBar.activity == .explore)
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.detailTitle(on: .search) == "SwiftUI")
    #expect(harness.detailTitle(on: .favorites) == "Combine")
  }

  @Test("A link into another activity while a sheet is up waits for the sheet, then routes")
  func linkWaitsForSheet() async throws {
    let harness = AppHarness()
    try await harness.start()
    press(harness, .char("a"))
    #expect(harness.root.sheet != nil)

    #expect(await harness.root.open("funapp://studio") == nil)
    #expect(harness.root.waitingLinkCount == 1)
    #expect(harness.app.tabBar.activity == .explore)

    press(harness, .escape)
    try await harness.settle()
    #expect(harness.root.waitingLinkCount == 0)
    #expect(harness.app.tabBar.activity == .studio)
  }

  @Test(
    "A Studio link needs a profile, however it is spelled: a guest is told so and nothing changes",
    arguments: [
      "funapp://studio/sources", "funapp://studio", "funapp://tab/sources", "funapp://tab/my-items",
      "https://fun.example/tab/sources",
    ])
  func studioLinkRefusesGuest(link: String) async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.continueAsGuest()
    try await harness.start()
    harness.app.tabBar.send(.select(.search))
    let before = harness.navigationState

    let error = await harness.root.open(link)

    #expect(error == .profileRequired(reason: L10n.Error.activityNeedsProfile(Activity.studio.name)))
    #expect(
      harness.toasts.shownToasts == [.error("Sign in to a profile first: links into Studio open a profile's own work")])
    #expect(harness.navigationState == before)
    // The switcher is for everyone: only links need the profile.
    harness.app.tabBar.send(.switchTo(.studio))
    #expect(harness.app.tabBar.activity == .studio)
  }

  @Test("A Studio link that arrives signed out waits across the sign-in, then opens Studio")
  func studioLinkWaitsForSignIn() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    try await harness.settle()
    #expect(await harness.root.open("funapp://studio/sources") == nil)
    #expect(harness.root.waitingLinkCount == 1)

    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()

    #expect(harness.app.tabBar.activity == .studio)
    #expect(harness.app.tabBar.selectedTab == .sources)
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("An item link naming another activity's tab is refused and changes nothing")
  func itemLinkWithForeignTab() async throws {
    let harness = AppHarness()
    try await harness.start()
    let before = harness.navigationState
    let error = await harness.root.open("funapp://item/swiftui?tab=sources")
    #expect(error != nil)
    #expect(harness.navigationState == before)
  }

  @Test("Sources shows the catalog's item count and refreshes it with r")
  func sourcesRefreshes() async throws {
    let harness = AppHarness()
    try await harness.start()
    await harness.root.open("funapp://studio/sources")
    #expect(
      harness.root.rootView.render(size: .standard).plainText.contains(
        "\(CatalogFixtures.items.count) items, loaded 2025-01-01 00:00"))
    let loads = harness.network.fetchCount
    press(harness, .char("r"))
    try await harness.settle()
    #expect(harness.network.fetchCount == loads + 1)
  }
}
