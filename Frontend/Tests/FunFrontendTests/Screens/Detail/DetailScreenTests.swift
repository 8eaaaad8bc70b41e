import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("DetailScreen")
@MainActor
struct DetailScreenTests {
  private func showDetail(_ harness: ScreenHarness, _ id: String) -> DetailViewModel {
    let item = CatalogFixtures.item(id)
    let model = harness.detailViewModel(item)
    harness.show(DetailScreen(viewModel: model, strings: harness.strings), on: .home, trail: ["Home", item.title])
    return model
  }

  @Test("Detail shows an item that is not a favorite", arguments: TerminalSize.snapshotSizes)
  func notFavorite(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    try await harness.settle()
    _ = showDetail(harness, "concurrency")
    let frame = harness.frame(size)
    #expect(frame.line(1) == " Home › Swift Concurrency")
    #expect(frame.plainText.contains("☆ Not a favorite"))
    #expect(frame.plainText.contains("funapp://item/concurrency"))
    expectSnapshot(of: harness, size: frame.size, named: "Detail/not-favorite")
  }

  @Test("Until the favorites are read, Detail says nothing of its item's favorite state; then it says it")
  func favoriteStateWaitsForTheRead() async throws {
    // A link can open an item before the profile's favorites.json has been read.
    let harness = ScreenHarness(favorites: ["concurrency"])
    _ = showDetail(harness, "concurrency")
    let before = harness.frame(.standard)
    #expect(!before.plainText.contains("Not a favorite") && !before.plainText.contains("In your favorites"))
    #expect(before.line(20).trimmingCharacters(in: .whitespaces).isEmpty, "\(before.plainText)")
    try await harness.settle()
    #expect(harness.frame(.standard).line(20) == " ★ In your favorites")
  }

  @Test(
    "\"Not a favorite\" is neutral secondary text, never the favorite's or a warning's colour; a favorite's words are body text",
    arguments: ThemeCase.all
  )
  func favoriteStateStyles(themeCase: ThemeCase) async throws {
    let theme = themeCase.theme
    let harness = ScreenHarness(favorites: ["swiftpm"])
    // The favorites are read in a task, as the app's are.
    try await harness.settle()
    harness.theme = theme
    _ = showDetail(harness, "concurrency")
    let frame = harness.frame(.standard)
    let row = 20
    #expect(frame.line(row) == " ☆ Not a favorite")
    let notFavorite = (1..<17).compactMap { frame.cell(at: Point(column: $0, row: row))?.style }
    #expect(Set(notFavorite) == [theme.dim.painted(over: theme.text)])
    for warning in [theme.favoriteStar, theme.toastError, theme.accent] where warning != theme.dim {
      #expect(!notFavorite.contains(warning.painted(over: theme.text)))
    }

    _ = showDetail(harness, "swiftpm")
    let favorite = harness.frame(.standard)
    #expect(favorite.line(row) == " ★ In your favorites")
    #expect(favorite.cell(at: Point(column: 1, row: row))?.style == theme.favoriteStar.painted(over: theme.text))
    #expect((3..<20).allSatisfy { favorite.cell(at: Point(column: $0, row: row))?.style == theme.text })
  }

  @Test("At 40x12 the subtitle and the category lead the scrolled text, whole; at least 4 lines of it show")
  func compactAtMinimumSize() async throws {
    let harness = ScreenHarness()
    try await harness.settle()
    let item = FeaturedItem(
      id: "long", title: "Long read", subtitle: "Many words", category: "Tools",
      description: (1...60).map { "word\($0)" }.joined(separator: " "), isFeatured: true)
    harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
    let frame = harness.frame(TerminalSize(columns: 40, rows: 12))
    let lines = descriptionLines(in: frame, title: "Long read")
    #expect(lines.count >= 4)
    #expect(Array(lines.prefix(2)) == ["Many words", "Category: Tools · Featured"])
    #expect(lines.dropFirst(2).first?.hasPrefix("word1 word2") == true)
    #expect(frame.line(3) == " Long read")
    #expect(frame.line(8).hasPrefix(" ☆ Not a favorite "))
    // The position beside the favorite state: the subtitle's line no longer holds it.
    #expect(frame.line(8).contains("lines 1–4/"))
    #expect(frame.plainText.contains("funapp://item/long"))
    #expect(harness.frame(.standard).plainText.contains("Category: Tools · Featured"))
  }

  @Test("At 40x12 a long title shows whole, wrapped; the position and the scroll hint show while the text scrolls")
  func longTitleAndScrollMarksAtMinimumSize() async throws {
    let harness = ScreenHarness()
    try await harness.settle()
    let item = FeaturedItem(
      id: "long-title", title: "A title far too long for the title line of a small terminal",
      subtitle: "A subtitle that is long as well, longer than its line", category: "Tools",
      description: (1...60).map { "word\($0)" }.joined(separator: " "), isFeatured: false)
    harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
    let frame = harness.frame(TerminalSize(columns: 40, rows: 12))
    let body = (3..<10).map { frame.line($0) }
    #expect(body[0] == " A title far too long for the title")
    #expect(body[1] == " line of a small terminal")
    // The subtitle is wrapped, not cut: nothing is lost to make room for the position.
    #expect(body[2].hasPrefix(" A subtitle that is long as well, "))
    #expect(body[3].hasPrefix(" longer than its line "))
    #expect(body[5].hasPrefix(" ☆ Not a favorite "))
    #expect(body[5].hasSuffix("lines 1–3/15"))
    #expect(frame.line(11).hasPrefix(" Esc back  ↑↓ scroll"))
  }

  @Test(
    "At 40x12 a title longer than two lines takes two and goes on as the scrolled text's first lines, in the title's style, once"
  )
  func longerTitleCutAtMinimumSize() async throws {
    let harness = ScreenHarness()
    try await harness.settle()
    let title = "A remarkably long title that wraps over three lines at forty columns for sure"
    let item = FeaturedItem(
      id: "longer-title", title: title, subtitle: "Sub", category: "Tools",
      description: (1...60).map { "word\($0)" }.joined(separator: " "), isFeatured: false)
    harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
    let frame = harness.frame(TerminalSize(columns: 40, rows: 12))
    let body = (3..<10).map { frame.line($0) }
    #expect(body[0] == " A remarkably long title that wraps")
    #expect(body[1] == " over three lines at forty columns")
    // The text's three rows: the title's rest first, in the title's style, then the subtitle.
    #expect(body[2].hasPrefix(" for sure "))
    #expect(frame.cell(at: Point(column: 1, row: 5))?.style == harness.theme.title)
    #expect(body[3].hasPrefix(" Sub "))
    #expect(frame.cell(at: Point(column: 1, row: 6))?.style != harness.theme.title)
    #expect(body[4].hasPrefix(" Category: Tools "))
    #expect(body[5].hasPrefix(" ☆ Not a favorite "))
    #expect(!body.joined().contains("…"), "nothing is cut")
    // Scrolled on, the text under the title reads on, and the header says the title goes on.
    harness.press(.down, .down, .down)
    let scrolled = harness.frame(TerminalSize(columns: 40, rows: 12))
    #expect(scrolled.line(5).hasPrefix(" word1 "))
    #expect(scrolled.line(4) == " over three lines at forty columns…")
  }

  @Test(
    "At 40x12 a position too wide for the favorite state's row shows its first line alone, the state's words giving way if they must"
  )
  func widePositionShortened() async throws {
    let harness = ScreenHarness()
    try await harness.settle()
    let item = FeaturedItem(
      id: "many-lines", title: "Many lines", subtitle: "Sub", category: "Tools",
      description: (1...10_000).map(String.init).joined(separator: "\n"), isFeatured: false)
    harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
    let size = TerminalSize(columns: 40, rows: 12)
    harness.rootView.terminalSize = size
    harness.press(.end)
    // The body is 38 columns: "lines 9,999–10,002/10,002" is too wide beside "☆ Not a favorite".
    let notFavorite = harness.frame(size).line(8)
    #expect(
      notFavorite.hasPrefix(" ☆ Not a favorite ") && notFavorite.hasSuffix(" 9,999/10,002"), "\(notFavorite)")
    harness.press(.char("f"))
    try await harness.settle()
    let favorite = harness.frame(size).line(8)
    #expect(favorite.hasPrefix(" ★ In your favorites ") && favorite.hasSuffix(" 9,999/10,002"), "\(favorite)")
    // Where even that does not fit beside the state (the pseudo-locale's longer words), the
    // words give way, the star kept.
    harness.show(
      DetailScreen(viewModel: harness.detailViewModel(item), strings: Localizer(language: .pseudo)), on: .home)
    harness.press(.end)
    let long = harness.frame(size).line(8)
    #expect(long.hasPrefix(" ★ ⟦") && long.contains("…") && long.hasSuffix(" ⟦9,999/10,002⟧"), "\(long)")
  }

  @Test("The hints offer the scroll keys only at a size where the description is longer than its room")
  func scrollHintOnlyWhenItScrolls() {
    let harness = showLongRead()
    let small = harness.frame(TerminalSize(columns: 40, rows: 12))
    #expect(small.plainText.contains("lines 1–4/8"))
    #expect(small.line(11) == " Esc back  ↑↓ scroll  ? help")
    let standard = harness.frame(.standard)
    #expect(!standard.plainText.contains("lines "))
    #expect(standard.line(standard.rows - 1) == " Esc back  f favorite  s share  ? help")
  }

  @Test(
    "The hints name f for what it does to the item: unfavorite on a favorite (any item opened from Favorites), favorite otherwise",
    arguments: [
      (Language.en, " Esc back  f favorite  s share  ? help", " Esc back  f unfavorite  s share  ? help"),
      (.de, " Esc zurück  f Favorit  s teilen  ? Hilfe", " Esc zurück  f Favorit aus  s teilen  ? Hilfe"),
    ])
  func favoriteHintSaysWhatFDoes(language: Language, notFavorite: String, favorite: String) async throws {
    let harness = ScreenHarness(favorites: ["swiftpm"], strings: Localizer(language: language))
    try await harness.settle()
    let item = CatalogFixtures.item("swiftpm")
    harness.show(
      DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .favorites,
      trail: ["Favorites", item.title])
    #expect(harness.frame(.standard).line(23) == favorite)
    harness.press(.char("f"))
    // The removal's toast takes the bottom line until it goes; then `u` joins the hints, before
    // help, so the way back still leads.
    harness.toasts.dismiss()
    try await harness.advance(by: ToastEvent.displayDuration)
    var undoable = notFavorite.components(separatedBy: "  ")
    undoable.insert(harness.strings(L10n.Common.hintUndo), at: undoable.count - 1)
    #expect(harness.frame(.standard).line(23) == undoable.joined(separator: "  "))
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.frame(.standard).line(23) == favorite)
  }

  @Test("Help lists the scroll keys exactly where the hints offer them: where the description is longer than its room")
  func helpScrollKeysFollowTheHints() {
    let harness = showLongRead()
    let small = TerminalSize(columns: 40, rows: 12)
    func listsScrollKeys(at size: TerminalSize) -> Bool {
      harness.rootView.terminalSize = size
      let keys = harness.rootView.keyHelp.flatMap(\.lines).map(\.keys)
      let drawn = harness.frame(size).plainText
      #expect(keys.contains("↑ ↓ k j") == drawn.contains("↑ ↓ k j"), "the overlay draws what keyHelp lists")
      return keys.contains("↑ ↓ k j") && keys.contains("PgUp PgDn") && keys.contains("Home End")
    }
    harness.press(.function(1))
    #expect(listsScrollKeys(at: small))
    #expect(!listsScrollKeys(at: .standard))
    #expect(!harness.frame(.standard).plainText.contains("PgUp"))
    // The hint line agrees: closed, help gives the bottom line back to Detail's hints.
    harness.press(.char("x"))
    #expect(harness.frame(small).line(11).hasPrefix(" Esc back  ↑↓ scroll"))
    #expect(!harness.frame(.standard).plainText.contains("scroll"))
  }

  @Test("Where the description fits, the scroll keys are not bound: they fall through and move nothing")
  func scrollKeysUnboundWhereItFits() {
    let harness = showLongRead()
    harness.rootView.terminalSize = .standard
    let screen = harness.navigator.currentScreen
    let body = RootView.body(of: .standard)
    for key in [Key.up, .down, .char("k"), .char("j"), .pageUp, .pageDown, .home, .end] {
      #expect(!screen.handle(key, in: body), "\(key)")
    }
    #expect(screen.handle(.down, in: RootView.body(of: TerminalSize(columns: 40, rows: 12))))
  }

  @Test("Line breaks in a description keep its paragraphs; lines wrap within them")
  func paragraphsKept() throws {
    let harness = ScreenHarness()
    let item = FeaturedItem(
      id: "paragraphs", title: "Paragraphs", subtitle: "Two of them", category: "Tools",
      description: "First paragraph, one line.\nSecond line of it.\n\n\n\nA new paragraph after a blank line.",
      isFeatured: false)
    harness.show(DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home)
    let lines = harness.frame(.standard).plainText.components(separatedBy: "\n")
    let first = try #require(lines.firstIndex(of: " First paragraph, one line."))
    #expect(
      Array(lines[first...(first + 3)]) == [
        " First paragraph, one line.", " Second line of it.", "", " A new paragraph after a blank line.",
      ])
  }

  @Test("↓ and ↑ scroll a description longer than its room, and stop at the ends")
  func scrollsDescription() {
    let harness = showLongRead()
    let small = harness.rootView.terminalSize
    #expect(harness.frame(small).plainText.contains("Aardvarks-are-nocturnal"))
    #expect(harness.frame(small).plainText.contains("lines 1–4/8"))
    #expect(!harness.frame(small).plainText.contains("Chameleons"))

    harness.press(.down)
    harness.press(.down)
    harness.press(.down)
    harness.press(.down)
    harness.press(.down)
    let scrolled = harness.frame(small).plainText
    #expect(scrolled.contains("Flamingos-stand-on-one-leg"))
    #expect(scrolled.contains("lines 5–8/8"))
    #expect(!scrolled.contains("Beavers"))

    harness.press(.up)
    #expect(harness.frame(small).plainText.contains("Beavers-build-big-dams"))
    #expect(harness.frame(small).plainText.contains("lines 4–7/8"))
  }

  @Test("The mouse wheel scrolls the description as ↓ and ↑ do")
  func wheelScrollsDescription() {
    let harness = showLongRead()
    let small = harness.rootView.terminalSize
    let anywhere = Point(column: 10, row: 5)
    harness.press(.mouse(MouseEvent(.wheelDown, at: anywhere)), .mouse(MouseEvent(.wheelDown, at: anywhere)))
    #expect(harness.frame(small).plainText.contains("lines 3–6/8"))
    harness.press(.mouse(MouseEvent(.wheelUp, at: anywhere)))
    #expect(harness.frame(small).plainText.contains("lines 2–5/8"))
  }

  /// An item whose description wraps to one word a line at 40x12, where four lines show under
  /// its title: with the subtitle and the category before it, eight lines, so ↓ scrolls four
  /// times.
  private static let longRead = FeaturedItem(
    id: "animals",
    title: "Animals",
    subtitle: "Three facts",
    category: "Nature",
    description:
      "Aardvarks-are-nocturnal Beavers-build-big-dams Chameleons-change-colour Dingoes-howl-at-dusk-loudly "
      + "Elephants-never-forget Flamingos-stand-on-one-leg",
    isFeatured: false
  )

  /// Shows ``longRead`` on a 40x12 terminal.
  private func showLongRead() -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(DetailScreen(viewModel: harness.detailViewModel(Self.longRead), strings: harness.strings), on: .home)
    harness.rootView.terminalSize = TerminalSize(columns: 40, rows: 12)
    return harness
  }

  /// Draws a frame inside Observation tracking, as the app does, then presses `key`: whether
  /// that asks for a redraw, and the frame after it.
  private func press(_ key: Key, on harness: ScreenHarness) -> (redraws: Bool, frame: String) {
    let size = harness.rootView.terminalSize
    let (_, changes) = ChangeFlag.tracking { harness.rootView.render(size: size) }
    harness.press(key)
    return (changes.isSet, harness.rootView.render(size: size).plainText)
  }

  @Test("A scroll key changes observable state, so the app redraws, and the next frame is scrolled")
  func scrollKeyRedraws() {
    let harness = showLongRead()
    let first = press(.down, on: harness)
    #expect(first.redraws)
    #expect(first.frame.contains("Beavers-build-big-dams"))
    #expect(first.frame.contains("lines 2–5/8"))
    #expect(!first.frame.contains("Three facts"))
    let second = press(.char("j"), on: harness)
    #expect(second.redraws)
    #expect(second.frame.contains("Dingoes-howl-at-dusk-loudly"))
    #expect(second.frame.contains("lines 3–6/8"))
    let back = press(.char("k"), on: harness)
    #expect(back.redraws)
    #expect(back.frame.contains("Three facts") == false)
    #expect(back.frame.contains("lines 2–5/8"))
  }

  @Test("Scrolling stops at both ends: past an end a key changes nothing, and the way back is one key")
  func scrollStopsAtTheEnds() {
    let harness = showLongRead()
    let top = harness.rootView.render(size: harness.rootView.terminalSize).plainText
    #expect(top.contains("Aardvarks-are-nocturnal"))
    #expect(top.contains("lines 1–4/8"))
    let aboveTop = press(.up, on: harness)
    #expect(!aboveTop.redraws)
    #expect(aboveTop.frame == top)

    harness.press(.down, .down, .down, .down)
    let bottom = press(.down, on: harness)
    #expect(!bottom.redraws)
    #expect(bottom.frame.contains("Flamingos-stand-on-one-leg"))
    harness.press(.down, .down)
    #expect(press(.up, on: harness).frame.contains("lines 4–7/8"))
  }

  @Test(
    "A long description is laid out once per item, favorite state and size: frames, hints, help and keys reuse it"
  )
  func layoutComputedOncePerSize() async throws {
    let harness = ScreenHarness()
    // Four thousand lines at 80 columns: wrapped once, it is whole; wrapped per ask, a frame
    // would wrap it several times.
    let description = (1...20_000).map { "word\($0)" }.joined(separator: " ")
    let item = FeaturedItem(
      id: "long", title: "Long read", subtitle: "Many words", category: "Tools", description: description,
      isFeatured: false)
    let screen = DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings)
    harness.show(screen, on: .home)
    // As the position writes it, with the total of the whole wrap: nothing was cut.
    func position(_ first: Int, _ last: Int, width: Int) -> String {
      harness.strings(
        L10n.Detail.lines(first: first, last: last, total: TextWrap.lines(description, width: width).count))
    }
    // The layout render, the hints, the key table and the scroll keys all ask for: the one
    // kept, as long as the item, its favorite state and the body's size stay.
    func layout(_ size: TerminalSize) -> DescriptionLayout { screen.layout(in: RootView.body(of: size)) }
    #expect(harness.frame(.standard).plainText.contains(position(1, 12, width: 78)))
    let first = layout(.standard)

    // Keys (each asks the key table, the layout and the next frame's hints), an idle redraw,
    // and help, listing the keys from the table: none computes it again.
    harness.press(.down, .pageDown, .end, .home, .char("j"))
    _ = harness.frame(.standard)
    _ = harness.frame(.standard)
    harness.press(.char("?"))
    #expect(harness.frame(.standard).plainText.contains("scroll"))
    harness.press(.escape)
    #expect(harness.frame(.standard).plainText.contains(position(2, 13, width: 78)))
    #expect(layout(.standard) === first)

    // Another size is another layout, once; so is another favorite state.
    let small = TerminalSize(columns: 40, rows: 12)
    // Compact, four lines show; the offset stays.
    #expect(harness.frame(small).plainText.contains("lines 2–5/"))
    let compact = layout(small)
    #expect(compact !== first)
    _ = harness.frame(small)
    #expect(layout(small) === compact)
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.frame(small).plainText.contains("In your favorites"))
    let favorite = layout(small)
    #expect(favorite !== compact)
    _ = harness.frame(small)
    #expect(layout(small) === favorite)
  }

  /// A description of CJK text written, as it is, without spaces: 881 characters, longer than
  /// Detail's room at 80x24 too.
  private static let cjkRead = FeaturedItem(
    id: "cjk",
    title: "長い説明",
    subtitle: "スペースのない文章",
    category: "世界",
    description: String(repeating: "日本語の文章は単語の間にスペースを置かない。", count: 40) + "終",
    isFeatured: false
  )

  /// The scrolled lines in `frame`, without the scroll bar: the rows between the position line
  /// and the footer, or compact (40x12: the position is beside the favorite state) between the
  /// title's line and the footer.
  private func descriptionLines(in frame: Canvas, title: String) -> [String] {
    let rows = (0..<frame.rows).map(frame.line)
    guard let position = rows.firstIndex(where: { $0.contains("line") }),
      let footer = rows.firstIndex(where: { $0.contains("Not a favorite") }),
      let titleRow = rows.lastIndex(of: " " + title)
    else { return [] }
    let start = position < footer ? position + 1 : titleRow + 1
    return rows[start..<footer].map {
      String($0.drop(while: { $0 == " " }).reversed().drop(while: { " │█".contains($0) }).reversed())
    }.filter { !$0.isEmpty }
  }

  @Test(
    "Every character of a long CJK description is reachable by scrolling, to the very end",
    arguments: TerminalSize.snapshotSizes
  )
  func cjkReachable(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    try await harness.settle()
    harness.show(DetailScreen(viewModel: harness.detailViewModel(Self.cjkRead), strings: harness.strings), on: .home)
    var seen: [String] = []
    var frame = harness.frame(size)
    for _ in 0..<100 {
      let lines = descriptionLines(in: frame, title: Self.cjkRead.title)
      // Each ↓ moves one line: the first line is new, and at the end every line shows.
      seen.append(contentsOf: lines.prefix(1))
      harness.press(.down)
      let next = harness.frame(size)
      if next == frame {
        seen.append(contentsOf: lines.dropFirst())
        break
      }
      frame = next
    }
    // Compact, the subtitle and the category lead the scrolled text.
    let lead = size == .standard ? "" : Self.cjkRead.subtitle + "Category: " + Self.cjkRead.category
    #expect(seen.joined() == lead + Self.cjkRead.description)
    // The body's text: the tab bar above it may cut tab names at 40 columns.
    #expect(frame.plainText.split(separator: "\n").dropFirst().joined().contains("…") == false)
  }

  @Test("PgDn and PgUp scroll a page, End and Home go to the last and the first line")
  func pagingKeys() {
    let harness = ScreenHarness()
    harness.show(DetailScreen(viewModel: harness.detailViewModel(Self.cjkRead), strings: harness.strings), on: .home)
    let size = TerminalSize.standard
    let total = TextWrap.lines(Self.cjkRead.description, width: size.columns - 4).count
    #expect(harness.frame(size).plainText.contains("lines 1–12/\(total)"))
    harness.press(.pageDown)
    #expect(harness.frame(size).plainText.contains("lines 13–24/\(total)"))
    harness.press(.pageUp)
    #expect(harness.frame(size).plainText.contains("lines 1–12/\(total)"))
    harness.press(.end)
    #expect(harness.frame(size).plainText.contains("lines \(total - 11)–\(total)/\(total)"))
    #expect(harness.frame(size).plainText.contains("終"))
    harness.press(.home)
    #expect(harness.frame(size).plainText.contains("lines 1–12/\(total)"))
  }

  @Test("Detail marks a favorite with ★", arguments: TerminalSize.snapshotSizes)
  func favorite(size: TerminalSize) async throws {
    let harness = ScreenHarness(favorites: ["swiftpm"])
    try await harness.settle()
    _ = showDetail(harness, "swiftpm")
    let frame = harness.frame(size)
    // At 40x12 the star is in the footer alone, to leave the title its room.
    #expect(frame.plainText.contains("★ Swift Package Manager") == (size == .standard))
    #expect(frame.plainText.contains(" Swift Package Manager\n"))
    #expect(frame.plainText.contains("★ In your favorites"))
    expectSnapshot(of: harness, size: frame.size, named: "Detail/favorite")
  }

  @Test(
    "s shares the item: an info toast names it, and the link stays whole on its line, marked as shared, above the toast",
    arguments: TerminalSize.snapshotSizes)
  func shareKey(size: TerminalSize) async throws {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    let linkRow = size.rows - 3
    #expect(harness.frame(size).line(linkRow) == " funapp://item/macros")
    harness.press(.char("s"))
    try await harness.settle()
    #expect(harness.toasts.shownToasts == [.info("Shared Macros")])
    #expect(harness.clipboard.copiedTexts == ["Macros — Code that writes code — funapp://item/macros"])
    let frame = harness.frame(size)
    #expect(frame.line(size.rows - 1) == " ℹ Shared Macros")
    #expect(frame.line(linkRow) == " funapp://item/macros  ✓ shared")
  }

  @Test(
    "The item's link is an OSC 8 hyperlink around exactly its text, at 80x24 and 40x12",
    arguments: TerminalSize.snapshotSizes)
  func linkIsHyperlink(size: TerminalSize) throws {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    let terminal = HeadlessTerminal(size: size, recordsOutput: true)
    terminal.present(harness.frame(size))
    let bytes = String(decoding: terminal.output, as: UTF8.self)
    let open = "\u{1B}]8;;funapp://item/macros\u{1B}\\"
    let close = "\u{1B}]8;;\u{1B}\\"
    #expect(bytes.components(separatedBy: open).count == 2, "one link: \(bytes)")
    let linked = try #require(bytes.components(separatedBy: open).last?.components(separatedBy: close).first)
    // Between the two: the link's text, in its style.
    #expect(linked.replacingOccurrences(of: "\u{1B}[2m", with: "") == "funapp://item/macros")
  }

  @Test("f toggles the favorite and the marks follow")
  func favoriteKey() async throws {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    harness.press(.char("f"))
    try await harness.settle()
    #expect(harness.favorites.toggledIDs == ["macros"])
    #expect(harness.frame(.standard).plainText.contains("★ In your favorites"))
  }

  @Test("Esc and Backspace on Detail go back as on every pushed screen", arguments: [Key.escape, .backspace])
  func escapeClosesDetail(key: Key) {
    let harness = ScreenHarness()
    _ = showDetail(harness, "macros")
    harness.press(key)
    #expect(harness.navigator.goBackCount == 1)
  }
}
