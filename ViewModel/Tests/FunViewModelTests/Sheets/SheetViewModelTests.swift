import FunCore
import FunModel
import FunModelTestSupport
import Testing

@testable import FunViewModel

@Suite("Sheets' ViewModels")
@MainActor
struct SheetViewModelTests {
  @Test("Confirming closes the sheet and runs the action once; cancelling only closes it")
  func confirmation() {
    let coordinator = MockCoordinator()
    var runs = 0
    let model = ConfirmationViewModel(
      title: L10n.Sheet.signOutTitle, message: .verbatim("m"), confirmTitle: L10n.Sheet.signOutAction
    ) { runs += 1 }
    model.coordinator = coordinator

    model.cancel()
    #expect(runs == 0)
    #expect(coordinator.dismissSheetCount == 1)
    model.confirm()
    #expect(runs == 1)
    #expect(coordinator.dismissSheetCount == 2)
  }

  @Test("The editor starts from the saved details; Tab moves between fields; typing edits the focused one")
  func editorFields() {
    let details = MockProfileDetailsService()
    let model = ProfileEditorViewModel(details: details)
    #expect(model.displayName == "Ada Lovelace")
    #expect(model.bio == details.profile.bio)
    #expect(model.focusedField == .displayName)

    model.clearField()
    for character in "Ada" { model.type(character) }
    model.focusNextField()
    model.clearField()
    for character in "Engines!" { model.type(character) }
    model.deleteBackward()
    model.focusNextField()
    model.focusPreviousField()

    #expect(model.displayName == "Ada")
    #expect(model.bio == "Engines")
    #expect(model.focusedField == .bio)
  }

  @Test("Saving stores the details and closes the sheet")
  func editorSaves() {
    let details = MockProfileDetailsService()
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: details)
    model.coordinator = coordinator
    model.focusNextField()
    model.clearField()
    for character in "Countess." { model.type(character) }

    model.confirm()

    #expect(details.profile.bio == "Countess.")
    #expect(details.profile.displayName == "Ada Lovelace")
    #expect(coordinator.dismissSheetCount == 1)
    #expect(model.message == nil)
  }

  @Test("Cancelling the editor closes it and saves nothing")
  func editorCancels() {
    let details = MockProfileDetailsService()
    let before = details.profile
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: details)
    model.coordinator = coordinator
    model.clearField()
    for character in "Someone else" { model.type(character) }

    model.cancel()

    #expect(details.profile == before)
    #expect(coordinator.dismissSheetCount == 1)
  }

  @Test("Input the rule refuses shows its reason and keeps the sheet open; editing clears the reason")
  func editorRefuses() {
    let details = MockProfileDetailsService()
    let coordinator = MockCoordinator()
    let model = ProfileEditorViewModel(details: details)
    model.coordinator = coordinator
    model.clearField()

    model.confirm()

    #expect(model.message?.description == "The display name cannot be empty")
    #expect(coordinator.dismissSheetCount == 0)
    #expect(details.profile.displayName == "Ada Lovelace")
    model.type("A")
    #expect(model.message == nil)
  }

  @Test("Typing stops at the typing limit")
  func editorLimit() {
    let model = ProfileEditorViewModel(details: MockProfileDetailsService())
    model.clearField()
    for _ in 0..<500 { model.type("x") }
    #expect(model.displayName.count == ProfileEditorViewModel.typingLimit)
  }

  @Test("Profile, Settings and sign-in ask their coordinators before acting")
  func askFirst() async throws {
    let time = VirtualTime.forTests()
    let coordinator = MockCoordinator()
    let stores = TestStores(time: time)
    let profile = ProfileViewModel(details: MockProfileDetailsService(), favorites: stores.favorites, tasks: time.tasks)
    profile.coordinator = coordinator
    let toggles = MockFeatureToggleService()
    toggles.toggle(.featuredCarousel)
    let settings = SettingsViewModel(
      toggles: TogglesStore(service: toggles, tasks: time.tasks), toasts: MockToastService())
    settings.coordinator = coordinator

    profile.edit()
    profile.signOut()
    settings.requestReset()

    #expect(coordinator.editProfileCount == 1)
    #expect(coordinator.signOutCount == 1)
    #expect(coordinator.confirmResetCount == 1)
    #expect(!toggles.toggles.showsFeaturedCarousel, "nothing is reset before the sheet confirms")
  }
}
