import FunModel

extension ToastEvent {
  /// A success toast of text from data, shown as it is in every language: how a test names the
  /// toast it expects.
  public static func success(_ message: String) -> ToastEvent { .success(.verbatim(message)) }
  /// An informational toast of text from data, shown as it is in every language.
  public static func info(_ message: String) -> ToastEvent { .info(.verbatim(message)) }
  /// An error toast of text from data, shown as it is in every language.
  public static func error(_ message: String) -> ToastEvent { .error(.verbatim(message)) }
}
