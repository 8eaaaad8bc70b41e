import Testing

@testable import FunFrontend
@testable import FunModel

/// Overlays are opaque: the help box, the command line and a toast replace
/// the cells under them, style included, so each looks the same over any screen.
@Suite("Overlays")
@MainActor
struct OverlayTests {
  enum Overlay: String, CaseIterable, CustomTestStringConvertible {
    case help
    case commandLine = "command line"
    case toast
    var testDescription: String { rawValue }
  }

  @Test(
    "An overlay looks the same over a screen that draws everywhere as over one that draws nothing",
    arguments: Overlay.allCases, ThemeCase.all
  )
  func opaque(overlay: Overlay, themeCase: ThemeCase) async throws {
    for size in TerminalSize.snapshotSizes {
      let overBlank = try await frame(overlay, over: BlankScreen(), theme: themeCase.theme, size: size)
      let overLoud = try await frame(overlay, over: LoudScreen(), theme: themeCase.theme, size: size)
      let withoutOverlay = try await frame(nil, over: BlankScreen(), theme: themeCase.theme, size: size)
      // The help box is where it changes the frame above the bottom line (whose hints it
      // changes too); the others own the whole bottom line.
      let region =
        overlay == .help
        ? Self.boundingBox(of: differences(overBlank, withoutOverlay).filter { $0.row < size.rows - 1 })
        : Rect.row(size.rows - 1, width: size.columns)
      #expect(region.width > 0 && region.height > 0)
      let seeThrough = region.points.filter { overBlank.cell(at: $0) != overLoud.cell(at: $0) }
      let first = seeThrough.first.map { "column \($0.column + 1), row \($0.row + 1)" } ?? ""
      #expect(seeThrough.count == 0, "\(size): cells of the \(overlay.rawValue) show what is under them, from \(first)")
    }
  }

  @Test("The help box hides the selected row's bar and the carousel under it", arguments: ThemeCase.all)
  func helpOverSelectedRow(themeCase: ThemeCase) async throws {
    let harness = ScreenHarness()
    harness.theme = themeCase.theme
    let home = harness.homeViewModel()
    harness.show(HomeScreen(viewModel: home, strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    harness.press(.char("?"))
    let frame = harness.frame(.standard)
    let selection = themeCase.theme.selection.restricted(to: themeCase.support)
    let lines = (0..<frame.rows).map(frame.line)
    let top = try #require(lines.firstIndex { $0.contains("┌") })
    let bottom = try #require(lines.firstIndex { $0.contains("└") })
    let left = try #require(lines[top].firstIndex(of: "┌")).utf16Offset(in: lines[top])
    let right = try #require(lines[top].firstIndex(of: "┐")).utf16Offset(in: lines[top])
    // The selected row passes under the box, which is as wide as the screen: none of it shows.
    #expect(!lines.contains { $0.hasPrefix(" >") })
    #expect((left, right) == (0, frame.columns - 1))
    for row in top...bottom {
      for column in left...right {
        let style = frame.cell(at: Point(column: column, row: row))?.style.restricted(to: themeCase.support)
        #expect(style != selection, "column \(column + 1), row \(row + 1)")
      }
    }
  }

  private func frame(_ overlay: Overlay?, over screen: any Screen, theme: Theme, size: TerminalSize) async throws
    -> Canvas
  {
    let harness = ScreenHarness()
    harness.theme = theme
    harness.show(screen, on: .home)
    switch overlay {
    case .help: harness.press(.char("?"))
    case .commandLine:
      harness.press(.char(":"))
      harness.type("tab 2")
    case .toast:
      harness.toasts.show(.success("Catalog refreshed"))
      try await harness.settle()
    case nil: break
    }
    return harness.frame(size)
  }

  private func differences(_ first: Canvas, _ second: Canvas) -> [Point] {
    (0..<first.rows).flatMap { row in
      (0..<first.columns).map { Point(column: $0, row: row) }.filter { first.cell(at: $0) != second.cell(at: $0) }
    }
  }

  private static func boundingBox(of points: [Point]) -> Rect {
    guard let left = points.map(\.column).min(), let right = points.map(\.column).max(),
      let top = points.map(\.row).min(), let bottom = points.map(\.row).max()
    else { return Rect(column: 0, row: 0, width: 0, height: 0) }
    return Rect(column: left, row: top, width: right - left + 1, height: bottom - top + 1)
  }
}

extension Rect {
  fileprivate var points: [Point] {
    (row..<row + height).flatMap { row in (column..<column + width).map { Point(column: $0, row: row) } }
  }
}
