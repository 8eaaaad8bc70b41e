/// Why a script command failed; printed as `error: line N: <message>`.
public struct ScriptFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason.
  public let message: String

  /// Creates a failure.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String {
    message
  }
}
