import Testing

@testable import FunModel

@Suite("MyItemDraft")
struct MyItemDraftTests {
  private static let valid = MyItemDraft(
    id: "my-notes", title: "My notes", subtitle: "What I learnt", category: "Journal",
    paragraphs: ["First paragraph.", "Second one."])

  private static func noOne(_ id: String) -> MyItemIDOwner? { nil }

  private static func with(_ change: (inout MyItemDraft) -> Void) -> MyItemDraft {
    var draft = valid
    change(&draft)
    return draft
  }

  @Test("A complete draft has no problem and saves trimmed, paragraphs joined by a blank line, never featured")
  func validDraft() throws {
    var draft = Self.valid
    draft.title = "  My notes \t"
    draft.paragraphs = ["  First paragraph. ", "", "   ", "Second one."]
    #expect(draft.problems(isTaken: Self.noOne).isEmpty)
    let item = try draft.item(isTaken: Self.noOne)
    #expect(
      item
        == FeaturedItem(
          id: "my-notes", title: "My notes", subtitle: "What I learnt", category: "Journal",
          description: "First paragraph.\n\nSecond one.", isFeatured: false))
    #expect(MyItemDraft(editing: item) == Self.valid)
  }

  @Test(
    "Each field refuses what breaks its rule, with its own reason, and only that field",
    arguments: [
      (.id, with { $0.id = "" }, L10n.MyItems.idEmpty),
      (.id, with { $0.id = "   " }, L10n.MyItems.idEmpty),
      (.id, with { $0.id = String(repeating: "a", count: 41) }, L10n.MyItems.idTooLong(40)),
      (.id, with { $0.id = "my notes" }, L10n.MyItems.idNotSlug),
      (.id, with { $0.id = "notes/1" }, L10n.MyItems.idNotSlug),
      (.id, with { $0.id = "café" }, L10n.MyItems.idNotSlug),
      (.title, with { $0.title = "" }, L10n.MyItems.titleEmpty),
      (.title, with { $0.title = " \n " }, L10n.MyItems.titleEmpty),
      (.title, with { $0.title = String(repeating: "t", count: 61) }, L10n.MyItems.titleTooLong(60)),
      (.title, with { $0.title = "bell\u{7}" }, L10n.MyItems.controlCharacters),
      (.subtitle, with { $0.subtitle = String(repeating: "s", count: 121) }, L10n.MyItems.subtitleTooLong(120)),
      (.subtitle, with { $0.subtitle = "two\nlines" }, L10n.MyItems.controlCharacters),
      (.category, with { $0.category = "" }, L10n.MyItems.categoryEmpty),
      (.category, with { $0.category = String(repeating: "c", count: 31) }, L10n.MyItems.categoryTooLong(30)),
      (.category, with { $0.category = "\u{1b}[31m" }, L10n.MyItems.controlCharacters),
      (
        .description, with { $0.paragraphs = [String(repeating: "p", count: 1_001)] },
        L10n.MyItems.paragraphTooLong(1_000)
      ),
      (.description, with { $0.paragraphs = Array(repeating: "p", count: 21) }, L10n.MyItems.tooManyParagraphs(20)),
      (.description, with { $0.paragraphs = ["tab\tinside"] }, L10n.MyItems.controlCharacters),
    ] as [(MyItemDraft.Field, MyItemDraft, LocalizedText)]
  )
  func fieldRule(field: MyItemDraft.Field, draft: MyItemDraft, reason: LocalizedText) {
    #expect(draft.problems(isTaken: Self.noOne) == [field: reason])
    #expect(throws: AppError.invalidMyItem(reason: reason)) { try draft.item(isTaken: Self.noOne) }
  }

  @Test("What may be empty or as long as the limit is accepted")
  func limitsAreInclusive() {
    let draft = MyItemDraft(
      id: String(repeating: "a", count: 40), title: String(repeating: "t", count: 60),
      subtitle: String(repeating: "s", count: 120), category: String(repeating: "c", count: 30),
      paragraphs: Array(repeating: String(repeating: "p", count: 1_000), count: 20))
    #expect(draft.problems(isTaken: Self.noOne).isEmpty)
    let sparse = MyItemDraft(id: "a.b_c-1", title: "T", category: "C")
    #expect(sparse.problems(isTaken: Self.noOne).isEmpty)
  }

  /// One character of `bytes` UTF-8 bytes (at least 2, even): "é" and combining acute accents.
  private static func heavyCharacter(bytes: Int) -> String {
    "\u{E9}" + String(repeating: "\u{301}", count: bytes / 2 - 1)
  }

  @Test(
    "A field of few characters carrying huge ones is too long: each field's bound in characters is one in bytes too",
    arguments: [
      (.title, with { $0.title = "a" + String(repeating: "\u{E0100}", count: 1_500) }, L10n.MyItems.titleTooLong(60)),
      (.subtitle, with { $0.subtitle = heavyCharacter(bytes: 120 * 16 + 2) }, L10n.MyItems.subtitleTooLong(120)),
      (.category, with { $0.category = heavyCharacter(bytes: 30 * 16 + 2) }, L10n.MyItems.categoryTooLong(30)),
      (
        .description, with { $0.paragraphs = ["fine", heavyCharacter(bytes: 1_000 * 16 + 2)] },
        L10n.MyItems.paragraphTooLong(1_000)
      ),
    ] as [(MyItemDraft.Field, MyItemDraft, LocalizedText)]
  )
  func fieldBoundInBytes(field: MyItemDraft.Field, draft: MyItemDraft, reason: LocalizedText) {
    #expect(draft.problems(isTaken: Self.noOne) == [field: reason])
    #expect(throws: AppError.invalidMyItem(reason: reason)) { try draft.item(isTaken: Self.noOne) }
  }

  @Test("A field at its bound in bytes is accepted, one byte more is not")
  func byteBoundIsInclusive() {
    let atBound = String(repeating: Self.heavyCharacter(bytes: 16), count: 60)
    #expect(atBound.count == 60 && atBound.utf8.count == 60 * 16)
    #expect(Self.with { $0.title = atBound }.problems(isTaken: Self.noOne).isEmpty)
    let over = Self.with { $0.title = atBound + "\u{301}" }
    #expect(over.problems(isTaken: Self.noOne) == [.title: L10n.MyItems.titleTooLong(60)])
  }

  @Test("An id already used says whose it is: one of yours or the catalog's")
  func takenID() {
    let owners: [String: MyItemIDOwner] = ["mine": .mine("mine"), "swiftui": .catalog("swiftui")]
    let isTaken = { (id: String) in owners[id] }
    #expect(
      MyItemDraft(id: "mine", title: "T", category: "C").problems(isTaken: isTaken) == [
        .id: L10n.MyItems.idUsedByYours("mine")
      ])
    #expect(
      MyItemDraft(id: " swiftui ", title: "T", category: "C").problems(isTaken: isTaken)
        == [.id: L10n.MyItems.idUsedByCatalog("swiftui")])
  }

  @Test("Saving into a list appends a new item, replaces an edited one in place, and refuses an id taken by another")
  func savingIntoAList() throws {
    let first = try MyItemDraft(id: "one", title: "One", category: "C").saving(into: [], replacing: nil)
    let two = try MyItemDraft(id: "two", title: "Two", category: "C").saving(into: first, replacing: nil)
    #expect(two.map(\.id) == ["one", "two"])

    let renamed = try MyItemDraft(id: "uno", title: "Uno", category: "C").saving(into: two, replacing: two[0])
    #expect(renamed.map(\.id) == ["uno", "two"])
    // Editing an item keeps its own id without calling it taken.
    let retitled = try MyItemDraft(id: "two", title: "Deux", category: "C").saving(
      into: renamed, replacing: renamed[1])
    #expect(retitled.map(\.title) == ["Uno", "Deux"])

    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("two"))) {
      try MyItemDraft(id: "two", title: "Again", category: "C").saving(into: retitled, replacing: nil)
    }
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("two"))) {
      try MyItemDraft(id: "two", title: "Uno", category: "C").saving(into: retitled, replacing: retitled[0])
    }
  }

  @Test(
    "A new id that differs from one of yours only in letter case is refused, naming that id; your own item may change case"
  )
  func idsIgnoreCase() throws {
    let saved = try MyItemDraft(id: "field-notes", title: "Notes", category: "C").saving(into: [], replacing: nil)
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("field-notes"))) {
      try MyItemDraft(id: "Field-Notes", title: "Again", category: "C").saving(into: saved, replacing: nil)
    }
    let recased = try MyItemDraft(id: "Field-Notes", title: "Notes", category: "C").saving(
      into: saved, replacing: saved[0])
    #expect(recased.map(\.id) == ["Field-Notes"])
  }

  @Test("An edit of an item changed or deleted since it was read is refused; from what is saved now it saves")
  func savingOverAnotherChange() throws {
    let opened = try MyItemDraft(id: "one", title: "One", category: "C").saving(into: [], replacing: nil)[0]
    let changedElsewhere = try MyItemDraft(id: "one", title: "Changed", category: "C").saving(
      into: [opened], replacing: opened)
    let edit = MyItemDraft(id: "one", title: "One", subtitle: "Mine", category: "C")

    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.changedElsewhere("One"))) {
      try edit.saving(into: changedElsewhere, replacing: opened)
    }
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.deletedElsewhere("One"))) {
      try edit.saving(into: [], replacing: opened)
    }
    // Saving again from what is saved now replaces it deliberately; a deleted one comes back as new.
    #expect(try edit.saving(into: changedElsewhere, replacing: changedElsewhere[0]).map(\.subtitle) == ["Mine"])
    #expect(try edit.saving(into: [], replacing: nil).map(\.id) == ["one"])
  }

  @Test("A description splits into its paragraphs at blank lines")
  func paragraphs() {
    #expect(MyItemDraft.paragraphs(of: "One.\n\n  Two.\n\n\n\nThree.") == ["One.", "Two.", "Three."])
    #expect(MyItemDraft.paragraphs(of: "") == [])
  }
}
