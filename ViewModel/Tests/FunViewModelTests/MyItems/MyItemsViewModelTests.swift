import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("MyItemsViewModel")
@MainActor
struct MyItemsViewModelTests {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()
  let coordinator = MockCoordinator()

  private static func item(_ id: String, _ title: String) -> FeaturedItem {
    FeaturedItem(id: id, title: title, subtitle: "", category: "Journal", description: "", isFeatured: false)
  }

  private func model(
    items: [FeaturedItem], savesChanges: Bool = true
  ) async throws -> (MyItemsViewModel, MockMyItemsService, TestStores) {
    let stores = TestStores(time: time)
    let mine = MockMyItemsService(items: items)
    let store = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: savesChanges)
    try await stores.catalog.load()
    try await time.settle()
    let model = MyItemsViewModel(store: store, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts)
    model.coordinator = coordinator
    return (model, mine, stores)
  }

  @Test("The rows are your items alone, oldest first, each marked as yours")
  func rows() async throws {
    let (model, _, _) = try await model(items: [Self.item("notes", "Notes"), Self.item("ideas", "Ideas")])
    #expect(model.list.rows.map(\.id) == ["notes", "ideas"])
    #expect(model.list.rows.allSatisfy { model.list.isOwn($0.id) })
    #expect(!model.list.isOwn("swiftui"))
  }

  @Test("A saved item, new or edited, is selected once it shows: the form says so, as the tab's coordinator wires it")
  func savedItemIsSelected() async throws {
    let stores = TestStores(time: time)
    let mine = MockMyItemsService(items: [Self.item("notes", "Notes"), Self.item("ideas", "Ideas")])
    let store = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: true)
    try await stores.catalog.load()
    try await time.settle()
    let model = MyItemsViewModel(store: store, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts)
    #expect(model.list.selectedIndex == 0)
    // As `MyItemsCoordinator` opens the form.
    func form(editing id: String?) -> MyItemFormViewModel {
      MyItemFormViewModel(store: store, editing: id) { [weak model] in model?.send(.selectSaved(id: $0)) }
    }
    // The id field has the focus first; each line is typed into the field after it.
    func fill(_ form: MyItemFormViewModel, _ lines: [MyItemDraft.Field: String]) {
      for field in MyItemDraft.Field.allCases {
        while form.focusedField != field { form.send(.focusNextField) }
        if let line = lines[field] {
          form.send(.edit(.move(.end)))
          form.send(.edit(.delete(.start)))
          form.send(.edit(.insert(line)))
        }
      }
    }

    let new = form(editing: nil)
    fill(new, [.id: "garden", .title: "Garden", .category: "Journal"])
    new.send(.confirm)
    #expect(model.list.selectedItem?.id == "garden", "at once")
    try await time.settle()
    #expect(model.list.selectedIndex == 2)

    let edit = form(editing: "notes")
    fill(edit, [.id: "field-notes"])
    edit.send(.confirm)
    try await time.settle()
    #expect(model.list.selectedItem?.id == "field-notes")
    #expect(mine.items.map(\.id) == ["field-notes", "ideas", "garden"])
  }

  @Test("A guest's items have a note saying they are not saved; a profile's have none")
  func unsavedNote() async throws {
    let (guest, _, _) = try await model(items: [], savesChanges: false)
    #expect(guest.unsavedNote == L10n.MyItems.guestNote)
    let (profile, _, _) = try await model(items: [])
    #expect(profile.unsavedNote == nil)
  }

  @Test("New opens an empty form; editing and deleting go to the selected item; nothing happens on an empty list")
  func actions() async throws {
    let (empty, _, _) = try await model(items: [], savesChanges: false)
    #expect(empty.list.rows.isEmpty && empty.unsavedNote != nil)
    empty.send(.editSelected)
    empty.send(.deleteSelected)
    #expect(coordinator.shownForms.isEmpty && coordinator.deleteQuestions.isEmpty)
    empty.send(.newItem)
    #expect(coordinator.shownForms == [nil])

    let (model, _, _) = try await model(items: [Self.item("notes", "Notes"), Self.item("ideas", "Ideas")])
    model.list.send(.move(by: 1))
    model.send(.editSelected)
    model.send(.deleteSelected)
    #expect(coordinator.shownForms == [nil, "ideas"])
    #expect(coordinator.deleteQuestions.map(\.id) == ["ideas"])
  }

  @Test("Deleting removes the item from the list, the catalog and the saved items, and says so")
  func delete() async throws {
    let notes = Self.item("notes", "Notes")
    let (model, mine, stores) = try await model(items: [notes, Self.item("ideas", "Ideas")])
    model.send(.delete(notes))
    #expect(model.list.rows.map(\.id) == ["ideas"])
    try await time.settle()
    #expect(mine.items.map(\.id) == ["ideas"])
    #expect(stores.catalog.item(withID: "notes") == nil)
    #expect(toasts.shownToasts.last == .info(L10n.MyItems.deleted("Notes")))
  }

  @Test("send opens the form for a new or the selected item, asks before deleting, and deletes")
  func send() async throws {
    let notes = Self.item("notes", "Notes")
    let (model, _, _) = try await model(items: [notes, Self.item("ideas", "Ideas")])
    model.send(.newItem)
    model.send(.editSelected)
    model.send(.deleteSelected)
    #expect(coordinator.shownForms == [nil, "notes"])
    #expect(coordinator.deleteQuestions == [notes])
    model.send(.delete(notes))
    #expect(model.list.rows.map(\.id) == ["ideas"])
    try await time.settle()
  }
}
