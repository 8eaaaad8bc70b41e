import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Coordinators present sheets through the root: sign-out, "Reset all settings?", profile
/// deletion and the profile editor each ask first; links wait while a sheet is up.
@Suite("Sheets", .timeLimit(.minutes(3)))
@MainActor
struct SheetTests {
  @Test("Sign out asks first: Esc keeps the session, Enter ends it")
  func signOutAsks() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.profile))

    harness.root.rootView.handle(.enter)
    #expect(harness.root.sheet?.hints == "⏎ sign out  Esc cancel")
    #expect(harness.root.sheet?.title == "Sign out?")
    harness.root.rootView.handle(.escape)
    #expect(harness.root.sheet == nil)
    #expect(harness.root.sessionName == "ada")

    harness.root.confirmSignOut()
    harness.root.rootView.handle(.enter)
    #expect(harness.root.sheet == nil)
    #expect(harness.root.signedIn == nil)
    #expect(harness.profiles.rememberedProfile == nil)
  }

  @Test("x on Settings asks before resetting; Enter resets")
  func resetAsks() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.settings))

    harness.root.rootView.handle(.char("x"))
    #expect(harness.root.sheet?.title == "Reset all settings?")
    #expect(harness.featureToggles.resetCount == 0)
    harness.root.rootView.handle(.enter)

    try await harness.settle()  // the save runs off the main actor
    #expect(harness.featureToggles.resetCount == 1)
    #expect(harness.root.sheet == nil)
  }

  @Test("e on Profile edits the profile in a sheet; Enter saves to the session's details")
  func editProfile() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.profile))

    harness.root.rootView.handle(.char("e"))
    #expect(harness.root.sheet?.title == "Edit profile")
    #expect(harness.root.sheet?.isEditingText == true)
    for key in [Key.ctrl("u"), .char("A"), .char("L"), .tab, .char("!"), .enter] {
      harness.root.rootView.handle(key)
    }
    try await harness.settle()

    let details = try #require(harness.sessions.profileDetails.last)
    #expect(details.profile.displayName == "AL")
    #expect(details.profile.bio == "!")
    #expect(harness.app.profile.viewModel.profile.displayName == "AL")
    #expect(harness.root.sheet == nil)
  }

  @Test(
    "A guest's Profile opens no editor: e is no key there, as neither hints nor help offer it; the link says a guest has no profile"
  )
  func guestCannotEditProfile() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.continueAsGuest()
    try await harness.start()
    harness.app.tabBar.send(.select(.profile))

    harness.root.rootView.handle(.char("e"))

    #expect(harness.root.sheet == nil)
    #expect(harness.toasts.shownToasts == [])
    #expect(!harness.root.currentScreen.hints(in: RootView.body(of: .standard)).contains("edit"))
    let linkError = await harness.root.open("funapp://profile/edit")
    #expect(linkError == .profileRequired(reason: L10n.Error.guestHasNoProfile))
    #expect(harness.root.sheet == nil)
    #expect(
      harness.toasts.shownToasts == [.error("Sign in to a profile first: a guest has no profile to edit")])
  }

  @Test("A paste goes into the profile editor's focused field, line breaks as spaces, and is saved")
  func pasteIntoProfileEditor() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.profile))

    harness.root.rootView.handle(.char("e"))
    for key in [Key.ctrl("u"), .paste("Ada"), .tab, .ctrl("u"), .paste("Wrote the first\nprogram."), .enter] {
      harness.root.rootView.handle(key)
    }
    try await harness.settle()

    let details = try #require(harness.sessions.profileDetails.last)
    #expect(details.profile.displayName == "Ada")
    #expect(details.profile.bio == "Wrote the first program.")
  }

  @Test("Delete on the sign-in screen asks before deleting a profile; Esc keeps it, Enter deletes it")
  func deleteProfile() async throws {
    let harness = AppHarness(profiles: ["ada", "bob"], signIn: nil)
    harness.root.start()
    try await harness.settle()

    harness.root.rootView.handle(.delete)
    #expect(harness.root.sheet?.title == "Delete profile ada?")
    harness.root.rootView.handle(.escape)
    #expect(harness.profiles.deletions.isEmpty)
    harness.root.rootView.handle(.delete)
    harness.root.rootView.handle(.enter)
    // The list drops the profile as the question closes, before the deletion has landed: the
    // next frame (or the screen reader) does not offer the profile being deleted.
    #expect(harness.profiles.deletions.isEmpty)
    #expect(try #require(harness.signIn).rows == [.profile(try ProfileName(validating: "bob")), .newProfile, .guest])
    try await harness.settle()

    #expect(harness.profiles.deletions.map(\.value) == ["ada"])
    #expect(harness.profiles.profiles.map(\.value) == ["bob"])
    #expect(harness.toasts.shownToasts.last == .info("Deleted profile ada"))
    let signIn = try #require(harness.signIn)
    #expect(signIn.profiles.map(\.value) == ["bob"])
  }

  @Test("A deletion that fails keeps the profile and shows the reason as an error toast")
  func failedDeletion() async throws {
    let harness = AppHarness(profiles: ["ada"], signIn: nil)
    harness.root.start()
    try await harness.settle()
    harness.profiles.fail(with: .profileNotDeleted(name: "ada", reason: .verbatim("Permission denied")))

    harness.root.rootView.handle(.delete)
    harness.root.rootView.handle(.enter)
    try await harness.settle()

    #expect(harness.profiles.profiles.map(\.value) == ["ada"])
    #expect(harness.toasts.shownToasts.last == .error("Could not delete profile ada: Permission denied"))
    // Dropped from the list while it was being deleted, it is listed again.
    #expect(try #require(harness.signIn).profiles.map(\.value) == ["ada"])
  }

  @Test("A link that arrives while a sheet is up waits until it closes, then routes")
  func linksWaitForSheet() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.settings.confirmReset()

    #expect(await harness.root.open("funapp://tab/favorites") == nil)
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .home)

    harness.root.rootView.handle(.escape)
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .favorites)
  }

  @Test("A link held by the profile editor or the activity switcher: the sheet says it waits for as long as it does")
  func heldLinkSaysItWaits() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.profile.editProfile()
    #expect(harness.root.sheet != nil)
    #expect(harness.root.sheetNotice == nil)

    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.sheetNotice?.description == "A link waits: it opens when you close this.")
    await harness.root.open("funapp://tab/search")
    // Long after a toast would have gone, the sheet still says it: the links still wait.
    try await harness.advance(by: .seconds(60))
    #expect(harness.root.rootView.render(size: .standard).plainText.contains("2 links wait: they open when you close"))
    // The sheet says it, once: no toast says it beside it.
    #expect(harness.toasts.shownToasts.isEmpty)

    harness.root.rootView.handle(.escape)
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.root.sheetNotice == nil)
    #expect(!harness.root.rootView.render(size: .standard).plainText.contains("links wait"))

    harness.root.rootView.handle(.char("a"))
    #expect(harness.root.sheet != nil)
    await harness.root.open("funapp://studio")
    #expect(harness.root.sheetNotice?.description == "A link waits: it opens when you close this.")
    // The switcher is narrow: the notice wraps in it.
    #expect(harness.root.rootView.render(size: .standard).plainText.contains("A link waits: it opens"))
  }

  @Test("Over a question asked while signed out, links wait for a sign-in: the sheet says nothing of them")
  func signedOutSheetHasNoNotice() async throws {
    let harness = AppHarness(profiles: ["ada"], signIn: nil)
    harness.root.start()
    try await harness.settle()
    harness.root.confirmDeleteProfile(AppHarness.ada)
    #expect(harness.root.sheet != nil)
    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.waitingLinkCount == 1)
    #expect(harness.root.sheetNotice == nil)
  }

  @Test("Over the sign-out question the notice says that signing out drops the links, and it does")
  func signOutQuestionSaysLinksGo() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.root.confirmSignOut()
    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.sheetNotice == L10n.Sheet.linksDroppedBySignOut(1))
    #expect(harness.root.sheetNotice?.description == "A link waits: it opens if you cancel; signing out drops it.")
    await harness.root.open("funapp://tab/search")
    #expect(
      harness.root.sheetNotice?.description == "2 links wait: they open if you cancel; signing out drops them.")
    #expect(
      Localizer(language: .de)(try #require(harness.root.sheetNotice)).contains("beim Abmelden werden sie verworfen"))
    // The question's box is narrow: the notice wraps in it.
    #expect(harness.root.rootView.render(size: .standard).plainText.contains("2 links wait: they open if you cancel"))

    // Cancelled, they open, as the notice said.
    harness.root.rootView.handle(.escape)
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .search)

    // Confirmed, they go, as the notice said.
    harness.root.confirmSignOut()
    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.sheetNotice == L10n.Sheet.linksDroppedBySignOut(1))
    harness.root.rootView.handle(.enter)
    try await harness.settle()
    #expect(harness.root.signedIn == nil)
    #expect(harness.root.waitingLinkCount == 0)

    // Another sheet after it promises again that they open.
    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()
    harness.app.profile.editProfile()
    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.sheetNotice == L10n.Sheet.linksWaiting(1))
  }

  @Test("Any question presented as ending the session says that confirming drops the waiting links, as sign-out's does")
  func questionEndingSessionSaysLinksGo() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.root.presentQuestion(
      title: L10n.Sheet.signOutTitle, message: .verbatim("m"), confirmTitle: L10n.Sheet.signOutAction,
      strings: .base, endsSession: true
    ) {}
    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.sheetNotice == L10n.Sheet.linksDroppedBySignOut(1))
    harness.root.rootView.handle(.escape)
    harness.root.presentQuestion(
      title: L10n.Sheet.resetTitle, message: .verbatim("m"), confirmTitle: L10n.Sheet.resetAction, strings: .base
    ) {}
    await harness.root.open("funapp://tab/search")
    #expect(harness.root.sheetNotice == L10n.Sheet.linksWaiting(1))
  }

  @Test("A question's action keeps none of the session alive: a sheet held past sign-out lets its ViewModels go")
  func questionHoldsSessionWeakly() async throws {
    let session = Session.profile(AppHarness.ada)
    let harness = AppHarness()
    try harness.sessions.myItems(of: session).save(
      MyItemDraft(id: "notes", title: "Notes", category: "Journal"), replacing: nil)
    try await harness.start()
    weak var myItems: MyItemsViewModel?
    weak var settings: SettingsViewModel?
    var sheets: [any Sheet] = []
    do {
      myItems = harness.app.myItems.viewModel
      settings = harness.app.settings.viewModel
      harness.app.tabBar.send(.select(.myItems))
      harness.root.rootView.handle(.char("d"))
      sheets.append(try #require(harness.root.sheet))
      harness.app.settings.confirmReset()
      sheets.append(try #require(harness.root.sheet))
    }

    harness.root.signOut()
    try await harness.settle()

    #expect(sheets.count == 2)
    #expect(myItems == nil)
    #expect(settings == nil)
  }

  @Test("Over a guest's sheet a link the guest may not open is not promised; the ones it opens are counted")
  func guestSheetPromisesOnlyWhatOpens() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    harness.root.continueAsGuest()
    try await harness.settle()
    harness.root.showActivitySwitcher()
    #expect(harness.root.sheet != nil)

    await harness.root.open("funapp://tab/sources")
    await harness.root.open("funapp://profile/edit")
    #expect(harness.root.waitingLinkCount == 2)
    #expect(harness.root.sheetNotice == nil)
    #expect(!harness.root.rootView.render(size: .standard).plainText.contains("link"))

    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.sheetNotice == L10n.Sheet.linksWaiting(1))

    // As the notice said: one opens; the other two are refused, each with its reason.
    harness.root.rootView.handle(.escape)
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .favorites)
    #expect(harness.toasts.shownToasts.count == 2)
    #expect(harness.toasts.shownToasts.allSatisfy { $0.message.hasPrefix("Sign in to a profile first") })
  }

  @Test("A profile deleted while signed out keeps the links that wait for a sign-in; they route after it")
  func deletingAProfileKeepsHeldLinks() async throws {
    let harness = AppHarness(profiles: ["ada", "bob"], signIn: nil)
    harness.root.start()
    try await harness.settle()
    await harness.root.open("funapp://tab/favorites")
    harness.root.confirmDeleteProfile(try ProfileName(validating: "bob"))
    harness.root.rootView.handle(.enter)
    try await harness.settle()
    #expect(harness.root.sheet == nil)
    #expect(harness.root.waitingLinkCount == 1)
    try harness.root.signIn(profileNamed: "ada")
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .favorites)
  }

  @Test("Signed out, a held link shows no toast: the sign-in screen says it waits")
  func signedOutLinkShowsNoToast() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.start()
    try await harness.settle()
    await harness.root.open("funapp://tab/favorites")
    #expect(harness.root.waitingLinkCount == 1)
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("Signing out closes any sheet, and the session's sheets are released with it")
  func signOutClosesSheet() async throws {
    let harness = AppHarness()
    try await harness.start()
    weak var sheet: (any Sheet)?
    do {
      harness.app.profile.editProfile()
      sheet = harness.root.sheet
      #expect(sheet != nil)
    }

    harness.root.signOut()
    try await harness.settle()

    #expect(harness.root.sheet == nil)
    #expect(sheet == nil)
  }
}
