import Foundation
import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Studio's My items tab and the form sheet that writes an item: snapshots in English, German
/// and the pseudo-locale at 80x24 and 40x12, the keys each takes, and the "yours" mark on the
/// lists and Detail.
@Suite("My items on screen", .serialized)
@MainActor
struct MyItemsScreenTests {
  nonisolated static let languages: [Language] = [.base, .de, .pseudo]

  /// Two items of yours, in the order they were written.
  nonisolated static let ownItems = [
    FeaturedItem(
      id: "notes", title: "Field notes", subtitle: "What I saw on the way", category: "Journal",
      description: "First paragraph.\n\nSecond paragraph.", isFeatured: false),
    FeaturedItem(
      id: "reading-list", title: "Reading list", subtitle: "Books for the winter", category: "Books",
      description: "", isFeatured: false),
  ]

  /// A paragraph that wraps to several lines in the form's box, at 80 columns and at 40.
  nonisolated static let longParagraph = (1...24).map { "word\($0)" }.joined(separator: " ")

  /// An item of yours whose description is ``longParagraph`` and a short one.
  nonisolated static let longItem = FeaturedItem(
    id: "long", title: "Long", subtitle: "", category: "Journal", description: longParagraph + "\n\nShort.",
    isFeatured: false)

  /// My items over `items`, after the catalog loaded; `savesChanges` `false` plays a guest.
  private static func myItemsShowing(
    _ items: [FeaturedItem], savesChanges: Bool = true
  ) async throws -> (ScreenHarness, MyItemsStore) {
    let harness = ScreenHarness(strings: Localizer(language: ScreenHarness.language))
    try await harness.loadCatalog()
    let store = try await harness.myItemsStore(items: items, savesChanges: savesChanges)
    let model = harness.myItemsViewModel(store: store)
    harness.show(MyItemsScreen(viewModel: model, strings: harness.strings), on: .myItems)
    return (harness, store)
  }

  /// My items over `items` in `language`.
  private static func myItemsShowing(
    _ items: [FeaturedItem], in language: Language
  ) async throws -> (ScreenHarness, MyItemsStore) {
    try await ScreenHarness.$language.withValue(language) { try await myItemsShowing(items) }
  }

  @Test("The list: a count, each item marked as yours", arguments: languages, TerminalSize.snapshotSizes)
  func listSnapshot(language: Language, size: TerminalSize) async throws {
    let (harness, _) = try await Self.myItemsShowing(Self.ownItems, in: language)
    expectSnapshot(of: harness, size: size, named: "MyItems/\(language)/list")
  }

  @Test("The hints offer f, which marks a favorite here as help says; at 40 columns whole groups give way")
  func hintsOfferFavorite() async throws {
    let (harness, _) = try await Self.myItemsShowing(Self.ownItems)
    #expect(harness.frame(.standard).line(23).contains("f favorite"))
    let narrow = harness.frame(TerminalSize(columns: 40, rows: 12)).line(11)
    #expect(narrow.contains("? help") && !narrow.contains("f fav…"), "\(narrow)")
  }

  @Test(
    "Empty, as a guest: the items are not saved, and n writes one", arguments: languages, TerminalSize.snapshotSizes)
  func emptySnapshot(language: Language, size: TerminalSize) async throws {
    let (harness, _) = try await ScreenHarness.$language.withValue(language) {
      try await Self.myItemsShowing([], savesChanges: false)
    }
    expectSnapshot(of: harness, size: size, named: "MyItems/\(language)/empty-guest")
  }

  @Test(
    "Empty, at 40x12, in English and German, signed in or a guest: every word of the note, the notice and the hint shows, none cut",
    arguments: [Language.base, .de], [true, false])
  func emptyStateWrapsWhole(language: Language, savesChanges: Bool) async throws {
    let (harness, _) = try await ScreenHarness.$language.withValue(language) {
      try await Self.myItemsShowing([], savesChanges: savesChanges)
    }
    let size = TerminalSize(columns: 40, rows: 12)
    let body = RootView.body(of: size)
    let frame = harness.frame(size)
    let shown = (body.row..<(body.row + body.height)).map { frame.line($0).trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
    var texts = [L10n.MyItems.empty, L10n.MyItems.emptyHint].map { harness.strings($0) }
    if !savesChanges { texts.insert(harness.strings(L10n.MyItems.guestNote), at: 0) }
    #expect(shown == texts.joined(separator: " "), "\(frame.plainText)")
  }

  @Test("The form, new and untouched", arguments: languages, TerminalSize.snapshotSizes)
  func emptyFormSnapshot(language: Language, size: TerminalSize) async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems, in: language)
    harness.present(harness.myItemFormSheet(store: store))
    expectSnapshot(of: harness, size: size, named: "MyItems/\(language)/form-new")
  }

  @Test(
    "The form after a refused save: each refused field says why, the focused one in full",
    arguments: languages, TerminalSize.snapshotSizes)
  func refusedFormSnapshot(language: Language, size: TerminalSize) async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems, in: language)
    harness.present(harness.myItemFormSheet(store: store))
    harness.type("notes")
    harness.press(.tab)
    harness.type("Garden")
    harness.press(.ctrl("s"))
    expectSnapshot(of: harness, size: size, named: "MyItems/\(language)/form-refused")
  }

  @Test(
    "At 40x12, with links waiting, a refused save still says why; the notice shows its first line under it",
    arguments: languages)
  func refusedWithLinksWaiting(language: Language) async throws {
    let size = TerminalSize(columns: 40, rows: 12)
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems, in: language)
    harness.present(harness.myItemFormSheet(store: store))
    harness.navigator.sheetNotice = L10n.Sheet.linksWaiting(3)
    harness.press(.enter)

    #expect(harness.navigator.sheet != nil)
    let lines = harness.frame(size).plainText.split(separator: "\n")
    let reason = harness.strings(L10n.MyItems.idEmpty)
    let reasonRow = try #require(lines.firstIndex { $0.contains(reason) }, "\(lines.joined(separator: "\n"))")
    let notice = harness.strings(L10n.Sheet.linksWaiting(3))
    let firstLine = try #require(TextWrap.lines(notice, width: size.columns - 4).first)
    let noticeRow = try #require(lines.firstIndex { $0.contains(firstLine) }, "\(lines.joined(separator: "\n"))")
    #expect(reasonRow < noticeRow)
  }

  @Test(
    "The hints name f for what it does to the selected item: unfavorite on a favorite, favorite otherwise",
    arguments: [(Language.en, "f favorite", "f unfavorite"), (.de, "f Favorit", "f Favorit aus")])
  func favoriteHintSaysWhatFDoes(language: Language, favorite: String, unfavorite: String) async throws {
    let (harness, _) = try await Self.myItemsShowing(Self.ownItems, in: language)
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.favorites.favoriteIDs == ["notes"])
    #expect(harness.hint(for: "f") == unfavorite)
    harness.press(.down)
    #expect(harness.hint(for: "f") == favorite)
    harness.press(.up)
    #expect(harness.hint(for: "f") == unfavorite)
  }

  @Test("n writes a new item, e and Enter edit the selected one, d and Delete ask to delete it")
  func listKeys() async throws {
    let (harness, _) = try await Self.myItemsShowing(Self.ownItems)
    harness.press(.char("n"), .down, .char("e"), .enter, .char("d"), .up, .delete)
    #expect(harness.coordinator.shownForms == [nil, "reading-list", "reading-list"])
    #expect(harness.coordinator.deleteQuestions.map(\.id) == ["reading-list", "notes"])
  }

  @Test("Empty, the screen says how to write an item, and only n does anything")
  func emptyState() async throws {
    let (harness, _) = try await Self.myItemsShowing([])
    let text = harness.frame(.standard).plainText
    #expect(text.contains("You have no items of your own yet."))
    #expect(text.contains("Press n to write one"))
    #expect(!text.contains("not saved"))
    harness.press(.char("e"), .char("d"), .enter)
    #expect(harness.coordinator.shownForms.isEmpty && harness.coordinator.deleteQuestions.isEmpty)
    harness.press(.char("n"))
    #expect(harness.coordinator.shownForms == [nil])
  }

  @Test("Help lists the tab's keys from its table")
  func help() async throws {
    let (harness, _) = try await Self.myItemsShowing(Self.ownItems)
    harness.press(.char("?"))
    let text = harness.frame(TerminalSize(columns: 80, rows: 40)).plainText
    for line in [
      "Your items", "n", "write a new item", "e Enter", "edit the item", "d Delete", "delete the item (asks first)",
    ] {
      #expect(text.contains(line), "help lacks \(line)")
    }
  }

  @Test("Typing fills the form; Tab and Shift-Tab move; Enter in the description starts a paragraph; Ctrl-S saves")
  func formWritesAnItem() async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    harness.type("garden")
    harness.press(.tab)
    harness.type("Garden log")
    harness.press(.tab, .backTab, .tab)
    harness.press(.paste("Beds\nand rows"))
    harness.press(.tab)
    harness.type("Outdoors")
    harness.press(.tab)
    harness.type("Sowed peas.")
    harness.press(.enter)
    harness.type("Watered.")
    #expect(harness.navigator.sheet != nil)
    harness.press(.ctrl("s"))
    // The sheet closes once the item is saved.
    try await harness.settle()
    #expect(harness.navigator.sheet == nil)
    let item = try #require(harness.catalog.item(withID: "garden"))
    #expect(harness.catalog.isOwn("garden"))
    #expect(item.title == "Garden log")
    #expect(item.subtitle == "Beds and rows")
    #expect(item.category == "Outdoors")
    #expect(item.description == "Sowed peas.\n\nWatered.")
  }

  @Test(
    "The footer offers Enter to save in a one-line field, and Ctrl-S in the description, where Enter starts a paragraph"
  )
  func footerFollowsTheField() async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    #expect(harness.frame(.standard).plainText.contains("⏎ save  Tab next field"))
    harness.press(.tab, .tab, .tab, .tab)
    let text = harness.frame(.standard).plainText
    #expect(text.contains("Ctrl-S save  ⏎ new paragraph  Tab next field"))
    #expect(!text.contains("⏎ save"))
  }

  @Test("In the category ↑/↓ choose a known category; elsewhere they move between fields")
  func categoryChoice() async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    harness.press(.down, .down, .down)
    #expect(harness.frame(.standard).plainText.contains("known categories"))
    harness.press(.down)
    let categories = Set(CatalogFixtures.items.map(\.category)).sorted { $0.lowercased() < $1.lowercased() }
    let first = try #require(categories.first)
    #expect(harness.frame(.standard).plainText.contains("│ \(first)"))
    harness.press(.down, .up)
    #expect(harness.frame(.standard).plainText.contains("│ \(first)"))
  }

  @Test("At 40x12 each field takes one line and a refused one's label shows the error, its reason below")
  func compactForm() async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems)
    harness.present(harness.myItemFormSheet(store: store))
    harness.type("notes")
    harness.press(.enter)
    let small = TerminalSize(columns: 40, rows: 12)
    let text = harness.frame(small).plainText
    #expect(text.contains("One of your items"))
    #expect(harness.navigator.sheet != nil)
    harness.press(.escape, .escape)
    #expect(harness.navigator.sheet == nil)
    try await harness.settle()
    #expect(harness.catalog.item(withID: "notes") == Self.ownItems[0])
  }

  @Test("At the most paragraphs the description's hints offer no new paragraph, which Enter would refuse")
  func noNewParagraphHintAtTheLimit() async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    harness.press(.backTab)
    harness.type("p")
    for _ in 1..<(MyItemDraft.paragraphCountLimit - 1) {
      harness.press(.enter)
      harness.type("p")
    }
    let before = harness.frame(.standard).plainText
    #expect(before.contains("Ctrl-S save  ⏎ new paragraph  Tab next field"))
    #expect(before.contains("⏎ new paragraph  ↑↓ lines"))
    harness.press(.enter)
    harness.type("p")
    let text = harness.frame(.standard).plainText
    #expect(text.contains("¶ 20/20"))
    #expect(!text.contains("new paragraph"), "\(text)")
    #expect(text.contains("Ctrl-S save  Tab next field  Esc cancel"))
  }

  @Test(
    "A paste into the description keeps its paragraphs: blank lines separate them, a hard wrap between joins",
    arguments: TerminalSize.snapshotSizes)
  func pastedParagraphs(size: TerminalSize) async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    harness.press(.backTab, .paste("P1 line\n\nP2\r\nP3\u{1B}[2J"))
    let text = harness.frame(.standard).plainText
    #expect(text.contains("Description  ¶ 2/2"))
    for line in ["│ P1 line", "│ P2 P3▏"] {
      #expect(text.contains(line), "the form lacks \(line)")
    }
    expectSnapshot(of: harness, size: size, named: "MyItems/form-pasted")
  }

  @Test(
    "A long paragraph wraps in the box, edited or not, nothing cut, the cursor where it stands",
    arguments: TerminalSize.snapshotSizes)
  func wrappedParagraphs(size: TerminalSize) async throws {
    let (long, item) = (Self.longParagraph, Self.longItem)
    let (harness, store) = try await Self.myItemsShowing([item])
    harness.present(harness.myItemFormSheet(store: store, editing: "long"))
    // The text inside the box from the line after the description's label to the blank line.
    func descriptionLines() -> [String] {
      let contents = harness.frame(.standard).plainText.split(separator: "\n").map { line in
        let parts = line.split(separator: "│", omittingEmptySubsequences: false)
        return parts.count >= 3 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
      }
      let label = contents.firstIndex { $0.hasPrefix("Description") } ?? contents.count
      return Array(contents.dropFirst(label + 1).prefix { !$0.isEmpty })
    }
    #expect(descriptionLines().joined(separator: " ") == long + " Short.")
    harness.press(.backTab)
    #expect(descriptionLines().joined(separator: " ") == long + "▏ Short.")
    harness.press(.home)
    #expect(descriptionLines().joined(separator: " ") == "▏" + long + " Short.")
    expectSnapshot(of: harness, size: size, named: "MyItems/form-wrapped")
  }

  @Test(
    "Edited, a description longer than its window says which of its lines show beside its label; one that fits does not",
    arguments: [TerminalSize.standard, TerminalSize(columns: 40, rows: 24)])
  func descriptionWindowPosition(size: TerminalSize) async throws {
    let long = FeaturedItem(
      id: "long", title: "Long", subtitle: "", category: "Journal",
      description: (1...12).map { "Paragraph \($0)." }.joined(separator: "\n\n"), isFeatured: false)
    let (harness, store) = try await Self.myItemsShowing([long, Self.ownItems[0]])
    harness.rootView.terminalSize = size
    harness.present(harness.myItemFormSheet(store: store, editing: "long"))
    /// The description's label row, inside the box.
    func label() -> String {
      Self.boxRows(harness.frame(size).plainText).first { $0.contains("Description") }?
        .trimmingCharacters(in: .whitespaces) ?? ""
    }
    #expect(label() == "Description", "not edited: the last line shown ends in …")
    // Into the description (Shift-Tab from the id), in its first paragraph.
    harness.press(.backTab)
    #expect(label() == "Description  ¶ 1/12  lines 1–5/12")
    harness.press(.down, .down, .down, .down, .down, .down, .down, .down, .down, .down, .down)
    #expect(label() == "Description  ¶ 12/12  lines 8–12/12")
    #expect(Self.descriptionRows(harness, size: size).first?.hasPrefix("Paragraph 8.") == true)
    harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
    harness.press(.backTab)
    #expect(label() == "Description  ¶ 1/2")
  }

  /// The rows inside the sheet's box, between its top and bottom borders.
  private static func boxRows(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    guard let top = lines.firstIndex(where: { $0.contains("┌") }),
      let bottom = lines.firstIndex(where: { $0.contains("└") }), let left = lines[top].firstIndex(of: "┌"),
      let right = lines[top].lastIndex(of: "┐")
    else { return [] }
    return lines[(top + 1)..<bottom].map { String($0[(left + 1)..<min(right, $0.count)]) }
  }

  /// The description's rows in the full layout, without the box's margin: from the row after its
  /// label to the blank row after them.
  private static func descriptionRows(_ harness: ScreenHarness, size: TerminalSize) -> [String] {
    let rows = boxRows(harness.frame(size).plainText).map { String($0.dropFirst()) }
    guard let label = rows.firstIndex(where: { $0.hasPrefix("Description") }) else { return [] }
    return Array(rows[(label + 1)...].prefix { !$0.allSatisfy { $0 == " " } })
  }

  /// Where the cursor shows among `rows`: the row, and the characters before it there.
  private static func cursor(in rows: [String]) -> (row: Int, column: Int)? {
    for (index, row) in rows.enumerated() {
      if let bar = row.firstIndex(of: Character(TextField.cursor)) {
        return (index, row.distance(from: row.startIndex, to: bar))
      }
    }
    return nil
  }

  @Test(
    "↑/↓ in the description go one wrapped line, keeping the column; past a paragraph's first or last line to the one before or after; past the ends out",
    arguments: [TerminalSize.standard, TerminalSize(columns: 40, rows: 24)])
  func arrowsMoveByWrappedLine(size: TerminalSize) async throws {
    let (long, item) = (Self.longParagraph, Self.longItem)
    let (harness, store) = try await Self.myItemsShowing([item])
    harness.rootView.terminalSize = size
    let sheet = harness.myItemFormSheet(store: store, editing: "long")
    harness.present(sheet)
    let wrapped = DescriptionLine.lines(
      of: long, paragraph: 0, cursor: nil, width: RootView.contentArea(of: sheet, size: size).width
    ).map(\.text)
    #expect(wrapped.count >= 3)
    /// The line the cursor is on, without it, and the characters before it there.
    func cursorLine() -> (text: String, column: Int)? {
      let rows = Self.descriptionRows(harness, size: size)
      guard let place = Self.cursor(in: rows) else { return nil }
      let text = rows[place.row].replacingOccurrences(of: TextField.cursor, with: "")
      return (String(text.reversed().drop { $0 == " " }.reversed()), place.column)
    }
    harness.press(.backTab, .home, .up)
    #expect(harness.frame(size).plainText.contains("↑↓ choose"), "↑ from the first line leaves")
    // (↓ in the category steps through the categories: Tab goes back.)
    harness.press(.tab, .right, .right, .right)
    #expect(cursorLine() ?? ("", -1) == (wrapped[0], 3))
    // Down through the long paragraph's lines, the column kept; the form learns the line, for
    // the screen reader to say.
    let form = try #require(sheet.boundViewModel as? MyItemFormViewModel)
    for line in 1..<wrapped.count {
      harness.press(.down)
      #expect(cursorLine() ?? ("", -1) == (wrapped[line], 3), "line \(line)")
      #expect(form.cursorLine.map { String(Array(long)[$0]) } == wrapped[line], "line \(line)")
      #expect(harness.frame(size).plainText.contains("¶ 1/2"))
    }
    // Below its last line the next paragraph, at the same column, and back.
    harness.press(.down)
    #expect(harness.frame(size).plainText.contains("¶ 2/2"))
    #expect(cursorLine() ?? ("", -1) == ("Short.", 3))
    harness.press(.up)
    #expect(cursorLine() ?? ("", -1) == (wrapped[wrapped.count - 1], 3))
    #expect(harness.frame(size).plainText.contains("¶ 1/2"))
    harness.press(.down, .end, .down)
    #expect(harness.frame(size).plainText.contains("Letters, digits"), "↓ from the last line leaves for the id")
    #expect(harness.navigator.sheet != nil)
    try await harness.settle()
    #expect(harness.catalog.item(withID: "long")?.description == item.description, "moving changed nothing")
  }

  @Test("Where the form shows one line a field, ↑/↓ go from paragraph to paragraph, keeping the column")
  func arrowsInCompactForm() async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems)
    let size = TerminalSize(columns: 40, rows: 12)
    harness.rootView.terminalSize = size
    harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
    harness.press(.backTab, .home, .right, .right, .down)
    #expect(harness.frame(size).plainText.contains("Se▏cond paragraph."))
    harness.press(.up)
    #expect(harness.frame(size).plainText.contains("Fi▏rst paragraph."))
    harness.press(.up)
    #expect(harness.frame(size).plainText.contains("↑↓ choose"))
  }

  @Test(
    "Where the form shows one line a field, the description's line says which paragraph it shows: Ctrl-U on the first leaves ¶ 1/2, not what looks like an empty description"
  )
  func paragraphPositionInCompactForm() async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems)
    let size = TerminalSize(columns: 40, rows: 12)
    harness.rootView.terminalSize = size
    harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
    harness.press(.backTab, .end, .ctrl("u"))
    let line = try #require(harness.frame(size).plainText.split(separator: "\n").first { $0.contains("¶") })
    #expect(line.contains("¶ 1/2"), "\(harness.frame(size).plainText)")
    harness.press(.down)
    #expect(harness.frame(size).plainText.contains("¶ 2/2"))
    // One paragraph: nothing to place it among.
    harness.press(.escape, .escape)
    harness.present(harness.myItemFormSheet(store: store))
    harness.press(.backTab)
    harness.type("only")
    #expect(!harness.frame(size).plainText.contains("¶"))
  }

  @Test("Enter at the paragraph limit makes none and says the limit below the fields")
  func enterAtParagraphLimit() async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    harness.press(.backTab, .paste((1...20).map { "Paragraph \($0)" }.joined(separator: "\n\n")))
    #expect(harness.frame(.standard).plainText.contains("¶ 20/20"))
    harness.press(.enter)
    let text = harness.frame(.standard).plainText
    #expect(text.contains("¶ 20/20"))
    #expect(text.contains("No new paragraph: a description has at most 20 paragraphs"))
  }

  /// The blank rows at the bottom of the box.
  private static func trailingBlankRows(_ rows: [String]) -> Int {
    rows.reversed().prefix { $0.allSatisfy { $0 == " " } }.count
  }

  @Test(
    "The form keeps its layout as the description grows, and its box is as tall as what it draws",
    arguments: [14, 15, 16, 17, 18, 19, 20, 24].map { TerminalSize(columns: 80, rows: $0) } + [
      TerminalSize(columns: 50, rows: 16), TerminalSize(columns: 40, rows: 12),
    ])
  func layoutFollowsTheRoom(size: TerminalSize) async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    // The full layout takes two rows a field; the compact one, one.
    func isFull() -> Bool {
      Self.boxRows(harness.frame(size).plainText).count > 2 * MyItemFormViewModel.Field.allCases.count
    }
    let full = isFull()
    #expect(full == (size.rows >= 17), "the full layout wherever a line of the description fits")
    // At most the note's second line is blank.
    #expect(Self.trailingBlankRows(Self.boxRows(harness.frame(size).plainText)) <= 1)
    harness.press(.backTab)
    // The note's rows are kept for the longest hint, so a shorter one leaves some blank: as many
    // as the description's hint leaves, however much it holds.
    let blank = Self.trailingBlankRows(Self.boxRows(harness.frame(size).plainText))
    for word in ["one", "two", "three", "four", "five", "six"] {
      if word != "one" { harness.press(.enter) }
      harness.type(word)
      #expect(isFull() == full, "after \(word)")
      let rows = Self.boxRows(harness.frame(size).plainText)
      #expect(Self.trailingBlankRows(rows) == blank, "after \(word): \(rows)")
    }
    harness.press(.tab)
    #expect(isFull() == full)
  }

  @Test("Left, the description shows from its start, a cut marked with …, and no paragraph number")
  func unfocusedDescription() async throws {
    let long = (1...24).map { "word\($0)" }.joined(separator: " ")
    let item = FeaturedItem(
      id: "long", title: "Long", subtitle: "", category: "Journal",
      description: ["First.", long, "Third.", "Last."].joined(separator: "\n\n"), isFeatured: false)
    let (harness, store) = try await Self.myItemsShowing([item])
    harness.present(harness.myItemFormSheet(store: store, editing: "long"))
    harness.press(.backTab)
    // ↓ goes line by line, through the long paragraph's wrapped lines too.
    for _ in 0..<20 where !harness.frame(.standard).plainText.contains("Description  ¶ 4/4") {
      harness.press(.down)
    }
    #expect(harness.frame(.standard).plainText.contains("Description  ¶ 4/4"))
    harness.press(.tab)
    let rows = Self.boxRows(harness.frame(.standard).plainText).map { $0.trimmingCharacters(in: .whitespaces) }
    let label = try #require(rows.firstIndex(of: "Description"))
    #expect(rows[label + 1] == "First.")
    let shown = rows[(label + 1)...].prefix { !$0.isEmpty }
    #expect(shown.count == 5)
    #expect(shown.last?.hasSuffix("…") == true)
    #expect(!rows.contains { $0.contains("Last.") })
  }

  @Test("A paste the description cannot take is refused whole, the reason below the fields")
  func pasteRefused() async throws {
    let (harness, store) = try await Self.myItemsShowing([])
    harness.present(harness.myItemFormSheet(store: store))
    harness.press(.backTab, .paste((1...21).map { "Paragraph \($0)" }.joined(separator: "\n\n")))
    let text = harness.frame(.standard).plainText
    #expect(text.contains("Not pasted: it would make 21 paragraphs"))
    #expect(!text.contains("Paragraph 1"))
  }

  @Test(
    "Esc on a changed form only asks, below the fields; a second Esc discards it, another key keeps editing",
    arguments: languages, TerminalSize.snapshotSizes)
  func escapeAsks(language: Language, size: TerminalSize) async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems, in: language)
    harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
    harness.press(.escape)
    #expect(harness.navigator.sheet == nil, "unchanged, it closes at once")
    harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
    harness.press(.tab)
    harness.type(" and more")
    harness.press(.escape)
    #expect(harness.navigator.sheet != nil)
    // The footer agrees with the question: the next Esc discards, it does not just cancel.
    #expect(harness.frame(.standard).line(23).contains(harness.strings(L10n.MyItems.formHintsDiscard)))
    expectSnapshot(of: harness, size: size, named: "MyItems/\(language)/form-discard")
    harness.press(.right)
    #expect(harness.frame(.standard).line(23).contains(harness.strings(L10n.MyItems.formHints)))
    harness.press(.escape)
    #expect(harness.navigator.sheet != nil, "a key between the two ends the question")
    // So does a key that means nothing here, and opening help.
    for key in [Key.pageDown, .function(5), .ctrl("t"), .insert, .function(1)] {
      harness.press(key)
      if harness.rootView.isShowingHelp { harness.press(.escape) }
      harness.press(.escape)
      #expect(harness.navigator.sheet != nil, "\(key) between the two ends the question")
    }
    harness.press(.escape)
    #expect(harness.navigator.sheet == nil)
    try await harness.settle()
    #expect(harness.catalog.item(withID: "notes") == Self.ownItems[0])
  }

  @Test("↑ on the first paragraph goes back to the category and ↓ on the last on to the id")
  func arrowsLeaveTheDescription() async throws {
    let (harness, store) = try await Self.myItemsShowing(Self.ownItems)
    harness.present(harness.myItemFormSheet(store: store, editing: "notes"))
    harness.press(.backTab, .down, .up)
    #expect(harness.frame(.standard).plainText.contains("Description  ¶ 1/2"))
    harness.press(.up)
    #expect(harness.frame(.standard).plainText.contains("known categories"))
    harness.press(.tab, .down, .down)
    #expect(harness.frame(.standard).plainText.contains("Letters, digits"))
  }

  @Test("An item of yours without a subtitle is marked yours alone, with no separator after it")
  func yoursWithoutSubtitle() async throws {
    let harness = ScreenHarness()
    try await harness.loadCatalog()
    let bare = FeaturedItem(
      id: "bare", title: "Bare", subtitle: "", category: "Journal", description: "", isFeatured: false)
    _ = try await harness.myItemsStore(items: [bare])
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    let row = harness.frame(.standard).plainText.split(separator: "\n").first { $0.contains("Bare") } ?? ""
    #expect(row.hasSuffix("yours"))
    #expect(!row.contains("·"))
  }

  @Test("Home, Search and Favorites rows say yours; Detail says it is one of your items")
  func yoursMark() async throws {
    let harness = ScreenHarness(favorites: ["notes"])
    try await harness.loadCatalog()
    _ = try await harness.myItemsStore(items: Self.ownItems)
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    var text = harness.frame(.standard).plainText
    func row(_ title: String) -> String {
      text.split(separator: "\n").first { $0.contains(title) }.map(String.init) ?? ""
    }
    #expect(row("Field notes").contains("yours · What I saw on the way"))
    #expect(row("Declarative user interfaces").contains("SwiftUI"))
    #expect(!row("Declarative user interfaces").contains("yours"))
    harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
    #expect(harness.frame(.standard).plainText.contains("yours · What I saw on the way"))
    let search = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: search, strings: harness.strings), on: .search)
    await search.search(for: "reading")
    try await harness.settle()
    #expect(harness.frame(.standard).plainText.contains("yours · Books for the winter"))
    harness.show(
      DetailScreen(viewModel: harness.detailViewModel(Self.ownItems[0]), strings: harness.strings), on: .home)
    text = harness.frame(.standard).plainText
    #expect(text.contains("Category: Journal · One of your items"))
    harness.show(
      DetailScreen(viewModel: harness.detailViewModel(CatalogFixtures.item("swiftui")), strings: harness.strings),
      on: .home)
    #expect(!harness.frame(.standard).plainText.contains("One of your items"))
  }
}
