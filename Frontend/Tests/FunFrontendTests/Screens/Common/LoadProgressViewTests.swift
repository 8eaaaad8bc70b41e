import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("LoadProgressView")
@MainActor
struct LoadProgressViewTests {
  /// A million-item catalog's load as a file source reports it, a step every 100 ms of a
  /// 500 ms load: two thirds of the bytes, all of them, half the items, all of them.
  private static let steps: [CatalogLoadProgress] = [
    .reading(bytesRead: 178_000_000, totalBytes: 267_000_000),
    .reading(bytesRead: 267_000_000, totalBytes: 267_000_000),
    .decoding(itemsDecoded: 500_000, totalItems: 1_000_000),
    .decoding(itemsDecoded: 1_000_000, totalItems: 1_000_000),
  ]

  private func loadingHome() async throws -> (ScreenHarness, HomeViewModel) {
    let harness = ScreenHarness(latency: .milliseconds(500), progress: Self.steps)
    let model = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: model, strings: harness.strings), on: .home)
    harness.time.tasks.start("load") { _ = try? await harness.catalog.load() }
    try await harness.settle()
    return (harness, model)
  }

  @Test("While a large catalog loads, Home shows how far it is, bytes read and then items decoded, and it advances")
  func homeShowsProgress() async throws {
    let (harness, model) = try await loadingHome()
    #expect(model.list.status == .loading(lastError: nil))
    // Before the network has said anything: the wait alone.
    #expect(harness.frame(.standard).line(3).hasPrefix(" Loading catalog…"))
    #expect(!harness.frame(.standard).plainText.contains("Reading"))

    try await harness.advance(by: .milliseconds(100))
    var text = harness.frame(.standard).plainText
    #expect(text.contains("Reading: 66% of 255 MB"))
    #expect(text.contains(String(repeating: "█", count: 26) + String(repeating: "░", count: 14)))

    try await harness.advance(by: .milliseconds(100))
    #expect(harness.frame(.standard).plainText.contains("Reading: 100% of 255 MB"))

    try await harness.advance(by: .milliseconds(100))
    text = harness.frame(.standard).plainText
    #expect(text.contains("Decoding: 500,000 of 1,000,000 items"))
    #expect(text.contains(String(repeating: "█", count: 20) + String(repeating: "░", count: 20)))

    try await harness.advance(by: .milliseconds(200))
    text = harness.frame(.standard).plainText
    #expect(model.list.status == .loaded)
    #expect(!text.contains("Decoding") && !text.contains("Loading catalog"))
    #expect(text.contains("All items (\(CatalogFixtures.items.count))"))
    #expect(harness.catalog.progress == nil)
  }

  @Test("During the load the keys act: help opens and closes, tabs switch, q quits")
  func keysActDuringTheLoad() async throws {
    let (harness, model) = try await loadingHome()
    try await harness.advance(by: .milliseconds(100))
    #expect(model.list.status == .loading(lastError: nil))
    harness.press(.char("?"))
    #expect(harness.rootView.isShowingHelp)
    #expect(harness.frame(.standard).plainText.contains("Help: Home"))
    harness.press(.escape)
    #expect(!harness.rootView.isShowingHelp)
    harness.press(.char("5"))
    #expect(harness.tabBar.selectedTab == .settings)
    harness.press(.char("1"))
    #expect(harness.tabBar.selectedTab == .home)
    harness.press(.char("q"))
    #expect(harness.rootView.isQuitRequested)
    // None of it stopped the load, which still ends on time.
    #expect(model.list.status == .loading(lastError: nil))
    try await harness.advance(by: .milliseconds(400))
    #expect(model.list.status == .loaded)
    #expect(model.list.rows.count == CatalogFixtures.items.count)
  }

  @Test("r during the load cancels it and starts again from the first byte; the load's waiters get the new one")
  func refreshRestartsTheLoad() async throws {
    let (harness, model) = try await loadingHome()
    try await harness.advance(by: .milliseconds(300))
    #expect(harness.frame(.standard).plainText.contains("Decoding: 500,000 of 1,000,000 items"))
    harness.press(.char("r"))
    try await harness.settle()
    #expect(harness.network.fetchCount == 2)
    #expect(harness.catalog.progress == nil)
    #expect(!harness.frame(.standard).plainText.contains("Decoding"))
    try await harness.advance(by: .milliseconds(100))
    #expect(harness.frame(.standard).plainText.contains("Reading: 66% of 255 MB"))
    // The cancelled load would have ended here; the new one has 300 ms to go.
    try await harness.advance(by: .milliseconds(200))
    #expect(model.list.status == .loading(lastError: nil))
    try await harness.advance(by: .milliseconds(200))
    #expect(model.list.status == .loaded)
    #expect(model.list.rows.count == CatalogFixtures.items.count)
    #expect(harness.toasts.shownToasts == [.success(L10n.Refresh.done)])
  }

  @Test("Search's status line says how far the first load is while it waits")
  func searchShowsProgress() async throws {
    let harness = ScreenHarness(latency: .milliseconds(500), progress: Self.steps)
    let model = harness.searchViewModel()
    harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
    harness.time.tasks.start("load") { _ = try? await harness.catalog.load() }
    try await harness.advance(by: .milliseconds(300))
    #expect(model.list.loadProgress == .decoding(itemsDecoded: 500_000, totalItems: 1_000_000))
    #expect(harness.frame(.standard).line(5).hasPrefix(" Decoding: 500,000 of 1,000,000 items"))
    try await harness.advance(by: .milliseconds(200))
    #expect(model.list.loadProgress == nil)
    #expect(!harness.frame(.standard).plainText.contains("Decoding"))
  }

  @Test(
    "The text and the share done of each kind of step",
    arguments: [
      (CatalogLoadProgress.reading(bytesRead: 512, totalBytes: 2_048), "Reading: 25% of 2 KB", 0.25),
      (.reading(bytesRead: 3, totalBytes: 90), "Reading: 3% of 90 bytes", 3.0 / 90),
      (.reading(bytesRead: 1, totalBytes: nil), "Reading: 1 byte", nil),
      (.reading(bytesRead: 600_000, totalBytes: nil), "Reading: 586 KB", nil),
      (.reading(bytesRead: 1_000_000, totalBytes: nil), "Reading: 977 KB", nil),
      (.reading(bytesRead: 3 << 20, totalBytes: nil), "Reading: 3 MB", nil),
      (.decoding(itemsDecoded: 7, totalItems: 28), "Decoding: 7 of 28 items", 0.25),
      (.decoding(itemsDecoded: 0, totalItems: 0), "Decoding: 0 of 0 items", 1),
    ] as [(CatalogLoadProgress, String, Double?)]
  )
  func textAndFraction(progress: CatalogLoadProgress, text: String, fraction: Double?) {
    #expect(LoadProgressView.text(progress, strings: .base) == text)
    #expect(LoadProgressView.fraction(progress) == fraction)
  }
}
