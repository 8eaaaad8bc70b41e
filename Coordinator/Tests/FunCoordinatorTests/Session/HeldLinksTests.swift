import FunModelTestSupport
import Observation
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Links that arrive while nobody is signed in wait for the sign-in: in arrival order, at most
/// ``RootCoordinator/heldLinkLimit`` (the oldest goes), said on the sign-in screen, and dropped
/// by a sign-out.
@Suite("Held links", .timeLimit(.minutes(3)))
@MainActor
struct HeldLinksTests {
  @Test("Links held while signed out route right after sign-in, in the order they arrived")
  func routedInArrivalOrder() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    try await harness.settle()
    let links = ["funapp://item/combine?tab=favorites", "funapp://search?q=swift", "funapp://tab/settings"]
    for link in links {
      #expect(await harness.root.open(link) == nil)
    }
    #expect(harness.deepLinkLog.isEmpty, "nothing routes while signed out")

    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()

    #expect(harness.deepLinkLog.map(\.message) == links.map { "opened \($0)" })
    #expect(harness.app.tabBar.selectedTab == .settings)
    #expect(harness.detailTitle(on: .favorites) == "Combine")
    #expect(harness.app.search.viewModel.field.text == "swift")
    #expect(harness.root.waitingLinkCount == 0)
  }

  @Test("At the limit, a new link drops the oldest waiting one, with a log line naming it")
  func oldestDroppedAtLimit() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    try await harness.settle()
    let links = (0...RootCoordinator.heldLinkLimit).map { "funapp://search?q=\($0)" }
    for link in links {
      await harness.root.open(link)
    }
    #expect(harness.root.waitingLinkCount == RootCoordinator.heldLinkLimit)
    let dropped = harness.deepLinkLog.filter { $0.message.hasPrefix("dropped") }
    #expect(dropped.count == 1)
    #expect(dropped.first?.level == .warning)
    #expect(dropped.first?.message.contains("funapp://search?q=0") == true)

    harness.root.continueAsGuest()
    try await harness.settle()

    #expect(
      harness.deepLinkLog.filter { $0.message.hasPrefix("opened") }.map(\.message)
        == links.dropFirst().map { "opened \($0)" })
    #expect(harness.app.search.viewModel.field.text == "\(RootCoordinator.heldLinkLimit)")
  }

  @Test("The sign-in screen says how many links wait; the notice goes once they route")
  func signInScreenSaysLinksWait() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    try await harness.settle()
    let signIn = try #require(harness.signIn)
    #expect(signIn.waitingLinksNotice == nil)

    await harness.root.open("funapp://tab/favorites")
    #expect(signIn.waitingLinksNotice?.description == "A link waits for you to sign in.")
    await harness.root.open("funapp://tab/search")
    #expect(signIn.waitingLinksNotice?.description == "2 links wait for you to sign in.")

    harness.root.continueAsGuest()
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(signIn.waitingLinksNotice == nil)
  }

  @Test("The notice follows the held links: a change is observed, so the screen redraws")
  func noticeIsObserved() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    let signIn = try #require(harness.signIn)
    let changed = Flag()
    withObservationTracking {
      _ = signIn.waitingLinksNotice
    } onChange: {
      changed.set()
    }

    await harness.root.open("funapp://tab/favorites")

    #expect(changed.isSet)
  }

  @Test("Signing out drops links still waiting (here for a sheet): the next session routes none of them")
  func signOutClearsWaitingLinks() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.profile.confirmSignOut()
    #expect(harness.root.sheet?.title == "Sign out?")
    await harness.root.open("funapp://tab/favorites")
    await harness.root.open("funapp://item/combine")
    #expect(harness.root.waitingLinkCount == 2)

    harness.root.rootView.handle(.enter)
    #expect(harness.root.signedIn == nil)
    #expect(harness.root.waitingLinkCount == 0)
    let signIn = try #require(harness.signIn)
    #expect(signIn.waitingLinksNotice == nil)

    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .home)
    #expect(harness.app.home.stack.titles.count == 1)
    #expect(harness.deepLinkLog.filter { $0.message.hasPrefix("opened") }.isEmpty)
  }
}
