import Foundation
import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// The root flow: signed out, the sign-in screen; signed in, the tabs of a session whose
/// services live in a scope of their own and end with it.
@Suite("Sessions", .timeLimit(.minutes(3)))
@MainActor
struct SessionTests {
  @Test("The root is saving while a favorite, a setting or one of your items is saved; finishSaving waits for all")
  func savingState() async throws {
    let harness = AppHarness()
    try await harness.start()
    #expect(!harness.root.isSaving)

    harness.app.favoritesStore.toggle("swiftui")
    #expect(harness.root.isSaving)
    await harness.root.finishSaving()
    #expect(harness.favorites.toggledIDs == ["swiftui"])

    harness.root.toggles.toggle(.featuredCarousel)
    #expect(harness.root.isSaving)
    await harness.root.finishSaving()
    #expect(harness.featureToggles.toggledKeys == [.featuredCarousel])
    try await harness.settle()
    #expect(!harness.root.isSaving)

    // Your items are saved like the favorites: the root says so on whichever tab shows.
    let myItems = try #require(harness.app.savingStores.lazy.compactMap { $0 as? MyItemsStore }.first)
    try myItems.save(
      MyItemDraft(id: "garden", title: "Garden log", category: "Outdoors"), replacing: nil)
    #expect(harness.root.isSaving)
    await harness.root.finishSaving()
    #expect(harness.sessions.myItems(of: .profile(AppHarness.ada)).items.map(\.id) == ["garden"])
    try await harness.settle()
    #expect(!harness.root.isSaving)
  }

  @Test(
    "A failed first load is toasted exactly once, on whichever tab shows; a refresh's failure is then its tab's",
    arguments: Tab.allCases)
  func firstLoadFailureShownOnce(tab: Tab) async throws {
    let harness = AppHarness(failure: .simulatedNetworkFailure, profiles: ["ada"], signIn: nil)
    let failure = ToastEvent.error(AppError.simulatedNetworkFailure.text)
    // As the app starts: the root's preload, then the session, whose tabs wait for the load too.
    harness.root.start(session: .profile(AppHarness.ada))
    harness.app.tabBar.send(.select(tab))
    try await harness.settle()

    #expect(harness.app.tabBar.selectedTab == tab)
    #expect(harness.toasts.shownToasts == [failure], "one report, not one per tab that waited")
    #expect(harness.root.rootView.render(size: .standard).plainText.contains(failure.message))

    // A refresh the person starts says how it went, on the tab that has one (its help lists r:
    // Home, Search, Favorites, Sources, and a fork's list tab too).
    let refreshes = harness.root.rootView.keyHelp.contains { section in section.lines.contains { $0.keys == "r" } }
    if [Tab.home, .search, .favorites, .sources].contains(tab) { #expect(refreshes) }
    if [Tab.profile, .settings, .myItems].contains(tab) { #expect(!refreshes) }
    harness.root.rootView.handle(.char("r"))
    try await harness.settle()
    #expect(harness.toasts.shownToasts == (refreshes ? [failure, failure] : [failure]))
  }

  @Test(
    "A server that answers the saved copy's check with an error is reported, though the copy shows: signed in at start or later",
    arguments: [true, false])
  func failedCheckOfSavedCopyReported(signsInAtStart: Bool) async throws {
    let failure = AppError.httpStatus(code: 404, url: "http://mock/catalog.json")
    let harness = AppHarness(failure: failure, profiles: ["ada"], signIn: nil)
    harness.network.savedCopy = .success(
      CatalogLoad(items: CatalogFixtures.items, loadedAt: Date(timeIntervalSince1970: 1_735_689_600)))
    if signsInAtStart {
      harness.root.start(session: .profile(AppHarness.ada))
    } else {
      // The root's preload shows the copy and fails silently while the sign-in screen is up.
      harness.root.start()
      try await harness.settle()
      #expect(harness.toasts.shownToasts.isEmpty)
      try harness.root.signIn(profileNamed: "ada")
    }
    try await harness.settle()

    #expect(harness.app.home.viewModel.list.rows.count == CatalogFixtures.items.count, "the copy shows")
    #expect(harness.toasts.shownToasts == [.error(failure.text)])
  }

  @Test("A profile that cannot be opened at start leaves the sign-in screen up, with the reason logged and toasted")
  func failedSignInAtStart() async throws {
    let harness = AppHarness(profiles: ["ada"], signIn: nil)
    harness.profiles.fail(with: .stateNotWritable(path: "/state/profiles/ada", reason: .verbatim("Permission denied")))

    harness.root.start(session: .profile(try ProfileName(validating: "ada")))
    try await harness.settle()

    #expect(harness.root.signedIn == nil)
    #expect(harness.root.currentScreen.title == "Sign in")
    #expect(harness.toasts.shownToasts.last?.message.contains("Permission denied") == true)
  }

  @Test("Signed out, the root shows the sign-in screen: no tab bar, nobody on the title line")
  func signedOut() async throws {
    let harness = AppHarness(profiles: ["ada"], signIn: nil)
    harness.root.start()
    try await harness.settle()

    #expect(harness.root.signedIn == nil)
    #expect(harness.root.currentScreen.title == "Sign in")
    #expect(harness.root.tabBar == nil)
    #expect(harness.root.sessionName == nil)
    #expect(harness.root.breadcrumb == ["Sign in"])
    #expect(!harness.root.goBack())
    #expect(harness.sessions.openedSessions.isEmpty)
  }

  @Test("A remembered profile signs in at start; a named session wins over it")
  func startSession() async throws {
    let remembered = AppHarness(signIn: nil)
    _ = try remembered.profiles.signIn("grace")
    remembered.root.start()
    #expect(remembered.root.sessionName == "grace")

    let guest = AppHarness(signIn: nil)
    _ = try guest.profiles.signIn("grace")
    guest.root.start(session: .guest)
    #expect(guest.root.sessionName == "Guest")
    #expect(guest.root.tabBar != nil)
  }

  @Test("The sign-in screen signs in: Enter on a profile opens its session with the five tabs")
  func signInFromScreen() async throws {
    let harness = AppHarness(profiles: ["ada", "bob"], signIn: nil)
    harness.root.start()
    let signIn = try #require(harness.signIn)

    signIn.send(.move(by: 1))
    signIn.send(.confirm)
    try await harness.settle()

    #expect(harness.root.sessionName == "bob")
    #expect(harness.root.tabBar?.selectedTab == .home)
    #expect(harness.profiles.signIns == ["bob"])
    #expect(harness.sessions.openedSessions == [.profile(try ProfileName(validating: "bob"))])
  }

  @Test("A bad name on the sign-in screen shows why and opens nothing")
  func badNameOnScreen() throws {
    let harness = AppHarness(signIn: nil)
    let signIn = try #require(harness.signIn)

    signIn.send(.editName(.insert("no way")))
    signIn.send(.confirm)

    #expect(signIn.message?.description.contains("is not a valid profile name") == true)
    #expect(harness.root.signedIn == nil)
    #expect(harness.sessions.openedSessions.isEmpty)
  }

  @Test("Two profiles' favorites never mix, and each finds its own again")
  func favoritesPerProfile() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.favoritesStore.toggle("swiftui")

    harness.root.signOut()
    try harness.root.signIn(profileNamed: "bob")
    try await harness.settle()
    #expect(harness.app.favorites.viewModel.list.rows.isEmpty)
    harness.app.favoritesStore.toggle("macros")

    harness.root.signOut()
    try harness.root.signIn(profileNamed: "ADA")
    try await harness.settle()
    #expect(harness.app.favorites.viewModel.list.rows.map(\.id) == ["swiftui"])
    #expect(harness.favorites.favoriteIDs == ["swiftui"])
  }

  @Test("A guest session is never remembered and its profile is the guest's")
  func guest() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.continueAsGuest()
    try await harness.settle()

    #expect(harness.root.sessionName == "Guest")
    #expect(harness.profiles.signIns.isEmpty)
    #expect(harness.profiles.rememberedProfile == nil)
    #expect(harness.app.profile.viewModel.isGuest)
  }

  @Test("A guest's toggle changes last until its session ends: signing out, or into a profile, shows the saved ones")
  func guestTogglesEndWithTheSession() async throws {
    let harness = AppHarness(profiles: ["ada"], signIn: nil)
    let saved = harness.root.toggles.toggles
    harness.root.continueAsGuest()
    try await harness.settle()
    #expect(!harness.root.toggles.savesChanges)
    harness.root.toggles.toggle(.featuredCarousel)
    try await harness.settle()
    #expect(harness.root.toggles.toggles.showsFeaturedCarousel != saved.showsFeaturedCarousel)

    harness.root.signOut()
    #expect(harness.root.toggles.toggles == saved, "the sign-in screen shows what is saved")
    #expect(harness.root.toggles.savesChanges)

    harness.root.continueAsGuest()
    try await harness.settle()
    harness.root.toggles.toggle(.networkFailure)
    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()
    #expect(harness.root.toggles.toggles == saved, "switching straight to a profile ends the guest's changes too")
    #expect(harness.root.toggles.savesChanges)
    harness.root.toggles.toggle(.featuredCarousel)
    await harness.root.finishSaving()
    #expect(harness.featureToggles.toggledKeys == [.featuredCarousel], "only the profile's change is saved")
  }

  @Test("After a sign-out the sign-in list selects the profile just used (the guest row after a guest)")
  func signOutSelectsTheProfileJustUsed() async throws {
    let harness = AppHarness(profiles: ["ada", "bob", "cy"], signIn: nil)
    try harness.root.signIn(profileNamed: "bob")
    try await harness.settle()

    harness.root.signOut()
    #expect(harness.signIn?.selectedIndex == 1)
    #expect(harness.signIn?.rows[1] == .profile(try ProfileName(validating: "bob")))

    harness.root.continueAsGuest()
    try await harness.settle()
    harness.root.signOut()
    #expect(harness.signIn?.isEditingName == false)
    #expect(harness.signIn.map { $0.rows[$0.selectedIndex] } == .guest)
  }

  @Test("Signing out forgets the remembered profile and shows the sign-in screen")
  func signOutForgets() async throws {
    let harness = AppHarness()
    try await harness.start()
    #expect(harness.profiles.rememberedProfile?.value == "ada")

    harness.root.signOut()

    #expect(harness.profiles.rememberedProfile == nil)
    #expect(harness.root.currentScreen.title == "Sign in")
    #expect(harness.root.tabBar == nil)
  }

  @Test(
    "Sign-out releases every coordinator, ViewModel, store and screen of the session and ends its services and tasks")
  func signOutReleasesSession() async throws {
    let harness = AppHarness(profiles: ["ada"], signIn: nil)
    harness.root.start()
    try await harness.settle()
    let appTasks = harness.time.tasks.taskCount
    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()

    weak var app: AppCoordinator?
    weak var tabBar: TabBarViewModel?
    weak var favoritesStore: FavoritesStore?
    var coordinators: [() -> AnyObject?] = []
    var models: [() -> AnyObject?] = []
    var screens: [() -> AnyObject?] = []
    do {
      let flow = harness.app
      app = flow
      tabBar = flow.tabBar
      favoritesStore = flow.favoritesStore
      for tab in Tab.allCases {
        weak let coordinator = flow.coordinator(for: tab)
        weak let screen = flow.coordinator(for: tab).stack.root
        coordinators.append { coordinator }
        screens.append { screen }
      }
      weak let home = flow.home.viewModel
      weak let search = flow.search.viewModel
      weak let favorites = flow.favorites.viewModel
      weak let profile = flow.profile.viewModel
      weak let settings = flow.settings.viewModel
      models += [{ home }, { search }, { favorites }, { profile }, { settings }]
      // Work in flight at sign-out: a pushed detail and a debounced search that has not run.
      flow.home.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
      weak let detail = flow.home.stack.top
      screens.append { detail }
      flow.search.viewModel.send(.edit(.insert("swift")))
      flow.tabBar.send(.select(.search))
      #expect(harness.time.tasks.taskCount > appTasks)
    }

    harness.root.signOut()
    try await harness.settle()

    #expect(app == nil)
    #expect(tabBar == nil)
    #expect(favoritesStore == nil)
    #expect(coordinators.allSatisfy { $0() == nil })
    #expect(models.allSatisfy { $0() == nil })
    #expect(screens.allSatisfy { $0() == nil })
    #expect(harness.time.tasks.taskCount == appTasks, "every task of the session has ended")
    #expect(harness.sessions.profileDetails.allSatisfy { $0.hasEnded })
    #expect(harness.root.currentScreen.title == "Sign in")
  }

  @Test("Signing out while your items are first read ends the session's services only once the read is done")
  func signOutDuringTheFirstReadWaitsForIt() async throws {
    var held: HeldReadSessionServices?
    let harness = AppHarness { mocks in
      let made = HeldReadSessionServices(mocks)
      held = made
      return made
    }
    let services = try #require(held)

    // The read waits in its task; the session's end, queued now, runs before the release below
    // (the main actor runs them in order): ending the services then would wait for the file's
    // lock on the main actor.
    harness.root.signOut()
    let release = services.release
    harness.time.tasks.start("release the read") { release.signal() }
    try await harness.settle()

    #expect(services.events.withLock { $0 } == ["read", "ended"])
    #expect(harness.root.currentScreen.title == "Sign in")
  }

  @Test(
    "An item link still waiting for the catalog at sign-out routes nowhere, and reports nothing, once the load ends",
    arguments: [nil, AppError.simulatedNetworkFailure])
  func linkWaitingAtSignOutRoutesNowhere(failure: AppError?) async throws {
    let harness = AppHarness(latency: .milliseconds(500), failure: failure)
    harness.app.start()
    let root = harness.root
    let routing = harness.time.tasks.start("open link") { await root.open("funapp://item/combine") }
    try await harness.settle()

    harness.root.signOut()
    try await harness.settle()
    try await harness.advance(by: .milliseconds(500))

    #expect(await routing.value == nil, "the link showed no error")
    #expect(harness.deepLinkLog.isEmpty, "the link neither opened nor failed")
    #expect(harness.root.signedIn == nil)
    #expect(harness.root.currentScreen.title == "Sign in")
  }

  @Test("Links that arrive while signed out wait, in order, and route after sign-in; sign-out drops them")
  func heldLinks() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    try await harness.settle()

    for link in ["funapp://tab/settings", "funapp://item/combine"] {
      #expect(await harness.root.open(link) == nil)
    }
    #expect(harness.root.signedIn == nil)
    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .settings)
    #expect(harness.detailTitle(on: .settings) == "Combine")

    await harness.root.open("funapp://tab/profile")
    harness.root.signOut()
    await harness.root.open("funapp://tab/favorites")
    harness.root.continueAsGuest()
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .favorites, "only the link that arrived after sign-out routes")
    #expect(harness.deepLinkLog.map(\.message).last == "opened funapp://tab/favorites")

    harness.root.signOut()
    for index in 0..<(RootCoordinator.heldLinkLimit + 4) {
      await harness.root.open(index == 0 ? "funapp://tab/profile" : "funapp://tab/search")
    }
    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.deepLinkLog.filter { $0.message.hasPrefix("dropped") }.count == 4)
  }
}
