import Testing

@testable import FunFrontend

/// The legibility rules over every frame the screens draw: every case of
/// ``PurityCase/everyScreen`` (each screen and the root view's overlays), as set up and after
/// each of its keys, at both snapshot sizes, in every theme, on a black and a white terminal,
/// bold drawn bright and plain. A screen added to that list is checked with no test of its own.
@Suite("Legibility of every screen")
@MainActor
struct LegibilityTests {
  @Test(
    "Every frame: body text 4.5:1, faint text and decoration 3:1, underlines only under words",
    arguments: PurityCase.everyScreen, TerminalSize.snapshotSizes
  )
  func everyFrame(purityCase: PurityCase, size: TerminalSize) async throws {
    let harness = try await purityCase.setUp()
    harness.rootView.terminalSize = size
    expectLegible(harness, size: size, step: "as set up")
    for key in purityCase.keys {
      harness.press(key)
      try await harness.settle()
      expectLegible(harness, size: size, step: "after \(key)")
    }
  }

  private func expectLegible(_ harness: ScreenHarness, size: TerminalSize, step: String) {
    for themeCase in ThemeCase.all {
      harness.theme = themeCase.theme
      let frame = harness.rootView.render(size: size)
      let contrast = Legibility.contrastFindings(in: frame, support: themeCase.support)
      let underlines = Legibility.underlineFindings(in: frame, support: themeCase.support)
      #expect(contrast.isEmpty, "\(themeCase.name), \(step):\n\(contrast.map(\.description).joined(separator: "\n"))")
      #expect(underlines.isEmpty, "\(themeCase.name), \(step):\n\(underlines.joined(separator: "\n"))")
    }
  }
}
