/// Injects a service from ``ServiceLocator/current`` into a property.
///
/// ```swift
/// @Service(.network) var network: any NetworkService
/// ```
///
/// The service is resolved once, when the owner is initialised, from the locator bound to the
/// current task (or the one passed explicitly). A missing service is a programming error in
/// the composition root, so it stops the program with the message of ``ServiceLocatorError``,
/// which names the key and the type; ``ServiceLocator/verify(_:ownOnly:)`` at start-up catches it
/// earlier.
@propertyWrapper
public struct Service<Value: Sendable>: Sendable {
  /// The resolved service.
  public let wrappedValue: Value

  /// Resolves `key` from `locator`, by default the task's ``ServiceLocator/current``.
  public init(_ key: ServiceKey<Value>, locator: ServiceLocator = ServiceLocator.current) {
    do {
      wrappedValue = try locator.resolve(key)
    } catch {
      fatalError(error.description)
    }
  }
}
