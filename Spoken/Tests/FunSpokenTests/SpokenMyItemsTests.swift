import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunSpoken
@testable import FunViewModel

/// What Studio's My items tab and its item form say, read from their ViewModels.
@Suite("SpokenScreens and SpokenSheets: My items")
@MainActor
struct SpokenMyItemsTests {
  private static let notes = FeaturedItem(
    id: "notes", title: "Notes", subtitle: "Mine", category: "Journal", description: "One.\n\nTwo.", isFeatured: false)
  private static let garden = FeaturedItem(
    id: "garden", title: "Garden", subtitle: "", category: "Journal", description: "", isFeatured: false)

  /// A store over the harness's loaded catalog holding `items`.
  private func store(
    _ harness: SpokenHarness, items: [FeaturedItem], savesChanges: Bool = true
  ) async throws -> MyItemsStore {
    _ = try await harness.loadedHome()
    let store = MyItemsStore(
      service: MockMyItemsService(items: items), catalog: harness.catalog, favorites: harness.favorites,
      toasts: harness.toasts,
      tasks: harness.time.tasks, watchClock: nil, savesChanges: savesChanges)
    try await harness.time.settle()
    return store
  }

  private func myItems(_ harness: SpokenHarness, _ store: MyItemsStore) -> MyItemsViewModel {
    MyItemsViewModel(store: store, catalog: harness.catalog, favorites: harness.favorites, toasts: harness.toasts)
  }

  /// The form's scene as the app builds it: the dialog's keys (none here, so arriving lists no
  /// choices), then the form's own, as the sheet binds them in the description, in `strings`'
  /// language, their written labels as no language writes them (the reader must not read them).
  /// `id` and `heading` replace the section's identity and heading, for a test of how the reader
  /// finds it.
  private static func scene(
    of form: MyItemFormViewModel, title: String = "New item", strings: Localizer = Localizer(language: .en),
    id: KeyHelpSection.ID? = .itemForm, heading: String? = nil
  ) -> SpokenScene {
    let own = KeyHelpSection(
      id: id,
      title: heading ?? strings(L10n.Help.sectionItemForm),
      lines: [
        .init(keys: "C-s", spokenKeys: [strings(L10n.Spoken.keyControl("S"))], summary: strings(L10n.Help.saveItem)),
        .init(keys: "^v", spokenKeys: [strings(L10n.Spoken.keyUpDown)], summary: strings(L10n.Help.line)),
        .init(keys: "RET", spokenKeys: [strings(L10n.Keys.enter)], summary: strings(L10n.Help.newParagraph)),
      ])
    return SpokenScene(
      title: "My items", sheetTitle: title, sheetModel: form, keys: [KeyHelpSection(title: "", lines: []), own])
  }

  @Test("My items with nothing in it says so and how to write one; a guest also hears that nothing is saved")
  func emptyMyItems() async throws {
    let harness = SpokenHarness()
    let store = try await store(harness, items: [])
    let english = Localizer(language: .en)
    let profile = myItems(harness, store)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))
    #expect(
      harness.reader.announcements(for: SpokenScene(title: "My items", screenModel: profile, list: profile.list)) == [
        "My items, no items", english(L10n.MyItems.emptyHint),
      ])

    let guestStore = MyItemsStore(
      service: MockMyItemsService(items: []), catalog: harness.catalog, favorites: harness.favorites,
      toasts: harness.toasts,
      tasks: harness.time.tasks, watchClock: nil, savesChanges: false)
    let guest = myItems(harness, guestStore)
    #expect(
      harness.reader.announcements(for: SpokenScene(title: "My items", screenModel: guest, list: guest.list)) == [
        "My items, no items", english(L10n.MyItems.guestNote), english(L10n.MyItems.emptyHint),
      ])
  }

  @Test("My items says the count and the selected row without calling it yours; moving and a favorite are said")
  func myItemsRows() async throws {
    let harness = SpokenHarness()
    let store = try await store(harness, items: [Self.notes, Self.garden])
    let model = myItems(harness, store)
    let scene = SpokenScene(title: "My items", screenModel: model, list: model.list)
    _ = harness.reader.announcements(for: SpokenScene(title: "Elsewhere"))

    #expect(harness.reader.announcements(for: scene) == ["My items, 2 items, item 1 of 2", "Notes — Mine"])
    model.list.send(.move(by: 1))
    #expect(harness.reader.announcements(for: scene) == ["2 of 2: Garden"])
    harness.favorites.toggle("garden")
    try await harness.time.settle()
    #expect(harness.reader.announcements(for: scene) == ["Favorited Garden"])
    model.send(.delete(Self.garden))
    try await harness.time.settle()
    let toast = try #require(harness.toasts.shownToasts.last)
    let said = harness.reader.announcements(
      for: SpokenScene(title: "My items", screenModel: model, list: model.list, toast: toast))
    #expect(said == ["1 of 1: Notes — Mine", "Deleted Garden"])
    withExtendedLifetime(store) {}
  }

  @Test("Esc on a changed form says, with the key in words, that a second Esc discards the changes")
  func discardWarning() async throws {
    let harness = SpokenHarness()
    let store = try await store(harness, items: [Self.notes])
    let form = MyItemFormViewModel(store: store, editing: nil, didShow: { _ in })
    _ = harness.reader.announcements(for: SpokenScene(title: "My items"))
    _ = harness.reader.announcements(for: Self.scene(of: form))
    form.send(.edit(.insert("x")))
    _ = harness.reader.announcements(for: Self.scene(of: form))

    form.send(.cancel)
    let said = harness.reader.announcements(for: Self.scene(of: form))
    #expect(said == ["Unsaved changes: Escape again discards them"])
    #expect(!said.joined().contains("esc "))
  }

  @Test("A new form says its title, the empty id and its hint; a refused save says each field's reason in field order")
  func refusedSave() async throws {
    let harness = SpokenHarness()
    let store = try await store(harness, items: [Self.notes])
    let form = MyItemFormViewModel(store: store, editing: nil, didShow: { _ in })
    _ = harness.reader.announcements(for: SpokenScene(title: "My items"))

    #expect(
      harness.reader.announcements(for: Self.scene(of: form)) == [
        "Dialog: New item", "Id field, empty",
        "Letters, digits, '-', '_' and '.': the item's link is funapp://item/<id>.",
      ])
    form.send(.focusNextField)
    #expect(harness.reader.announcements(for: Self.scene(of: form)) == ["Title field, empty"])
    // The save focuses the id again: it gains the focus, so its hint comes with it.
    form.send(.confirm)
    #expect(
      harness.reader.announcements(for: Self.scene(of: form)) == [
        "Id field, empty", "Letters, digits, '-', '_' and '.': the item's link is funapp://item/<id>.",
        "Id: The id cannot be empty", "Title: The title cannot be empty",
        "Category: Choose a category or type a new one",
      ])
    // A reason comes and goes with typing, after what was typed.
    form.send(.edit(.insert("notes")))
    #expect(
      harness.reader.announcements(for: Self.scene(of: form)) == [
        "Id field: notes", "Id: One of your items already uses the id notes",
      ])
    // A reason typing fixed is said to have gone, in a short line after what was typed.
    form.send(.edit(.insert("-2")))
    #expect(harness.reader.announcements(for: Self.scene(of: form)) == ["-2", "Id: fine now"])
    form.send(.edit(.insert("x")))
    #expect(harness.reader.announcements(for: Self.scene(of: form)) == ["x"], "said once, as it goes")
    // `.` reads the reasons that still stand.
    #expect(
      harness.reader.whereYouAre(in: Self.scene(of: form)) == [
        "Dialog: New item", "Id field: notes-2x",
        "Letters, digits, '-', '_' and '.': the item's link is funapp://item/<id>.", "Title: The title cannot be empty",
        "Category: Choose a category or type a new one",
      ])
  }

  @Test(
    "A refused save says every refused field's reason in field order, those already said while typing too; a save refused again with nothing changed says them again"
  )
  func refusedSaveSaysEveryReason() async throws {
    let harness = SpokenHarness()
    let store = try await store(harness, items: [Self.notes])
    let form = MyItemFormViewModel(store: store, editing: nil, didShow: { _ in })
    _ = harness.reader.announcements(for: SpokenScene(title: "My items"))
    _ = harness.reader.announcements(for: Self.scene(of: form))
    form.send(.edit(.insert("Bad Id")))
    #expect(
      harness.reader.announcements(for: Self.scene(of: form)) == [
        "Id field: Bad Id", "Id: The id takes letters, digits, '-', '_' and '.' only",
      ])
    for _ in 0..<3 { form.send(.focusNextField) }
    _ = harness.reader.announcements(for: Self.scene(of: form))

    let reasons = [
      "Id: The id takes letters, digits, '-', '_' and '.' only", "Title: The title cannot be empty",
      "Category: Choose a category or type a new one",
    ]
    form.send(.confirm)
    #expect(
      harness.reader.announcements(for: Self.scene(of: form)) == [
        "Id field: Bad Id", "Letters, digits, '-', '_' and '.': the item's link is funapp://item/<id>.",
      ] + reasons)
    form.send(.confirm)
    #expect(harness.reader.announcements(for: Self.scene(of: form)) == reasons)
  }

  @Test(
    "Editing says which item; a field's hint once as it gains the focus; the description says which paragraph; a chosen category is read whole"
  )
  func editForm() async throws {
    let harness = SpokenHarness()
    let store = try await store(harness, items: [Self.notes])
    let form = MyItemFormViewModel(store: store, editing: "notes", didShow: { _ in })
    let scene = Self.scene(of: form, title: "Edit notes")
    let english = Localizer(language: .en)
    _ = harness.reader.announcements(for: SpokenScene(title: "My items"))

    #expect(
      harness.reader.announcements(for: scene) == [
        "Dialog: Edit notes, Notes", "Id field: notes", english(L10n.MyItems.idHint),
      ])
    // Typing does not repeat the hint; a field without one says only its name and value.
    form.send(.edit(.insert("s")))
    #expect(harness.reader.announcements(for: scene) == ["s"])
    form.send(.focusNextField)
    #expect(harness.reader.announcements(for: scene) == ["Title field: Notes"])
    form.send(.focusNextField)
    form.send(.focusNextField)
    #expect(
      harness.reader.announcements(for: scene) == [
        "Category field: Journal", "Up and Down arrows choose one of the 4 known categories, or type a new one.",
      ])
    let categories = form.categories
    let journal = try #require(categories.firstIndex(of: "Journal"))
    form.send(.cycleCategory(by: 1))
    let next = categories[(journal + 1) % categories.count]
    #expect(harness.reader.announcements(for: scene) == ["Category field: \(next)"])
    form.send(.focusNextField)
    // The description's hint is its keys, read from those the sheet binds there, as `?` reads them.
    #expect(
      harness.reader.announcements(for: scene) == [
        "Description, paragraph 1 of 2: One.",
        "Control S: save the item, Up and Down arrows: previous or next line, Enter: new paragraph (in the description)",
      ])
    // Another paragraph of the same field: no hint again.
    form.send(.placeCursor(in: .description, paragraph: 1, at: "Two.".count))
    #expect(harness.reader.announcements(for: scene) == ["Description, paragraph 2 of 2: Two."])
    form.send(.edit(.insert(" Three.")))
    #expect(harness.reader.announcements(for: scene) == [" Three."])
    form.send(.breakParagraph)
    #expect(harness.reader.announcements(for: scene) == ["Description, paragraph 3 of 3, empty"])
    form.send(.edit(.delete(.characterBackward)))
    #expect(harness.reader.announcements(for: scene) == ["Description, paragraph 2 of 2: Two. Three."])
  }

  @Test(
    "↑/↓ between the wrapped lines of a paragraph say the line the cursor lands on; into another paragraph, which one first"
  )
  func descriptionLines() async throws {
    let harness = SpokenHarness()
    let long = FeaturedItem(
      id: "long", title: "Long", subtitle: "", category: "Journal",
      description: "The quick brown fox jumps over the lazy dog.\n\nTwo.", isFeatured: false)
    let store = try await store(harness, items: [long])
    let form = MyItemFormViewModel(store: store, editing: "long", didShow: { _ in })
    let scene = Self.scene(of: form, title: "Edit long")
    _ = harness.reader.announcements(for: SpokenScene(title: "My items"))
    form.send(.focusPreviousField)
    _ = harness.reader.announcements(for: scene)

    // As a sheet wraps it: "The quick brown fox", "jumps over the lazy", "dog.".
    form.send(.placeCursor(in: .description, paragraph: 0, at: 22, line: 20..<39))
    #expect(harness.reader.announcements(for: scene) == ["jumps over the lazy"])
    form.send(.placeCursor(in: .description, paragraph: 0, at: 42, line: 40..<44))
    #expect(harness.reader.announcements(for: scene) == ["dog."])
    form.send(.placeCursor(in: .description, paragraph: 1, at: 2, line: 0..<4))
    #expect(harness.reader.announcements(for: scene) == ["Description, paragraph 2 of 2: Two."])
    form.send(.placeCursor(in: .description, paragraph: 0, at: 42, line: 40..<44))
    #expect(harness.reader.announcements(for: scene) == ["Description, paragraph 1 of 2: dog."])
    // ← and → say nothing, as before; typing is echoed.
    form.send(.edit(.move(.characterForward)))
    #expect(harness.reader.announcements(for: scene).isEmpty)
    form.send(.edit(.move(.end)))
    form.send(.edit(.insert("!")))
    #expect(harness.reader.announcements(for: scene) == ["!"])
  }

  /// A new form over no items of yours (the form keeps its store), after My items was said, its
  /// description focused.
  private func newFormInDescription(_ harness: SpokenHarness) async throws -> (MyItemFormViewModel, SpokenScene) {
    let store = try await store(harness, items: [])
    let form = MyItemFormViewModel(store: store, editing: nil, didShow: { _ in })
    _ = harness.reader.announcements(for: SpokenScene(title: "My items"))
    form.send(.focusPreviousField)
    return (form, Self.scene(of: form))
  }

  @Test("The description's keys are read from the section known as the item form's, whatever its heading says")
  func formKeysFoundByIdentity() async throws {
    let keys =
      "Control S: save the item, Up and Down arrows: previous or next line, Enter: new paragraph (in the description)"
    let retitled = SpokenHarness()
    let (form, _) = try await newFormInDescription(retitled)
    let said = retitled.reader.announcements(for: Self.scene(of: form, heading: "Keys of this form"))
    #expect(said.last == keys, "\(said)")

    // The form's heading alone does not make a section the form's.
    let unnamed = SpokenHarness()
    let (other, _) = try await newFormInDescription(unnamed)
    let saidUnnamed = unnamed.reader.announcements(for: Self.scene(of: other, id: nil))
    #expect(!saidUnnamed.contains(keys), "\(saidUnnamed)")
  }

  @Test("A paste of paragraphs says how many it made before the paragraph it left the cursor in")
  func pastedParagraphs() async throws {
    let harness = SpokenHarness()
    let (form, scene) = try await newFormInDescription(harness)
    _ = harness.reader.announcements(for: scene)
    form.send(.paste(["line1", "", "line2"]))
    #expect(
      harness.reader.announcements(for: scene) == ["2 paragraphs pasted", "Description, paragraph 2 of 2: line2"])
    form.send(.edit(.insert("!")))
    #expect(harness.reader.announcements(for: scene) == ["!"])
  }

  @Test("Enter at the paragraph limit says that no paragraph was made, and the limit")
  func paragraphLimit() async throws {
    let harness = SpokenHarness()
    let (form, scene) = try await newFormInDescription(harness)
    form.send(.paste((1...MyItemDraft.paragraphCountLimit).map { "p\($0)" }))
    _ = harness.reader.announcements(for: scene)
    form.send(.breakParagraph)
    #expect(
      harness.reader.announcements(for: scene) == ["No new paragraph: a description has at most 20 paragraphs"])
  }

  @Test("The form speaks German too")
  func german() async throws {
    let harness = SpokenHarness(language: .de)
    let store = try await store(harness, items: [Self.notes])
    let form = MyItemFormViewModel(store: store, editing: "notes", didShow: { _ in })
    let scene = Self.scene(of: form, title: "notes bearbeiten", strings: Localizer(language: .de))
    _ = harness.reader.announcements(for: SpokenScene(title: "Meine Einträge"))

    let german = Localizer(language: .de)
    #expect(
      harness.reader.announcements(for: scene) == [
        "Dialog: notes bearbeiten, Notes", "Feld Kennung: notes", german(L10n.MyItems.idHint),
      ])
    form.send(.focusPreviousField)
    #expect(
      harness.reader.announcements(for: scene) == [
        "Beschreibung, Absatz 1 von 2: One.",
        "Steuerung S: den Eintrag sichern, Pfeile nach oben und unten: vorherige oder nächste Zeile, "
          + "Enter: neuer Absatz (in der Beschreibung)",
      ])
    form.send(.edit(.insert(" ")))
    #expect(harness.reader.announcements(for: scene) == ["Leerzeichen"])
  }
}
