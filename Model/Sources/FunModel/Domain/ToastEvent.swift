/// A short message shown on the bottom line for a while: a confirmation, a notice or an error.
public struct ToastEvent: Hashable, Sendable {
  /// What kind of message it is, which decides its colour and symbol.
  public enum Style: String, Hashable, Sendable {
    case success, info, error
  }

  /// The kind of message.
  public let style: Style
  /// The text.
  public let message: String

  /// Creates a toast.
  public init(_ style: Style, _ message: String) {
    self.style = style
    self.message = message
  }

  /// A success toast.
  public static func success(_ message: String) -> ToastEvent { ToastEvent(.success, message) }
  /// An informational toast.
  public static func info(_ message: String) -> ToastEvent { ToastEvent(.info, message) }
  /// An error toast.
  public static func error(_ message: String) -> ToastEvent { ToastEvent(.error, message) }
}
