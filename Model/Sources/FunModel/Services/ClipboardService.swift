import FunCore

/// The system clipboard, as far as the app can reach it.
///
/// In a terminal the app can only ask: it sends the text to the terminal (OSC 52), which may
/// put it on the clipboard or silently ignore it, and never says which. So ``copy(_:)`` answers
/// whether the text was *offered* to a clipboard, and a caller words its message that way
/// ("copied, if your terminal allows it"). Script mode has no clipboard and answers `false`.
///
/// Implementations are safe to call from any thread.
public protocol ClipboardService: Sendable {
  /// Offers `text` to the clipboard; returns whether it was sent anywhere (not whether it
  /// arrived, which nobody can know).
  func copy(_ text: String) -> Bool
}

/// The clipboard of a run that has none (script mode, a terminal without cursor addressing):
/// nothing is copied.
public struct NoClipboard: ClipboardService {
  /// Creates it.
  public init() {}

  public func copy(_: String) -> Bool {
    false
  }
}

extension ServiceKey where Value == any ClipboardService {
  /// The clipboard share copies to.
  public static var clipboard: Self { Self("clipboard") }
}
