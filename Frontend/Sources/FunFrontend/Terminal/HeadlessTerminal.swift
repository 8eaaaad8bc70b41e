import FunCore

/// An in-memory terminal: the screen of script mode and of tests.
///
/// It renders each presented frame with a ``Renderer`` exactly as a real terminal would be
/// sent, but keeps the bytes only when asked to (`recordsOutput`); it always keeps the last
/// frame, so a script or a test reads `plainText` — exactly what a person would see, without
/// any escape code — and counts ``bytesWritten``. Its size changes only through
/// `resize(to:)`, which also reports the new size to `resizes()` subscribers.
///
/// Thread-safety: every member may be used from any thread.
public final class HeadlessTerminal: Terminal {
  private struct State {
    var size: TerminalSize
    var renderer: Renderer
    var lastFrame: Canvas?
    var bytesWritten = 0
    var output: [UInt8] = []
    var isFullScreen = false
  }

  /// What the terminal is set up to receive.
  let capabilities: TerminalCapabilities
  private let recordsOutput: Bool
  private let state: Locked<State>
  private let sizes = MulticastStream<TerminalSize>(replaysLatest: false)

  /// Creates a terminal of `size`; with `recordsOutput`, every byte written is kept for
  /// `output`.
  public init(
    size: TerminalSize = .standard,
    capabilities: TerminalCapabilities = TerminalCapabilities(),
    recordsOutput: Bool = false
  ) {
    self.capabilities = capabilities
    self.recordsOutput = recordsOutput
    state = Locked(State(size: size, renderer: Renderer(support: capabilities.styleSupport)))
  }

  /// The current size.
  public var size: TerminalSize {
    state.withLock { $0.size }
  }

  /// The last frame presented, or `nil` before the first.
  var lastFrame: Canvas? {
    state.withLock { $0.lastFrame }
  }

  /// The last frame as plain text (see ``Canvas/plainText``); "" before the first frame.
  var plainText: String {
    lastFrame?.plainText ?? ""
  }

  /// The number of bytes written since the terminal was created.
  public var bytesWritten: Int {
    state.withLock { $0.bytesWritten }
  }

  /// Every byte written, when the terminal records output; empty otherwise.
  var output: [UInt8] {
    state.withLock { $0.output }
  }

  /// Whether ``enterFullScreen()`` was called without a matching ``leaveFullScreen()``.
  var isFullScreen: Bool {
    state.withLock { $0.isFullScreen }
  }

  /// Changes the size as a person resizing a window would: the next frame is a full redraw,
  /// and ``resizes()`` subscribers receive `newSize`.
  func resize(to newSize: TerminalSize) {
    state.withLock { state in
      state.size = newSize
      state.renderer.invalidate()
    }
    sizes.send(newSize)
  }

  /// Counts `bytes`, and records them when the terminal records output.
  func write(_ bytes: [UInt8]) {
    state.withLock { Self.append(bytes, to: &$0, recording: recordsOutput) }
  }

  /// Nothing is buffered.
  func flush() {}

  /// Marks the terminal full-screen; nothing else changes in memory.
  func enterFullScreen() throws(TerminalError) {
    state.withLock { $0.isFullScreen = true }
  }

  /// Marks the terminal no longer full-screen.
  func leaveFullScreen() {
    state.withLock { $0.isFullScreen = false }
  }

  /// Renders `canvas` against the previous frame and keeps it as `lastFrame`.
  public func present(_ canvas: Canvas) {
    state.withLock { state in
      let bytes = state.renderer.frame(for: canvas)
      Self.append(bytes, to: &state, recording: recordsOutput)
      state.lastFrame = canvas
    }
  }

  /// Makes the next frame a full redraw.
  public func invalidate() {
    state.withLock { $0.renderer.invalidate() }
  }

  /// The sizes set by `resize(to:)` from now on.
  func resizes() -> MulticastStream<TerminalSize>.Subscription {
    sizes.subscribe()
  }

  private static func append(_ bytes: [UInt8], to state: inout State, recording: Bool) {
    state.bytesWritten += bytes.count
    if recording {
      state.output.append(contentsOf: bytes)
    }
  }
}
