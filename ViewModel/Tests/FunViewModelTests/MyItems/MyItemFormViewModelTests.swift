import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("MyItemFormViewModel")
@MainActor
struct MyItemFormViewModelTests {
  let time = VirtualTime.forTests()
  let toasts = MockToastService()
  let coordinator = MockCoordinator()

  private static let notes = FeaturedItem(
    id: "notes", title: "Notes", subtitle: "Mine", category: "Journal", description: "One.\n\nTwo.", isFeatured: false)

  /// A form over a loaded catalog and a store holding ``notes``; the store is returned so it
  /// lives as long as the test.
  private func form(editing id: String? = nil, mine: MockMyItemsService = MockMyItemsService(items: [notes]))
    async throws -> (MyItemFormViewModel, MyItemsStore, TestStores)
  {
    let stores = TestStores(time: time)
    let store = MyItemsStore(
      service: mine, catalog: stores.catalog, favorites: stores.favorites, toasts: toasts, tasks: time.tasks,
      watchClock: nil, savesChanges: true)
    try await stores.catalog.load()
    try await time.settle()
    let form = MyItemFormViewModel(store: store, editing: id, didShow: { _ in })
    form.coordinator = coordinator
    return (form, store, stores)
  }

  private func type(_ text: String, into field: MyItemDraft.Field, of form: MyItemFormViewModel) {
    while form.focusedField != field { form.send(.focusNextField) }
    form.send(.edit(.move(.end)))
    form.send(.edit(.insert(text)))
  }

  /// Pastes `text` at the end of `field`, its lines split as the sheet splits them.
  private func paste(_ text: String, into field: MyItemDraft.Field, of form: MyItemFormViewModel) {
    while form.focusedField != field { form.send(.focusNextField) }
    form.send(.edit(.move(.end)))
    form.send(.paste(lines(text)))
  }

  private func lines(_ text: String) -> [String] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }

  private func clear(_ field: MyItemDraft.Field, of form: MyItemFormViewModel) {
    while form.focusedField != field { form.send(.focusNextField) }
    form.send(.edit(.move(.end)))
    form.send(.edit(.delete(.start)))
  }

  @Test("A new form opens empty, says nothing until a field is edited, and Tab cycles the fields in order")
  func newForm() async throws {
    let (form, _, _) = try await form()
    #expect(form.originalID == nil)
    #expect(MyItemDraft.Field.allCases.allSatisfy { form.editor(for: $0).text.isEmpty })
    #expect(MyItemDraft.Field.allCases.allSatisfy { form.problem(for: $0) == nil })
    var visited: [MyItemDraft.Field] = []
    for _ in MyItemDraft.Field.allCases {
      visited.append(form.focusedField)
      form.send(.focusNextField)
    }
    #expect(visited == MyItemDraft.Field.allCases)
    #expect(form.focusedField == .id)
    form.send(.focusPreviousField)
    #expect(form.focusedField == .description)
  }

  @Test(
    "Each field says why it is refused as soon as it is typed",
    arguments: [
      (.id, "my notes", L10n.MyItems.idNotSlug),
      (.id, String(repeating: "a", count: 41), L10n.MyItems.idTooLong(40)),
      (.id, "notes", L10n.MyItems.idUsedByYours("notes")),
      (.id, "swiftui", L10n.MyItems.idUsedByCatalog("swiftui")),
      (.title, String(repeating: "t", count: 61), L10n.MyItems.titleTooLong(60)),
      (.title, "   ", L10n.MyItems.titleEmpty),
      (.subtitle, String(repeating: "s", count: 121), L10n.MyItems.subtitleTooLong(120)),
      (.category, String(repeating: "c", count: 31), L10n.MyItems.categoryTooLong(30)),
      (.category, " ", L10n.MyItems.categoryEmpty),
      (.description, String(repeating: "p", count: 1_001), L10n.MyItems.paragraphTooLong(1_000)),
    ] as [(MyItemDraft.Field, String, LocalizedText)]
  )
  func fieldProblem(field: MyItemDraft.Field, text: String, reason: LocalizedText) async throws {
    let (form, _, _) = try await form()
    // Key by key: a paste the description cannot take is refused before the rule sees it.
    type("", into: field, of: form)
    for character in text { form.send(.edit(.insert(String(character)))) }
    #expect(form.problem(for: field) == reason)
    #expect(MyItemDraft.Field.allCases.filter { form.problem(for: $0) != nil } == [field])
  }

  @Test("Emptying the id says it cannot be empty")
  func emptyID() async throws {
    let (form, _, _) = try await form()
    type("x", into: .id, of: form)
    #expect(form.problem(for: .id) == nil)
    form.send(.edit(.delete(.characterBackward)))
    #expect(form.problem(for: .id) == L10n.MyItems.idEmpty)
  }

  @Test("Saving an empty form shows every refused field's reason, focuses the first, and saves nothing")
  func confirmEmpty() async throws {
    let mine = MockMyItemsService()
    let (form, _, _) = try await form(mine: mine)
    form.send(.focusPreviousField)
    form.send(.confirm)
    #expect(form.problem(for: .id) == L10n.MyItems.idEmpty)
    #expect(form.problem(for: .title) == L10n.MyItems.titleEmpty)
    #expect(form.problem(for: .category) == L10n.MyItems.categoryEmpty)
    #expect(form.problem(for: .subtitle) == nil)
    #expect(form.problem(for: .description) == nil)
    #expect(form.focusedField == .id)
    #expect(coordinator.dismissSheetCount == 0)
    try await time.settle()
    #expect(mine.savedDrafts.isEmpty)
  }

  @Test("A valid new item is saved with its paragraphs, closes the sheet and shows in the catalog as yours")
  func confirmNew() async throws {
    let mine = MockMyItemsService()
    let (form, _, stores) = try await form(mine: mine)
    type("field-notes", into: .id, of: form)
    type("Field notes", into: .title, of: form)
    type("What I saw", into: .subtitle, of: form)
    type("Journal", into: .category, of: form)
    type("First.", into: .description, of: form)
    form.send(.breakParagraph)
    form.send(.edit(.insert("Second.")))
    form.send(.confirm)
    // The sheet closes once the service has saved it, not before: it may still refuse.
    #expect(coordinator.dismissSheetCount == 0)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(
      mine.items == [
        FeaturedItem(
          id: "field-notes", title: "Field notes", subtitle: "What I saw", category: "Journal",
          description: "First.\n\nSecond.", isFeatured: false)
      ])
    #expect(stores.catalog.isOwn("field-notes"))
  }

  @Test("A new item's id is not called taken by the item its own save just made, before the sheet closes")
  func savedIDIsNotTaken() async throws {
    let (form, store, _) = try await form()
    type("q1", into: .id, of: form)
    type("T", into: .title, of: form)
    type("Journal", into: .category, of: form)
    form.send(.confirm)
    // The order an interactive session can draw in: the store shows the item at once, and the
    // form is read again before the save lands and closes the sheet.
    #expect(store.item(withID: "q1") != nil)
    #expect(form.problem(for: .id) == nil)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(form.problem(for: .id) == nil)
  }

  @Test("Editing starts from the saved item, keeps its own id without calling it taken, and saves in place")
  func confirmEdit() async throws {
    let mine = MockMyItemsService(items: [Self.notes])
    let (form, _, _) = try await form(editing: "notes", mine: mine)
    #expect(form.originalID != nil)
    #expect(form.editor(for: .id).text == "notes")
    #expect(form.editor(for: .title).text == "Notes")
    #expect(form.paragraphs.map(\.text) == ["One.", "Two."])
    type(" and more", into: .title, of: form)
    #expect(form.problem(for: .id) == nil)
    form.send(.confirm)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(mine.items.map(\.title) == ["Notes and more"])
    #expect(mine.items.map(\.description) == ["One.\n\nTwo."])
  }

  @Test(
    "A title of few characters carrying huge ones is too long in the form, as any too long title, and nothing is saved")
  func hugeCharactersAreTooLong() async throws {
    let mine = MockMyItemsService()
    let (form, _, _) = try await form(mine: mine)
    type("heavy", into: .id, of: form)
    // One character of 6 KB: a base letter and 1,500 variation selectors.
    type("a" + String(repeating: "\u{E0100}", count: 1_500), into: .title, of: form)
    type("Journal", into: .category, of: form)
    #expect(form.problem(for: .title) == L10n.MyItems.titleTooLong(60))

    form.send(.confirm)
    try await time.settle()
    #expect(form.focusedField == .title)
    #expect(mine.savedDrafts.isEmpty)
    #expect(coordinator.dismissSheetCount == 0)
  }

  @Test(
    "A save the service refuses as too large for its file says why in the form, keeps the text, and shows nothing unsaved"
  )
  func saveRefusedAsTooLarge() async throws {
    let mine = MockMyItemsService(items: [Self.notes])
    let (form, store, stores) = try await form(mine: mine)
    let refusal = AppError.stateFileTooLarge(name: "my-items.json", limit: 16 << 20)
    mine.refuseSaves(with: refusal)
    type("field-notes", into: .id, of: form)
    type("Field notes", into: .title, of: form)
    type("Journal", into: .category, of: form)
    type("First.", into: .description, of: form)
    form.send(.confirm)
    try await time.settle()

    #expect(form.message == refusal.text)
    #expect(coordinator.dismissSheetCount == 0)
    #expect(
      form.draft == MyItemDraft(id: "field-notes", title: "Field notes", category: "Journal", paragraphs: ["First."]))
    #expect(store.items == [Self.notes])
    #expect(stores.catalog.item(withID: "field-notes") == nil)
    #expect(!toasts.shownToasts.contains { $0.style == .info }, "nothing says it was saved")

    // Made room (another Fun deleted items, say): the same text saves, nothing retyped.
    mine.refuseSaves(with: nil)
    form.send(.confirm)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(mine.items.map(\.id) == ["notes", "field-notes"])
  }

  @Test("An edit of an item another Fun changed meanwhile is refused in the form, draft kept; saving again overwrites")
  func changedElsewhere() async throws {
    let mine = MockMyItemsService(items: [Self.notes])
    let (form, store, _) = try await form(editing: "notes", mine: mine)
    type("!", into: .subtitle, of: form)
    // Another Fun saved a new title a moment ago and the service has read it; the store has not
    // had its turn to show it, so the service decides under its lock.
    let theirs = FeaturedItem(
      id: "notes", title: "Theirs", subtitle: "Mine", category: "Journal", description: "One.\n\nTwo.",
      isFeatured: false)
    mine.saveElsewhere([theirs])
    mine.reloadIfChanged()
    form.send(.confirm)
    form.send(.cancel)  // ignored while the save is under way
    try await time.settle()

    #expect(form.message == L10n.MyItems.changedElsewhere("Notes"))
    #expect(coordinator.dismissSheetCount == 0)
    #expect(form.editor(for: .subtitle).text == "Mine!")
    #expect(form.editor(for: .title).text == "Notes")
    #expect(mine.items == [theirs])
    #expect(store.items == [theirs])

    form.send(.confirm)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(mine.items.map(\.title) == ["Notes"])
    #expect(mine.items.map(\.subtitle) == ["Mine!"])
  }

  @Test("An edit of an item another Fun deleted is refused, not resurrected; saving again makes it a new item")
  func deletedElsewhere() async throws {
    let mine = MockMyItemsService(items: [Self.notes])
    let (form, store, _) = try await form(editing: "notes", mine: mine)
    mine.saveElsewhere([])
    mine.reloadIfChanged()
    form.send(.confirm)
    try await time.settle()

    #expect(form.message == L10n.MyItems.deletedElsewhere("Notes"))
    #expect(coordinator.dismissSheetCount == 0)
    #expect(mine.items.isEmpty)
    #expect(store.items.isEmpty)
    #expect(form.originalID == nil)

    form.send(.confirm)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(mine.items == [Self.notes])
  }

  @Test("A change another Fun made that the store already shows is refused at once, before any save")
  func changeAlreadySeen() async throws {
    let mine = MockMyItemsService(items: [Self.notes])
    let (form, store, _) = try await form(editing: "notes", mine: mine)
    mine.saveElsewhere([])
    mine.reloadIfChanged()
    try await time.settle()
    #expect(store.items.isEmpty)

    form.send(.confirm)
    #expect(form.message == L10n.MyItems.deletedElsewhere("Notes"))
    #expect(form.originalID == nil)
    try await time.settle()
    #expect(mine.savedDrafts.isEmpty)
  }

  @Test("Editing an id that is not one of yours opens a form for a new item")
  func editUnknown() async throws {
    let (form, _, _) = try await form(editing: "swiftui")
    #expect(form.originalID == nil)
    #expect(form.editor(for: .title).text.isEmpty)
  }

  @Test("Paragraphs: a break splits at the cursor, the cursor goes to any, Backspace at a start joins, nothing is lost")
  func paragraphs() async throws {
    let (form, _, _) = try await form()
    type("HelloWorld", into: .description, of: form)
    for _ in 0..<5 { form.send(.edit(.move(.characterBackward))) }
    form.send(.breakParagraph)
    #expect(form.paragraphs.map(\.text) == ["Hello", "World"])
    #expect(form.focusedParagraph == 1)
    #expect(form.editor(for: .description).cursor == 0)
    form.send(.placeCursor(in: .description, paragraph: -5, at: 2))
    #expect(form.focusedParagraph == 0)
    #expect(form.editor(for: .description).cursor == 2)
    form.send(.placeCursor(in: .description, paragraph: 1, at: 0))
    form.send(.edit(.delete(.characterBackward)))
    #expect(form.paragraphs.map(\.text) == ["HelloWorld"])
    #expect(form.editor(for: .description).cursor == 5)
    // Outside the description a break does nothing.
    form.send(.focusNextField)
    form.send(.breakParagraph)
    #expect(form.paragraphs.count == 1)
  }

  @Test(
    "Enter at the paragraph limit is refused at once, saying the limit, and leaves the paragraph as it was")
  func paragraphLimit() async throws {
    let (form, _, _) = try await form()
    type("p", into: .description, of: form)
    for _ in 1..<MyItemDraft.paragraphCountLimit {
      form.send(.breakParagraph)
      form.send(.edit(.insert("p")))
    }
    #expect(form.paragraphs.count == MyItemDraft.paragraphCountLimit)
    #expect(form.message == nil)
    #expect(!form.canAddParagraph)
    #expect(form.hint(for: .description) == L10n.MyItems.descriptionHintFull, "no new paragraph offered")
    form.send(.edit(.move(.characterBackward)))
    form.send(.breakParagraph)
    #expect(form.paragraphs.count == MyItemDraft.paragraphCountLimit)
    #expect(form.message == L10n.MyItems.newParagraphRefused(20))
    #expect(form.paragraphs.last?.text == "p")
    #expect(form.editor(for: .description).cursor == 0)
    #expect(form.problem(for: .description) == nil, "nothing over the limit to save")
    form.send(.edit(.insert("q")))
    #expect(form.message == nil, "the refusal answers the Enter alone")
    // Fewer paragraphs, and Enter works again.
    form.send(.edit(.delete(.start)))
    form.send(.edit(.delete(.characterBackward)))
    #expect(form.hint(for: .description) == L10n.MyItems.descriptionHint)
    form.send(.breakParagraph)
    #expect(form.paragraphs.count == MyItemDraft.paragraphCountLimit)
    #expect(form.message == nil)
  }

  @Test("The category cycles through the catalog's categories and yours, and takes a new one typed")
  func categories() async throws {
    let (form, _, _) = try await form()
    #expect(form.categories == ["Frameworks", "Journal", "Language", "Tools"])
    form.send(.cycleCategory(by: 1))
    #expect(form.focusedField == .category)
    #expect(form.editor(for: .category).text == "Frameworks")
    form.send(.cycleCategory(by: -1))
    #expect(form.editor(for: .category).text == "Tools")
    form.send(.cycleCategory(by: 1))
    #expect(form.editor(for: .category).text == "Frameworks")
    clear(.category, of: form)
    type("Recipes", into: .category, of: form)
    #expect(form.problem(for: .category) == nil)
  }

  @Test("Before the catalog loads, with none of yours, the category's hint offers no choice of categories")
  func categoryHintWithoutCategories() async throws {
    let stores = TestStores(time: time)
    let store = MyItemsStore(
      service: MockMyItemsService(), catalog: stores.catalog, favorites: stores.favorites, toasts: toasts,
      tasks: time.tasks, watchClock: nil, savesChanges: true)
    let form = MyItemFormViewModel(store: store, editing: nil, didShow: { _ in })
    #expect(form.categories.isEmpty)
    #expect(form.hint(for: .category) == L10n.MyItems.categoryHintTyped)
    form.send(.cycleCategory(by: 1))
    #expect(form.editor(for: .category).text.isEmpty)
    try await stores.catalog.load()
    try await time.settle()
    #expect(form.hint(for: .category) == L10n.MyItems.categoryHint(form.categories.count))
  }

  @Test("A paste cannot grow a field without end; typing stops at the typing limit")
  func typingIsBounded() async throws {
    let (form, _, _) = try await form()
    type(String(repeating: "x", count: 10_000), into: .title, of: form)
    #expect(form.editor(for: .title).text.count == MyItemFormViewModel.lineTypingLimit)
    paste(String(repeating: "x", count: 10_000), into: .description, of: form)
    #expect(form.editor(for: .description).text.isEmpty)
    paste(String(repeating: "x", count: MyItemDraft.paragraphLimit), into: .description, of: form)
    for _ in 0..<1_500 { form.send(.edit(.insert("x"))) }
    #expect(form.editor(for: .description).text.count == MyItemFormViewModel.paragraphTypingLimit)
  }

  /// Twenty-five hard-wrapped lines in three paragraphs, and the paragraphs they make.
  nonisolated static let email = Array(
    [8, 8, 9].map { Array(repeating: "wrapped", count: $0) }.joined(separator: [""]))
  nonisolated static let emailParagraphs = [8, 8, 9].map {
    Array(repeating: "wrapped", count: $0).joined(separator: " ")
  }

  @Test(
    "A paste into the description: without blank lines each line is a paragraph; with them they separate paragraphs whose hard-wrapped lines join; blank lines add none",
    arguments: [
      (["One", "Two", "Three"], ["One", "Two", "Three"]),
      (["P1 line", "", "P2", "P3"], ["P1 line", "P2 P3"]),
      (["One", "Two", "", "", "  ", "Three"], ["One Two", "Three"]),
      (
        ["Dear Ada,", "", "this is a long ", "  hard-wrapped line", "", "Bye"],
        ["Dear Ada,", "this is a long hard-wrapped line", "Bye"]
      ),
      // Twenty-five lines of an email in three paragraphs: more lines than the rule's paragraphs.
      (Self.email, Self.emailParagraphs),
      // Nothing but line breaks (the sheet drops those at a paste's ends) pastes nothing.
      ([], [""]),
      (["No break at all"], ["No break at all"]),
    ] as [([String], [String])])
  func pasteParagraphs(pasted: [String], expected: [String]) async throws {
    let (form, _, _) = try await form()
    while form.focusedField != .description { form.send(.focusNextField) }
    form.send(.paste(pasted))
    #expect(form.paragraphs.map(\.text) == expected)
    #expect(form.focusedParagraph == expected.count - 1)
    #expect(form.editor(for: .description).cursor == expected[expected.count - 1].count)
    #expect(form.message == nil)
    // The box may show only the last of them: the form says how many there are.
    #expect(form.pastedParagraphs == (expected.count > 1 ? expected.count : nil))
    form.send(.edit(.move(.start)))
    #expect(form.pastedParagraphs == nil, "it answers the paste alone")
  }

  @Test("An insertion of several characters into the description is typed, not taken for a paste")
  func insertIsNoPaste() async throws {
    let (form, _, _) = try await form()
    while form.focusedField != .description { form.send(.focusNextField) }
    form.send(.paste([String(repeating: "x", count: MyItemDraft.paragraphLimit + 1)]))
    #expect(form.editor(for: .description).text.isEmpty, "a paste too long is refused whole")
    form.send(.edit(.insert(String(repeating: "x", count: MyItemDraft.paragraphLimit + 1))))
    #expect(form.editor(for: .description).text.count == MyItemDraft.paragraphLimit + 1)
    #expect(form.message == nil)
  }

  @Test("A paste into a one-line field types its lines joined by spaces")
  func pasteIntoLineField() async throws {
    let (form, _, _) = try await form()
    form.send(.paste(["field", "notes"]))
    #expect(form.editor(for: .id).text == "field notes")
    #expect(form.paragraphs.map(\.text) == [""])
  }

  @Test("Pasted paragraphs in a one-line field read as sentences: the whitespace around each break is one space")
  func pasteParagraphsIntoLineField() async throws {
    let (form, _, _) = try await form()
    paste("First paragraph.  \n\n  Second paragraph here. \n\tThird.", into: .title, of: form)
    #expect(form.editor(for: .title).text == "First paragraph. Second paragraph here. Third.")
  }

  @Test("A paste in the middle of a paragraph splits it there: its first line ends the head, its last starts the tail")
  func pasteInsideParagraph() async throws {
    let (form, _, _) = try await form(editing: "notes")
    form.send(.focusPreviousField)
    form.send(.edit(.move(.start)))
    form.send(.edit(.move(.characterForward)))
    form.send(.paste(["x", "", "y", "", "z"]))
    #expect(form.paragraphs.map(\.text) == ["Ox", "y", "zne.", "Two."])
    #expect(form.focusedParagraph == 2)
    #expect(form.editor(for: .description).cursor == 1)
  }

  @Test("Three pasted paragraphs of 499 characters each fit and are saved as three paragraphs")
  func pasteLongParagraphs() async throws {
    let mine = MockMyItemsService()
    let (form, _, _) = try await form(mine: mine)
    type("long", into: .id, of: form)
    type("Long", into: .title, of: form)
    type("Journal", into: .category, of: form)
    let paragraphs = ["a", "b", "c"].map { String(repeating: $0, count: 499) }
    paste(paragraphs.joined(separator: "\n\n"), into: .description, of: form)
    #expect(form.problem(for: .description) == nil)
    form.send(.confirm)
    try await time.settle()
    #expect(coordinator.dismissSheetCount == 1)
    #expect(mine.items.first?.description == paragraphs.joined(separator: "\n\n"))
  }

  @Test("A paste that would make too many paragraphs, or too long a one, is refused whole, saying why")
  func pasteRefused() async throws {
    let (form, _, _) = try await form(editing: "notes")
    form.send(.focusPreviousField)
    // At the end of "One.": its first line joins "One.", the rest follow, "Two." after them.
    form.send(.paste((1...20).map { "Paragraph \($0)." }))
    #expect(form.message == L10n.MyItems.pasteTooManyParagraphs(count: 21, maximum: 20))
    #expect(form.paragraphs.map(\.text) == ["One.", "Two."])
    #expect(form.problem(for: .description) == nil, "nothing changed: nothing to refuse")
    form.send(.edit(.move(.end)))
    #expect(form.message == nil, "the reason answers the paste alone: the next action takes it away")
    // Exactly at the limit fits, and the paste clears the reason.
    form.send(.paste((1...19).map { "Paragraph \($0)." }))
    #expect(form.message == nil)
    #expect(form.pastedParagraphs == 19)
    #expect(form.paragraphs.count == MyItemDraft.paragraphCountLimit)
    form.send(.paste([String(repeating: "y", count: 990)]))
    #expect(form.message == L10n.MyItems.pasteParagraphTooLong(length: 1_003, maximum: 1_000))
    #expect(form.paragraphs[form.focusedParagraph].text == "Paragraph 19.")
    #expect(form.problem(for: .description) == nil)
  }

  @Test("Placing the cursor focuses the field and puts it there, clamped to the text and to the paragraphs")
  func placeCursor() async throws {
    let (form, _, _) = try await form(editing: "notes")
    form.send(.placeCursor(in: .description, paragraph: 1, at: 2))
    #expect(form.focusedField == .description)
    #expect(form.focusedParagraph == 1)
    #expect(form.editor(for: .description).cursor == 2)
    form.send(.placeCursor(in: .description, paragraph: 9, at: 99))
    #expect(form.focusedParagraph == 1)
    #expect(form.editor(for: .description).cursor == "Two.".count)
    form.send(.placeCursor(in: .title, paragraph: 0, at: 1))
    #expect(form.focusedField == .title)
    #expect(form.editor(for: .title).cursor == 1)
    form.send(.placeCursor(in: .id, paragraph: 0, at: -3))
    #expect(form.editor(for: .id).cursor == 0)
    #expect(form.editor(for: .title).text == "Notes", "placing the cursor changes no text")
    #expect(form.paragraphs.map(\.text) == ["One.", "Two."])
  }

  @Test("Esc closes an unchanged form at once, even after edits undone or a blank paragraph added")
  func cancelUnchanged() async throws {
    let (form, _, _) = try await form(editing: "notes")
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1)
    form.send(.edit(.insert("x")))
    form.send(.edit(.delete(.characterBackward)))
    form.send(.focusPreviousField)
    form.send(.edit(.move(.end)))
    form.send(.breakParagraph)
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 2)
    #expect(form.message == nil)
  }

  @Test(
    "Esc with unsaved changes only asks; a second one discards them, saving nothing; any other action keeps editing")
  func cancelChanged() async throws {
    let mine = MockMyItemsService()
    let (form, _, _) = try await form(mine: mine)
    form.send(.edit(.insert("draft")))
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 0)
    #expect(form.message == L10n.Sheet.discardPending)
    form.send(.focusNextField)
    #expect(form.message == nil, "another action keeps editing")
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 0, "so the next Esc asks again")
    form.send(.keepEditing)
    #expect(form.message == nil, "a key that means nothing keeps editing too")
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 0, "and the next Esc asks again")
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1)
    try await time.settle()
    #expect(mine.savedDrafts.isEmpty)
  }

  @Test("send reaches each action: fields, typing, paragraphs, categories, cancel and confirm")
  func send() async throws {
    let mine = MockMyItemsService()
    let (form, _, _) = try await form(mine: mine)
    form.send(.focusPreviousField)
    #expect(form.focusedField == .description)
    form.send(.edit(.insert("First.")))
    form.send(.breakParagraph)
    form.send(.edit(.insert("Second.")))
    #expect(form.paragraphs.map(\.text) == ["First.", "Second."])
    form.send(.placeCursor(in: .description, paragraph: 0, at: 3))
    #expect(form.focusedParagraph == 0)
    #expect(form.editor(for: .description).cursor == 3)
    form.send(.cycleCategory(by: 1))
    #expect(form.focusedField == .category)
    #expect(form.editor(for: .category).text == "Frameworks")
    form.send(.focusNextField)
    #expect(form.focusedField == .description)
    form.send(.cancel)
    form.send(.cancel)
    #expect(coordinator.dismissSheetCount == 1)
    form.send(.confirm)
    #expect(form.focusedField == .id)
    #expect(form.problem(for: .id) == L10n.MyItems.idEmpty)
    #expect(coordinator.dismissSheetCount == 1)
    try await time.settle()
    #expect(mine.savedDrafts.isEmpty)
  }
}
