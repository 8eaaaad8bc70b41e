/// Somewhere terminal bytes go: a TTY, an in-memory buffer, a test's recorder.
///
/// `Renderer.render(_:to:)` writes each frame through one of these in a single call, so a
/// frame never reaches a real terminal half-written by this process.
public protocol TerminalOutput {
  /// Writes `bytes` in order, entirely, before returning.
  func write(_ bytes: [UInt8])
}
