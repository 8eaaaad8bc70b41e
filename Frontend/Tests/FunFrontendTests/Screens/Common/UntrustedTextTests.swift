import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Strings from a catalog reach the terminal only as the visible text they contain.
@Suite("Untrusted text on screens")
@MainActor
struct UntrustedTextTests {
  /// An item whose every string carries escape sequences: clear screen, an OSC that sets the
  /// window title, an 8-bit CSI and a right-to-left override.
  static let hostile = FeaturedItem(
    id: "evil",
    title: "Evil\u{1B}[2J title",
    subtitle: "Sub\u{1B}]0;pwn\u{07}title",
    category: "Tools\u{202E}",
    description: "Danger \u{9B}31mred\u{202E} text\u{1B}[H and \u{1B}]8;;http://x\u{1B}\\link",
    isFeatured: true
  )

  /// The same item as a person should see it.
  static let clean = FeaturedItem(
    id: "evil",
    title: "Evil title",
    subtitle: "Subtitle",
    category: "Tools",
    description: "Danger red text and link",
    isFeatured: true
  )

  /// Every screen that shows catalog strings, filled with `item` and a second, benign one.
  private func frames(with item: FeaturedItem, size: TerminalSize) async throws -> [Canvas] {
    let items = [item, CatalogFixtures.item("swiftui")]
    let harness = ScreenHarness(items: items, favorites: ["evil"])
    var frames: [Canvas] = []

    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    frames.append(harness.frame(size))

    let search = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: search, strings: harness.strings), on: .search)
    await search.searchNow()
    // From all categories back to the last: the hostile item's.
    search.send(.selectPreviousCategory)
    try await harness.settle()
    frames.append(harness.frame(size))

    harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
    try await harness.settle()
    frames.append(harness.frame(size))

    harness.show(
      DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home,
      trail: ["Home", item.title])
    frames.append(harness.frame(size))

    harness.toasts.show(.error("Cannot open funapp://tab/\u{1B}[2J\u{9B}0m: unknown tab"))
    try await harness.settle()
    frames.append(harness.frame(size))
    return frames
  }

  @Test("Escape sequences in catalog strings never reach a frame", arguments: TerminalSize.snapshotSizes)
  func noControlsInFrames(size: TerminalSize) async throws {
    for frame in try await frames(with: Self.hostile, size: size) {
      let text = frame.plainText
      let scalars = text.unicodeScalars.filter { $0 != "\n" }
      #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      #expect(!scalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
      // U+FFFD would mean a control reached the canvas unsanitised.
      #expect(!text.contains(Canvas.replacement))
      #expect(!text.contains("pwn"))
      #expect(!text.contains("[2J"))
      #expect(!text.contains("31m"))
    }
  }

  @Test(
    "A hostile catalog sends the terminal exactly the bytes of its visible text", arguments: TerminalSize.snapshotSizes)
  func terminalBytes(size: TerminalSize) async throws {
    let hostile = try await frames(with: Self.hostile, size: size)
    let clean = try await frames(with: Self.clean, size: size)
    #expect(hostile.map(\.plainText) == clean.map(\.plainText))
    #expect(hostile.first?.plainText.contains("Evil title") == true)
    for (hostileFrame, cleanFrame) in zip(hostile, clean) {
      let hostileBytes = Self.bytes(presenting: hostileFrame)
      #expect(hostileBytes == Self.bytes(presenting: cleanFrame))
      // Besides the renderer's own CSI sequences and the item's link (its sanitised address,
      // in OSC 8), no ESC, BEL, 8-bit CSI (C2 9B) or RLO.
      let text = String(decoding: hostileBytes, as: UTF8.self)
        .replacingOccurrences(of: "\u{1B}]8;;funapp://item/evil\u{1B}\\", with: "")
        .replacingOccurrences(of: "\u{1B}]8;;\u{1B}\\", with: "")
      #expect(!text.contains("\u{1B}]"))
      #expect(!text.contains("\u{07}"))
      #expect(!text.contains("\u{9B}"))
      #expect(!text.contains("\u{202E}"))
      #expect(text.components(separatedBy: "\u{1B}[2J").count == 2)
    }
  }

  @Test("Wide CJK and emoji titles are cut with … and never overflow", arguments: TerminalSize.snapshotSizes)
  func wideText(size: TerminalSize) async throws {
    let items = [
      FeaturedItem(
        id: "cjk",
        title: "日本語のタイトルはとても長いのでちゃんと切られるはずです",
        subtitle: "中文副标题也很长很长很长",
        category: "世界",
        description: "説明",
        isFeatured: true
      ),
      FeaturedItem(
        id: "emoji",
        title: "🎉 Party 👨‍👩‍👧 family 🇯🇵 flag 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉",
        subtitle: "❤️ hearts ✨ sparkles 🚀 rockets all the way down",
        category: "Emoji",
        description: "Emoji",
        isFeatured: true
      ),
    ]
    let harness = ScreenHarness(items: items, favorites: ["cjk"])
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    let frame = harness.frame(size)
    for row in 0..<size.rows {
      #expect(DisplayWidth.of(frame.line(row)) <= size.columns, "row \(row): \(frame.line(row))")
    }
    #expect(frame.plainText.contains("…"))
    expectSnapshot(of: harness, size: frame.size, named: "Home/wide-text")
  }

  private static func bytes(presenting canvas: Canvas) -> [UInt8] {
    let terminal = HeadlessTerminal(size: canvas.size, recordsOutput: true)
    terminal.present(canvas)
    return terminal.output
  }
}
