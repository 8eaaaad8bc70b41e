/// Why a ``ServiceLocator`` could not hand out a service.
///
/// Every case names the key and the type that was asked for, so the message alone says what
/// to register and where.
public enum ServiceLocatorError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing is registered under the key.
  case notRegistered(AnyServiceKey)
  /// Something is registered under the key's name, but it is not of the requested type.
  case typeMismatch(AnyServiceKey, registeredType: String)
  /// The key was asked of a scope that has ended (a session after sign-out).
  case scopeEnded(AnyServiceKey)
  /// A start-up check found these required services missing (all of them, not just the first).
  case missingServices([AnyServiceKey])

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .notRegistered(let key):
      "No service registered for key '\(key.name)' (requested type \(key.typeName)). "
        + "Register it in the composition root before it is resolved."
    case .typeMismatch(let key, let registeredType):
      "Service '\(key.name)' is registered as \(registeredType), "
        + "but \(key.typeName) was requested."
    case .scopeEnded(let key):
      "Service '\(key.name)' (\(key.typeName)) was requested from a scope that has ended; "
        + "whatever asks for it outlived its session."
    case .missingServices(let keys):
      "Missing required services: "
        + keys.map { "'\($0.name)' (\($0.typeName))" }.joined(separator: ", ")
    }
  }
}
