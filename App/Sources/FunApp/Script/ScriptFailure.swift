import FunModel

/// Why a script command failed: printed in English as `error: line N: <message>` in script
/// mode, shown in the app's language as an error toast on the `:` line.
struct ScriptFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason, in any language.
  let text: LocalizedText

  /// A failure whose reason comes from the string tables.
  init(_ text: LocalizedText) {
    self.text = text
  }

  /// A failure only script mode reports (what the screen reader said, tasks still busy): it
  /// stays English, as script mode's own output does.
  init(_ message: String) {
    text = .verbatim(message)
  }

  /// The reason in English, as script mode prints it.
  var message: String {
    text.description
  }

  var description: String {
    message
  }
}
