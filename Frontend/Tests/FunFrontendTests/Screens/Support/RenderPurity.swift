import Testing

@testable import FunFrontend

/// One state of the app under test, for ``RenderPurity``: how to reach it, and keys to press
/// from it.
struct PurityCase: Sendable, CustomTestStringConvertible {
  /// What the case shows, as the test's argument reads.
  let name: String
  /// Builds a harness showing the state under test. Called once per run, so each run starts
  /// from the same state.
  let setUp: @MainActor @Sendable () async throws -> ScreenHarness
  /// The keys pressed from that state.
  let keys: [Key]

  var testDescription: String { name }
}

/// What drawing did besides drawing, in the three ways a render can write.
///
/// A pure render is a function of state: it leaves nothing behind, so drawing the same state
/// twice gives the same frame without anything it read changing, and what keys do does not
/// depend on whether frames were drawn between them. The last one catches a write to state
/// Observation cannot see (a private `var` a key later reads, as Detail's scroll limit was).
struct RenderPurity: Equatable, CustomStringConvertible {
  /// Whether a second render changed something the first read (its Observation onChange fired).
  var changedWhatItRead = false
  /// Whether the second frame differs from the first.
  var framesDiffer = false
  /// Whether the keys leave a different frame when one is drawn before each key.
  var keysDependOnFrames = false

  /// What a pure render does: none of the above.
  static let pure = RenderPurity()

  var description: String {
    "changedWhatItRead: \(changedWhatItRead), framesDiffer: \(framesDiffer), keysDependOnFrames: \(keysDependOnFrames)"
  }

  /// Renders the state of `purityCase` at `size` twice, the first time inside Observation
  /// tracking, and replays its keys with and without a frame before each.
  @MainActor
  static func check(_ purityCase: PurityCase, size: TerminalSize) async throws -> RenderPurity {
    var result = RenderPurity()
    let harness = try await start(purityCase, size: size)
    let (first, changed) = ChangeFlag.tracking { harness.rootView.render(size: size) }
    let second = harness.rootView.render(size: size)
    result.changedWhatItRead = changed.isSet
    result.framesDiffer = first != second

    let drawing = try await start(purityCase, size: size)
    for key in purityCase.keys {
      _ = drawing.rootView.render(size: size)
      drawing.press(key)
    }
    let blind = try await start(purityCase, size: size)
    for key in purityCase.keys {
      blind.press(key)
    }
    // Both let what the keys started catch up, so only the frames drawn tell them apart.
    try await drawing.settle()
    try await blind.settle()
    result.keysDependOnFrames = drawing.rootView.render(size: size) != blind.rootView.render(size: size)
    return result
  }

  /// The case's state, with the root view told the terminal's size as the app tells it: once,
  /// before any frame or key.
  @MainActor
  private static func start(_ purityCase: PurityCase, size: TerminalSize) async throws -> ScreenHarness {
    let harness = try await purityCase.setUp()
    harness.rootView.terminalSize = size
    return harness
  }
}
