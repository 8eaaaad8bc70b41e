import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Studio's My items: the form and the deletion question are sheets the root presents; what
/// they save reaches the session's service and the catalog every Explore tab reads.
@Suite("My items", .timeLimit(.minutes(3)))
@MainActor
struct MyItemsCoordinatorTests {
  private func press(_ harness: AppHarness, _ keys: Key...) {
    for key in keys {
      harness.root.rootView.handle(key)
    }
  }

  private func type(_ harness: AppHarness, _ text: String) {
    for character in text {
      harness.root.rootView.handle(.char(character))
    }
  }

  @Test("n opens the form; a refused save keeps it open; a saved item is the session's and shows on Home as yours")
  func writeAnItem() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.switchTo(.studio))
    #expect(harness.app.tabBar.selectedTab == .myItems)

    press(harness, .char("n"))
    #expect(harness.root.sheet?.title == "New item")
    press(harness, .enter)
    #expect(harness.root.sheet != nil)
    fillInGarden(harness)
    // The form closes once the item is saved.
    try await harness.settle()
    #expect(harness.root.sheet == nil)

    let session = Session.profile(AppHarness.ada)
    #expect(harness.sessions.myItems(of: session).items.map(\.id) == ["garden"])
    #expect(harness.app.catalog.isOwn("garden"))
    #expect(harness.app.home.viewModel.list.rows.first?.id == "garden")
  }

  @Test("The item the form saves is selected in My items as soon as it shows")
  func savedItemIsSelected() async throws {
    let harness = AppHarness()
    let session = Session.profile(AppHarness.ada)
    for id in ["notes", "ideas"] {
      try harness.sessions.myItems(of: session).save(
        MyItemDraft(id: id, title: id, category: "Journal"), replacing: nil)
    }
    try await harness.start()
    harness.app.tabBar.send(.switchTo(.studio))
    let list = harness.app.myItems.viewModel.list
    #expect(list.selectedItem?.id == "notes")

    press(harness, .char("n"))
    fillInGarden(harness)
    #expect(list.selectedItem?.id == "garden", "at once")
    try await harness.settle()
    #expect(harness.root.sheet == nil)
    #expect(list.selectedItem?.id == "garden")
  }

  /// Types the "garden" item into the open form, as a person would (id, title, then past the
  /// subtitle to the category), and saves it with Enter.
  private func fillInGarden(_ harness: AppHarness) {
    type(harness, "garden")
    press(harness, .tab)
    type(harness, "Garden log")
    press(harness, .tab, .tab)
    type(harness, "Outdoors")
    press(harness, .enter)
  }

  @Test("e edits the selected item in the form; d asks, Esc keeps it, Enter deletes it")
  func editAndDelete() async throws {
    let harness = AppHarness()
    let session = Session.profile(AppHarness.ada)
    try harness.sessions.myItems(of: session).save(
      MyItemDraft(id: "notes", title: "Notes", category: "Journal"), replacing: nil)
    try await harness.start()
    harness.app.tabBar.send(.switchTo(.studio))

    press(harness, .char("e"))
    #expect(harness.root.sheet?.title == "Edit notes")
    press(harness, .tab, .ctrl("u"))
    type(harness, "Field notes")
    press(harness, .ctrl("s"))
    try await harness.settle()
    #expect(harness.root.sheet == nil)
    #expect(harness.sessions.myItems(of: session).items.map(\.title) == ["Field notes"])

    press(harness, .char("d"))
    #expect(harness.root.sheet?.title == "Delete Field notes?")
    press(harness, .escape)
    #expect(harness.root.sheet == nil)
    press(harness, .char("d"), .enter)
    try await harness.settle()
    #expect(harness.sessions.myItems(of: session).items.isEmpty)
    #expect(harness.app.catalog.item(withID: "notes") == nil)
    #expect(harness.toasts.shownToasts.last == .info(L10n.MyItems.deleted("Field notes")))
  }

  @Test("A guest's My items says the items are not saved; a profile's does not")
  func guestNote() async throws {
    let guest = AppHarness(signIn: nil)
    guest.root.continueAsGuest()
    try await guest.start()
    guest.app.tabBar.send(.switchTo(.studio))
    #expect(guest.app.myItems.viewModel.unsavedNote == L10n.MyItems.guestNote)
    #expect(guest.root.rootView.render(size: .standard).plainText.contains("As a guest, your items are not saved"))

    let profile = AppHarness()
    try await profile.start()
    #expect(profile.app.myItems.viewModel.unsavedNote == nil)
  }
}
