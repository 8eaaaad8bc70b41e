/// A short message shown on the bottom line for a while: a confirmation, a notice or an error.
///
/// Its ``text`` is resolved in the screen's language when it is drawn; ``message`` is the same
/// text in English, for the log. Two toasts are equal when they read the same in English, so a
/// toast from data (``LocalizedText/verbatim(_:)``) and one from the tables that say the same
/// are one toast to the queue that drops repeats.
public struct ToastEvent: Hashable, Sendable {
  /// What kind of message it is, which decides its colour and symbol.
  public enum Style: String, Hashable, Sendable {
    case success, info, error
  }

  /// The kind of message.
  public let style: Style
  /// The text, in no language yet.
  public let text: LocalizedText

  /// The text in English, as the log writes it.
  public var message: String { text.description }

  /// Creates a toast of `text`.
  init(_ style: Style, _ text: LocalizedText) {
    self.style = style
    self.text = text
  }

  /// A success toast.
  public static func success(_ text: LocalizedText) -> ToastEvent { ToastEvent(.success, text) }
  /// An informational toast.
  public static func info(_ text: LocalizedText) -> ToastEvent { ToastEvent(.info, text) }
  /// An error toast.
  public static func error(_ text: LocalizedText) -> ToastEvent { ToastEvent(.error, text) }

  public static func == (lhs: ToastEvent, rhs: ToastEvent) -> Bool {
    lhs.style == rhs.style && lhs.message == rhs.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(message)
  }
}
