import FunCore

/// A screen that shows ``Canvas`` frames: a real terminal (``TTYTerminal``) or an in-memory
/// one (``HeadlessTerminal``) for script mode and tests.
///
/// The app draws a canvas of ``size`` and calls ``present(_:)``; the terminal renders only
/// what changed since the last frame. Conformers are classes safe to use from any thread;
/// frames presented from several threads are each written whole, in some order.
public protocol Terminal: TerminalOutput, AnyObject, Sendable {
  /// The current size; a canvas of this size fills the screen.
  var size: TerminalSize { get }
  /// What the terminal should receive, decided from the environment.
  var capabilities: TerminalCapabilities { get }
  /// Sends anything buffered to the device.
  func flush()
  /// Takes over the screen: alternate screen, hidden cursor, raw keyboard input.
  func enterFullScreen() throws(TerminalError)
  /// Gives the screen back exactly as it was; does nothing when not full-screen.
  func leaveFullScreen()
  /// Shows `canvas`, writing only the cells that changed since the last frame.
  func present(_ canvas: Canvas)
  /// Makes the next ``present(_:)`` redraw everything, e.g. on Ctrl-L.
  func invalidate()
  /// The sizes the terminal takes from now on, one element per resize.
  func resizes() -> MulticastStream<TerminalSize>.Subscription
}

extension Terminal {
  /// Writes `text` as UTF-8. Use for sequences, never for data: data goes through a canvas.
  func write(_ text: String) {
    write(Array(text.utf8))
  }
}
