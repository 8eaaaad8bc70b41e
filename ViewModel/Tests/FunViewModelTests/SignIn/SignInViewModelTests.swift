import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

/// A coordinator that signs in through a mock profiles service and records what it was asked.
@MainActor
private final class RecordingSignIn: SignInCoordinating {
  let profiles: MockProfilesService
  var signedIn: [String] = []
  var guestCount = 0
  var waitingLinkCount = 0
  var deleteRequests: [ProfileName] = []

  init(profiles: MockProfilesService) {
    self.profiles = profiles
  }

  func signIn(profileNamed name: String) throws(AppError) {
    signedIn.append(try profiles.signIn(name).value)
  }

  func continueAsGuest() {
    guestCount += 1
  }

  func confirmDeleteProfile(_ name: ProfileName) {
    deleteRequests.append(name)
  }
}

@Suite("SignInViewModel")
@MainActor
struct SignInViewModelTests {
  let time = VirtualTime.forTests()

  private func model(_ profiles: MockProfilesService) -> (SignInViewModel, RecordingSignIn) {
    let model = SignInViewModel(profiles: profiles, tasks: time.tasks)
    let coordinator = RecordingSignIn(profiles: profiles)
    model.coordinator = coordinator
    return (model, coordinator)
  }

  @Test("Rows are the profiles, sorted ignoring case, then the field, then the guest row")
  func rows() throws {
    let (model, _) = model(MockProfilesService(profiles: ["bob", "Ada"]))

    #expect(
      model.rows == [
        .profile(try ProfileName(validating: "Ada")), .profile(try ProfileName(validating: "bob")), .newProfile,
        .guest,
      ])
    #expect(model.selectedIndex == 0)
    #expect(!model.isEditingName)
  }

  @Test("A profile whose deletion runs leaves the list at once, and comes back if the deletion fails")
  func deletionUnderWay() throws {
    let (model, _) = model(MockProfilesService(profiles: ["ada", "bob"]))
    let ada = try ProfileName(validating: "ada")
    let bob = try ProfileName(validating: "bob")

    model.send(.deletionStarted(ada))
    #expect(model.profiles == [bob])
    #expect(model.rows.first == .profile(bob))

    model.send(.deletionFailed(ada))
    #expect(model.profiles == [ada, bob])
  }

  @Test("A folder in other case behind a deleted profile's name (made by hand) is listed once the deleted one goes")
  func caseTwinShowsAfterDeletion() async throws {
    let profiles = MockProfilesService(profiles: ["ADA"])
    let (model, _) = model(profiles)
    let upper = try ProfileName(validating: "ADA")

    model.send(.deletionStarted(upper))
    profiles.replaceProfiles(with: ["ada"])
    try await time.settle()

    #expect(model.profiles.map(\.value) == ["ada"])
  }

  @Test("With no profiles the field is selected, so typing a name and Enter signs in")
  func freshStart() throws {
    let profiles = MockProfilesService()
    let (model, coordinator) = model(profiles)
    #expect(model.isEditingName)

    model.send(.editName(.insert("ada")))
    model.send(.confirm)

    #expect(coordinator.signedIn == ["ada"])
    #expect(model.message == nil)
  }

  @Test("Enter on an empty field asks for a name, plainly, and signs in to nothing")
  func emptyName() {
    let (model, coordinator) = model(MockProfilesService())
    model.send(.confirm)
    #expect(model.message == L10n.SignIn.typeNameFirst)
    #expect(coordinator.signedIn.isEmpty)
    model.send(.editName(.insert("a")))
    #expect(model.message == nil)
  }

  @Test("Enter on a profile signs in to it; on the guest row continues as a guest")
  func confirmRows() {
    let (model, coordinator) = model(MockProfilesService(profiles: ["ada", "bob"]))

    model.send(.move(by: 1))
    model.send(.confirm)
    model.send(.move(by: 1))
    model.send(.move(by: 1))
    model.send(.move(by: 1))
    model.send(.confirm)

    #expect(coordinator.signedIn == ["bob"])
    #expect(coordinator.guestCount == 1)
    #expect(model.selectedRow == .guest)
  }

  @Test("Selection is clamped at both ends")
  func clamped() {
    let (model, _) = model(MockProfilesService(profiles: ["ada"]))

    model.send(.move(by: -1))
    #expect(model.selectedIndex == 0)
    for _ in 0..<5 { model.send(.move(by: 1)) }
    #expect(model.selectedRow == .guest)
  }

  @Test("A bad name shows the reason and signs nobody in; editing the name clears it")
  func badName() {
    let (model, coordinator) = model(MockProfilesService())

    model.send(.editName(.insert("Ada Lovelace")))
    model.send(.confirm)

    #expect(coordinator.signedIn.isEmpty)
    #expect(
      model.message?.description
        == "\"Ada Lovelace\" is not a valid profile name: use only ASCII letters, digits, - and _")
    model.send(.editName(.delete(.characterBackward)))
    #expect(model.message == nil)
    #expect(model.nameField.text == "Ada Lovelac")
  }

  @Test(
    "A name the list already has, in any case, is refused on the field, naming the profile; the field keeps it",
    arguments: ["ada", "ADA", "Ada"])
  func existingName(typed: String) {
    let (model, coordinator) = model(MockProfilesService(profiles: ["ada", "bob"]))

    model.send(.editName(.insert(typed)))
    model.send(.confirm)

    #expect(coordinator.signedIn.isEmpty)
    #expect(
      model.message?.description
        == "A profile named ada already exists: choose it in the list to sign in")
    #expect(model.nameField.text == typed)
    #expect(model.isEditingName)
    // The profile itself, chosen in the list, signs in.
    model.send(.select(at: 0))
    model.send(.confirm)
    #expect(coordinator.signedIn == ["ada"])
    #expect(model.message == nil)
  }

  @Test("Typing or pasting with a profile selected goes to the field, which it selects")
  func typingFromTheList() {
    let (model, coordinator) = model(MockProfilesService(profiles: ["ada", "bob"]))
    #expect(!model.isEditingName)

    model.send(.editName(.insert("erin")))

    #expect(model.isEditingName)
    #expect(model.nameField.text == "erin")
    model.send(.confirm)
    #expect(coordinator.signedIn == ["erin"])
  }

  @Test("The field takes at most fieldLimit characters")
  func fieldLimit() {
    let (model, _) = model(MockProfilesService())

    for _ in 0..<100 { model.send(.editName(.insert("a"))) }

    #expect(model.nameField.text.count == SignInViewModel.fieldLimit)
    model.send(.editName(.delete(.start)))
    #expect(model.nameField.text.isEmpty)
  }

  @Test("A profile created elsewhere shows up, and the selection stays on its row")
  func liveProfiles() async throws {
    let profiles = MockProfilesService(profiles: ["bob"])
    let (model, _) = model(profiles)
    try await time.settle()

    _ = try profiles.signIn("ada")
    try await time.settle()

    #expect(model.profiles.map(\.value) == ["ada", "bob"])
    #expect(model.selectedRow == .profile(try ProfileName(validating: "bob")))
  }

  @Test("Delete asks about the selected profile, and means nothing on the field or the guest row")
  func deleteAsks() throws {
    let (model, coordinator) = model(MockProfilesService(profiles: ["ada", "bob"]))

    model.send(.move(by: 1))
    model.send(.deleteSelected)
    model.send(.move(by: 1))
    model.send(.deleteSelected)
    model.send(.move(by: 1))
    model.send(.deleteSelected)

    #expect(coordinator.deleteRequests == [try ProfileName(validating: "bob")])
  }

  @Test("When the selected profile is deleted, the one that took its place is selected")
  func deletedSelection() async throws {
    let profiles = MockProfilesService(profiles: ["ada", "bob", "carol"])
    let (model, _) = model(profiles)
    model.send(.move(by: 1))
    model.send(.move(by: 1))
    try await time.settle()

    try profiles.deleteProfile(try ProfileName(validating: "carol"))
    try await time.settle()
    #expect(model.selectedRow == .profile(try ProfileName(validating: "bob")))

    try profiles.deleteProfile(try ProfileName(validating: "ada"))
    try profiles.deleteProfile(try ProfileName(validating: "bob"))
    try await time.settle()
    #expect(model.selectedRow == .newProfile)
  }

  @Test("The model deallocates")
  func deallocates() async throws {
    let profiles = MockProfilesService(profiles: ["ada"])
    try await expectDeallocation(in: time, of: { SignInViewModel(profiles: profiles, tasks: time.tasks) })
  }

  @Test("The notice says whether links wait for the sign-in, and how many")
  func waitingLinksNotice() {
    let profiles = MockProfilesService()
    let model = SignInViewModel(profiles: profiles, tasks: time.tasks)
    #expect(model.waitingLinksNotice == nil, "no coordinator, no links")
    let coordinator = RecordingSignIn(profiles: profiles)
    model.coordinator = coordinator
    #expect(model.waitingLinksNotice == nil)

    coordinator.waitingLinkCount = 1
    #expect(model.waitingLinksNotice?.description == "A link waits for you to sign in.")
    coordinator.waitingLinkCount = 16
    #expect(model.waitingLinksNotice?.description == "16 links wait for you to sign in.")
    for language in [Language.en, .de] {
      let notice = model.waitingLinksNotice.map(Localizer(language: language).callAsFunction) ?? ""
      #expect(notice.count <= 38, "one line at 40 columns in \(language)")
    }
  }

  @Test("send reaches each action: select, move, edit the name, delete and confirm")
  func send() throws {
    let (model, coordinator) = model(MockProfilesService(profiles: ["ada", "bob"]))
    model.send(.select(at: 3))
    #expect(model.selectedRow == .guest)
    model.send(.move(by: -2))
    #expect(model.selectedIndex == 1)
    model.send(.deleteSelected)
    #expect(coordinator.deleteRequests == [try ProfileName(validating: "bob")])
    model.send(.editName(.insert("cy")))
    #expect(model.isEditingName)
    #expect(model.nameField.text == "cy")
    model.send(.confirm)
    #expect(coordinator.signedIn == ["cy"])
  }
}
