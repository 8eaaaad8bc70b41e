import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("Sheets' ViewModels")
@MainActor
struct SheetViewModelTests {
  @Test("Confirming closes the sheet, then runs the action once; cancelling only closes it")
  func confirmation() {
    let coordinator = RecordingSheetCoordinator()
    let model = ConfirmationViewModel(
      title: L10n.Sheet.signOutTitle, message: .verbatim("m"), confirmTitle: L10n.Sheet.signOutAction
    ) { coordinator.events.append("action") }
    model.coordinator = coordinator

    model.send(.cancel)
    #expect(coordinator.events == ["dismiss"])
    model.send(.confirm)
    // Dismissed first: an action that presents another sheet must not have it closed at once.
    #expect(coordinator.events == ["dismiss", "dismiss", "action"])
  }

  @Test("The editor starts from the saved details; Tab moves between fields; typing edits the focused one")
  func editorFields() {
    let details = MockProfileDetailsService()
    let model = ProfileEditorViewModel(details: details, toasts: MockToastService())
    #expect(model.editor(for: .displayName) == LineEditor("Ada Lovelace", limit: ProfileEditorViewModel.typingLimit))
    #expect(model.editor(for: .bio).text == details.profile.bio)
    #expect(model.focusedField == .displayName)

    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Ada")))
    model.send(.focusNextField)
    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Engines!")))
    model.send(.edit(.delete(.characterBackward)))
    model.send(.focusNextField)
    model.send(.focusPreviousField)

    #expect(model.editor(for: .displayName).text == "Ada")
    #expect(model.editor(for: .bio).text == "Engines")
    #expect(model.focusedField == .bio)
  }

  @Test("Saving stores the details, says so in an info toast as saving an item does, and closes the sheet")
  func editorSaves() {
    let details = MockProfileDetailsService()
    let coordinator = MockCoordinator()
    let toasts = MockToastService()
    let model = ProfileEditorViewModel(details: details, toasts: toasts)
    model.coordinator = coordinator
    model.send(.focusNextField)
    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Countess.")))

    model.send(.confirm)

    #expect(details.profile.bio == "Countess.")
    #expect(details.profile.displayName == "Ada Lovelace")
    #expect(coordinator.dismissSheetCount == 1)
    #expect(model.message == nil)
    #expect(toasts.shownToasts == [.info(L10n.Sheet.profileSaved)])
  }

  @Test("Saving sends only the fields changed in the sheet: a bio another instance saved meanwhile is kept")
  func editorKeepsOtherInstancesField() throws {
    let details = MockProfileDetailsService()
    let model = ProfileEditorViewModel(details: details, toasts: MockToastService())
    // Another fun on the same profile saves a bio while the sheet is open on the old one.
    try details.update(displayName: nil, bio: "Saved elsewhere.")
    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Countess")))

    model.send(.confirm)

    #expect(details.profile.displayName == "Countess")
    #expect(details.profile.bio == "Saved elsewhere.")
  }

  @Test("Esc on the editor with changes only asks; a second one closes it and saves nothing")
  func editorCancels() {
    let details = MockProfileDetailsService()
    let before = details.profile
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: details, toasts: MockToastService())
    model.coordinator = coordinator
    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Someone else")))

    model.send(.cancel)
    #expect(coordinator.dismissSheetCount == 0)
    #expect(model.message == L10n.Sheet.discardPending)
    model.send(.cancel)

    #expect(details.profile == before)
    #expect(coordinator.dismissSheetCount == 1)
  }

  @Test("Esc closes an unchanged editor at once; after an Esc that asked, any other action keeps editing")
  func editorCancelAsksOnlyWithChanges() {
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: MockProfileDetailsService(), toasts: MockToastService())
    model.coordinator = coordinator
    model.send(.focusNextField)
    model.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1)
    model.send(.edit(.insert("!")))
    model.send(.cancel)
    model.send(.edit(.move(.start)))
    #expect(model.message == nil)
    model.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1, "the move ended the question: this Esc asks again")
    model.send(.keepEditing)
    model.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1, "a key that means nothing ends it too")
    model.send(.edit(.move(.end)))
    model.send(.edit(.delete(.characterBackward)))
    model.send(.cancel)
    #expect(coordinator.dismissSheetCount == 2, "the change undone, nothing is lost")
  }

  @Test("Placing the cursor focuses the field and puts the cursor there, clamped, changing no text")
  func editorPlacesCursor() {
    let model = ProfileEditorViewModel(details: MockProfileDetailsService(), toasts: MockToastService())
    let bio = model.editor(for: .bio).text
    model.send(.placeCursor(in: .bio, at: 2))
    #expect(model.focusedField == .bio)
    #expect(model.editor(for: .bio).cursor == 2)
    model.send(.placeCursor(in: .displayName, at: 999))
    #expect(model.focusedField == .displayName)
    #expect(model.editor(for: .displayName).cursor == model.editor(for: .displayName).text.count)
    #expect(model.editor(for: .bio).text == bio)
  }

  @Test("Input the rule refuses shows its reason and keeps the sheet open; editing clears the reason")
  func editorRefuses() {
    let details = MockProfileDetailsService()
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: details, toasts: MockToastService())
    model.coordinator = coordinator
    model.send(.edit(.delete(.start)))

    model.send(.confirm)

    #expect(model.message?.description == "The display name cannot be empty")
    #expect(coordinator.dismissSheetCount == 0)
    #expect(details.profile.displayName == "Ada Lovelace")
    model.send(.edit(.insert("A")))
    #expect(model.message == nil)
  }

  @Test("Typing stops at the typing limit")
  func editorLimit() {
    let model = ProfileEditorViewModel(details: MockProfileDetailsService(), toasts: MockToastService())
    model.send(.edit(.delete(.start)))
    for _ in 0..<500 { model.send(.edit(.insert("x"))) }
    #expect(model.displayName.text.count == ProfileEditorViewModel.typingLimit)
  }

  @Test("A paste goes into the focused field at the cursor, in one edit")
  func editorPaste() {
    let details = MockProfileDetailsService()
    let model = ProfileEditorViewModel(details: details, toasts: MockToastService())
    model.send(.focusNextField)
    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Wrote the first program.")))
    model.send(.edit(.move(.start)))
    model.send(.edit(.insert("Countess. ")))
    model.send(.confirm)
    #expect(details.profile.bio == "Countess. Wrote the first program.")
  }

  @Test("Moving the cursor keeps the reason a save was refused; only a change to the text clears it")
  func editorMotionKeepsMessage() {
    let model = ProfileEditorViewModel(details: MockProfileDetailsService(), toasts: MockToastService())
    model.send(.edit(.delete(.start)))
    model.send(.confirm)
    model.send(.edit(.move(.start)))
    #expect(model.message != nil)
    model.send(.edit(.insert("A")))
    #expect(model.message == nil)
  }

  @Test("Profile, Settings and sign-in ask their coordinators before acting")
  func askFirst() async throws {
    let time = VirtualTime.forTests()
    let coordinator = MockCoordinator()
    let stores = TestStores(time: time)
    let profile = ProfileViewModel(
      session: MockProfileDetailsService.adaSession, details: MockProfileDetailsService(),
      favorites: stores.favorites, tasks: time.tasks)
    profile.coordinator = coordinator
    let toggles = MockFeatureToggleService()
    toggles.toggle(.featuredCarousel)
    let settings = SettingsViewModel(
      toggles: TogglesStore(service: toggles, tasks: time.tasks, watchClock: nil), toasts: MockToastService())
    settings.coordinator = coordinator

    profile.send(.edit)
    profile.send(.signOut)
    settings.send(.requestReset)

    #expect(coordinator.editProfileCount == 1)
    #expect(coordinator.confirmSignOutCount == 1)
    #expect(coordinator.confirmResetCount == 1)
    #expect(!toggles.toggles.showsFeaturedCarousel, "nothing is reset before the sheet confirms")
  }

  @Test("The editor's send reaches each action: fields, typing, cancel and confirm")
  func editorSend() {
    let details = MockProfileDetailsService()
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: details, toasts: MockToastService())
    model.coordinator = coordinator
    model.send(.focusNextField)
    #expect(model.focusedField == .bio)
    model.send(.focusNextField)
    model.send(.focusPreviousField)
    #expect(model.focusedField == .bio)
    model.send(.edit(.delete(.start)))
    model.send(.edit(.insert("Countess.")))
    #expect(model.editor(for: .bio).text == "Countess.")
    model.send(.cancel)
    model.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1)
    #expect(details.profile.bio != "Countess.")
    model.send(.confirm)
    #expect(coordinator.dismissSheetCount == 2)
    #expect(details.profile.bio == "Countess.")
  }
}

/// Records, in one list, the sheet's dismissals and what else happens around them, so a test
/// sees their order.
@MainActor
private final class RecordingSheetCoordinator: SheetCoordinating {
  var events: [String] = []

  func dismissSheet() {
    events.append("dismiss")
  }
}
