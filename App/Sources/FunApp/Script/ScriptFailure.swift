/// Why a script command failed; printed as `error: line N: <message>`.
struct ScriptFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason.
  let message: String

  /// Creates a failure.
  init(_ message: String) {
    self.message = message
  }

  var description: String {
    message
  }
}
