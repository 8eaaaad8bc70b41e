import Foundation
import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// Studio's Sources tab tells where the catalog comes from and why it shows what it shows: the
/// path or URL, a saved copy only once there is one, the first load's progress, the reason an
/// offline copy stands in, and a damaged copy set aside.
@Suite("Sources on screen")
@MainActor
struct SourcesScreenTests {
  nonisolated private static let url = "http://127.0.0.1:8000/catalog.json"

  private func showing(_ harness: ScreenHarness) -> SourcesViewModel {
    let model = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
    harness.show(SourcesScreen(viewModel: model, strings: harness.strings), on: .sources)
    return model
  }

  @Test("A web server whose first load failed claims no copy saved on disk; one that loaded does")
  func noSavedCopyClaimedWithoutOne() async throws {
    let harness = ScreenHarness(failure: .httpStatus(code: 404, url: Self.url), sourceKind: .http(url: Self.url))
    try await harness.loadCatalog()
    _ = showing(harness)
    var text = harness.frame(.standard).plainText
    #expect(text.contains("Not loaded: the last load failed"), "not \"yet\": no load is still to come")
    #expect(!text.contains("Not loaded yet"))
    #expect(!text.contains("saved on disk"))
    #expect(!text.contains("Saved on disk"))

    harness.network.result = .success(CatalogFixtures.items)
    harness.press(.char("r"))
    try await harness.settle()
    text = harness.frame(.standard).plainText
    #expect(text.contains("Saved on disk for offline use"))
  }

  @Test(
    "Offline, Sources says why the saved copy shows, in the error toast's words",
    arguments: [
      AppError.timeout(url: "http://127.0.0.1:8000/catalog.json", seconds: 10),
      AppError.httpStatus(code: 500, url: "http://127.0.0.1:8000/catalog.json"),
    ])
  func offlineReason(reason: AppError) async throws {
    let harness = ScreenHarness(sourceKind: .http(url: Self.url))
    harness.network.offlineCopy = Date(timeIntervalSince1970: 1_764_000_000)
    harness.network.offlineReason = reason
    try await harness.loadCatalog()
    _ = showing(harness)
    // Wide enough that the reason is one line, to be compared whole.
    let text = harness.frame(TerminalSize(columns: 160, rows: 24)).plainText
    #expect(text.contains("Offline: showing the copy saved 2025-11-24 16:00"))
    #expect(text.contains("Last error: \(harness.strings(reason.text))"))
    #expect(!text.contains("No error in the last load"))
    #expect(harness.catalog.lastError == nil, "the lists still show the copy, no failure")
  }

  @Test(
    "At 40x12 Sources scrolls: every line shows whole on the way down, with a position and a bar; where it fits, no scroll keys",
    arguments: [Language.en, .de])
  func scrollsWhereShort(language: Language) async throws {
    let strings = Localizer(language: language)
    let reason = AppError.network(url: Self.url, reason: L10n.Reason.refused)
    let harness = ScreenHarness(sourceKind: .http(url: Self.url), strings: strings)
    harness.network.offlineCopy = Date(timeIntervalSince1970: 1_764_000_000)
    harness.network.offlineReason = reason
    try await harness.loadCatalog()
    harness.show(
      SourcesScreen(
        viewModel: SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks),
        strings: strings),
      on: .sources)
    let small = TerminalSize(columns: 40, rows: 12)
    harness.rootView.terminalSize = small
    let body = RootView.body(of: small)
    // The text under the heading, the bar's column left out.
    func rows(_ frame: Canvas) -> [String] {
      (body.row + 1..<body.row + body.height).map { row in
        String(frame.line(row).dropFirst(body.column).prefix(body.width - 2))
      }
    }
    let first = harness.frame(small)
    #expect(first.line(body.row).contains(strings(L10n.Sources.catalog)))
    #expect(first.line(body.row).contains("1–6/"), "the position, on the heading's line")
    #expect(first.line(small.rows - 1).contains("↑↓"))
    var seen = rows(first)
    // Each ↓ brings one more line in at the bottom, until the last.
    for _ in 0..<20 {
      let before = harness.frame(small)
      harness.press(.down)
      let after = harness.frame(small)
      if after == before { break }
      seen.append(rows(after).last ?? "")
    }
    let words = seen.flatMap { $0.split(separator: " ") }.joined(separator: " ")
    for text in [
      L10n.Sources.offlineCopy(Date(timeIntervalSince1970: 1_764_000_000)), L10n.Sources.lastError(reason.text),
      L10n.Sources.refreshHint,
    ] {
      let whole = strings(text).split(separator: " ").joined(separator: " ")
      #expect(words.contains(whole), "\(whole) in \(seen)")
    }
    #expect(!words.contains("…"), "nothing is cut")
    expectSnapshot(of: harness, size: small, named: "Sources/\(language.rawValue)/offline-scrolled-to-end")
    harness.press(.home)
    #expect(harness.frame(small) == first)

    // Where it all fits, ↓ does nothing here and the hints offer no scrolling.
    harness.rootView.terminalSize = .standard
    let standard = harness.frame(.standard)
    #expect(!standard.line(TerminalSize.standard.rows - 1).contains("↑↓"))
    harness.press(.down)
    #expect(harness.frame(.standard) == standard)
  }

  @Test("Sources names the file or URL, cut in the middle to 40 columns so its start and its end show")
  func namesTheLocation() async throws {
    let long = "https://catalogs.example.com/teams/mobile/2026/november/catalog.json"
    let harness = ScreenHarness(sourceKind: .http(url: long))
    try await harness.loadCatalog()
    _ = showing(harness)
    let cut = SourcesScreen.location(long)
    #expect(DisplayWidth.of(cut) == SourcesScreen.locationWidth)
    #expect(cut.hasPrefix("https://catalogs.ex") && cut.hasSuffix("/catalog.json") && cut.contains("…"))
    #expect(harness.frame(.standard).plainText.contains("From a web server (--catalog): \(cut)"))

    let file = ScreenHarness(sourceKind: .file(path: "/tmp/c\u{1B}[2J.json"))
    try await file.loadCatalog()
    _ = showing(file)
    let text = file.frame(.standard).plainText
    #expect(text.contains("From a file (--catalog): /tmp/c.json"), "an escape sequence is no command")
    #expect(!text.contains("\u{1B}"))
    #expect(SourcesScreen.location("/tmp/c.json") == "/tmp/c.json")
  }

  @Test("During the first load Sources shows how far it has come, as Home does")
  func showsProgress() async throws {
    let harness = ScreenHarness(
      latency: .milliseconds(200),
      progress: [.reading(bytesRead: 178_000_000, totalBytes: 267_000_000)])
    let model = showing(harness)
    harness.time.tasks.start("load") { try? await harness.catalog.load() }
    try await harness.settle()
    // Before the load has said how far it has come, that it is under way; no "last load" yet.
    let waiting = harness.frame(.standard).plainText
    #expect(waiting.contains("Loading catalog…"), "\(waiting)")
    #expect(!waiting.contains("Not loaded yet"), "\(waiting)")
    #expect(!waiting.contains("No error in the last load"), "\(waiting)")
    #expect(model.statusLines().map(\.text).contains(L10n.Common.loadingCatalog))
    try await harness.advance(by: .milliseconds(100))
    let reading = L10n.Common.loadingRead(percent: 66, size: L10n.Common.sizeMegabytes(255))
    #expect(model.statusLines().map(\.text).contains(reading), "the reader says the progress too")
    #expect(model.progress == .reading(bytesRead: 178_000_000, totalBytes: 267_000_000))
    let text = harness.frame(.standard).plainText
    #expect(text.contains("Reading: 66% of 255 MB"))
    #expect(text.contains(String(repeating: "█", count: 26) + String(repeating: "░", count: 14)))
    let narrow = harness.frame(TerminalSize(columns: 40, rows: 12)).plainText
    #expect(narrow.contains("Reading: 66% of 255 MB"))
    try await harness.advance(by: .milliseconds(100))
    #expect(!harness.frame(.standard).plainText.contains("Reading"))
  }

  @Test("A damaged saved copy set aside at start is named on Sources after its toast has gone")
  func setAsideCopy() async throws {
    let harness = ScreenHarness(
      failure: .network(url: Self.url, reason: L10n.Reason.refused), sourceKind: .http(url: Self.url))
    let movedTo = "/tmp/src1/profiles/ada/http-catalog.cache.corrupt-20261126T181100Z"
    harness.network.savedCopy = .failure(.corruptStateFile(name: "http-catalog.cache", movedTo: movedTo))
    try await harness.loadCatalog()
    #expect(harness.catalog.status.savedCopyProblem == .corruptStateFile(name: "http-catalog.cache", movedTo: movedTo))
    _ = showing(harness)
    let text = harness.frame(TerminalSize(columns: 160, rows: 24)).plainText
    #expect(
      text.contains("The saved copy was damaged and set aside as http-catalog.cache.corrupt-20261126T181100Z"))
    #expect(
      text.contains(
        "Last error: \(harness.strings(AppError.network(url: Self.url, reason: L10n.Reason.refused).text))"
      ))
  }
}
