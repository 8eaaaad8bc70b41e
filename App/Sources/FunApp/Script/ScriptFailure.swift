/// Why a script command failed; printed as `error: line N: <message>`.
struct ScriptFailure: Error, Equatable, Sendable, CustomStringConvertible {
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String {
    message
  }
}
