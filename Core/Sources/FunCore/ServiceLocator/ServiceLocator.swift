import Synchronization

/// A registry of the app's services, keyed by typed ``ServiceKey``s.
///
/// Register an instance or a lazy factory per key; resolve it with the key's type and no cast.
/// A factory runs at most once, on first resolve, and its product is kept. A service resolves
/// through a key of the same value type it was registered with: a key's name is declared once,
/// with its type, by the layer that owns the protocol.
///
/// Thread-safety: every method may be called from any thread or task. Factories run outside
/// the lock, so a factory may resolve other services; if two threads race on one lazy service,
/// both may run the factory but every caller gets the first instance stored.
///
/// Tests make their own locator; the app makes one in its composition root and binds it to
/// ``ServiceLocator/current`` for the ``Service`` property wrapper. No process-wide mutable
/// singleton is involved.
public final class ServiceLocator: Sendable {
  private enum Entry {
    case instance(any RegisteredService)
    case factory(@Sendable (ServiceLocator) -> any RegisteredService)
  }

  /// The locator that ``Service`` resolves from in the current task.
  ///
  /// Bind it with `ServiceLocator.$current.withValue(locator) { … }`. Unbound, it is an empty
  /// locator, so a forgotten binding fails loudly instead of reaching shared state.
  @TaskLocal public static var current = ServiceLocator()

  private let entries = Locked<[String: Entry]>([:])

  /// Creates an empty locator.
  public init() {}

  /// Registers an instance, replacing whatever was registered under the key.
  public func register<Value: Sendable>(_ key: ServiceKey<Value>, _ instance: Value) {
    entries.withLock { $0[key.name] = .instance(Registered(value: instance)) }
  }

  /// Registers a factory that builds the service on first resolve, replacing whatever was
  /// registered under the key.
  public func register<Value: Sendable>(
    _ key: ServiceKey<Value>,
    factory: @escaping @Sendable (ServiceLocator) -> Value
  ) {
    entries.withLock { $0[key.name] = .factory { locator in Registered(value: factory(locator)) } }
  }

  /// Removes the registration for the key, if any.
  public func unregister<Value>(_ key: ServiceKey<Value>) {
    _ = entries.withLock { $0.removeValue(forKey: key.name) }
  }

  /// Whether anything is registered under the key's name.
  public func isRegistered<Value>(_ key: ServiceKey<Value>) -> Bool {
    entries.withLock { $0[key.name] != nil }
  }

  /// The service for the key.
  ///
  /// - Throws: ``ServiceLocatorError/notRegistered(_:)`` or
  ///   ``ServiceLocatorError/typeMismatch(_:registeredType:)``, naming the key and the type.
  public func resolve<Value: Sendable>(_ key: ServiceKey<Value>) throws(ServiceLocatorError) -> Value {
    let entry = entries.withLock { $0[key.name] }
    let service: any RegisteredService
    switch entry {
    case nil:
      throw .notRegistered(key.erased)
    case .instance(let instance):
      service = instance
    case .factory(let factory):
      let made = factory(self)
      service = entries.withLock { entries in
        // Keep the first instance if another thread finished the same factory first.
        if case .instance(let stored) = entries[key.name] { return stored }
        entries[key.name] = .instance(made)
        return made
      }
    }
    // A cast to a concrete type compares type metadata; casting the service itself to `Value`
    // (usually a protocol) would search protocol conformances, slow the first time per type.
    guard let typed = service as? Registered<Value> else {
      throw .typeMismatch(key.erased, registeredType: String(reflecting: service.valueType))
    }
    return typed.value
  }

  /// The service for the key, or `nil` when it is missing or of another type.
  public func resolveIfRegistered<Value: Sendable>(_ key: ServiceKey<Value>) -> Value? {
    try? resolve(key)
  }

  /// Checks that every required key is registered, reporting all the missing ones at once.
  ///
  /// Call it at start-up, right after registration, so a missing service fails before any
  /// screen is shown rather than on the first tap that needs it.
  public func verify(_ required: [AnyServiceKey]) throws(ServiceLocatorError) {
    let names = entries.withLock { Set($0.keys) }
    let missing = required.filter { !names.contains($0.name) }
    if !missing.isEmpty {
      throw .missingServices(missing)
    }
  }
}

/// A registered service, whatever its key's type.
private protocol RegisteredService: Sendable {
  /// The dynamic type of the service, for error messages.
  var valueType: any Any.Type { get }
}

/// A service stored with its key's value type.
private struct Registered<Value: Sendable>: RegisteredService {
  let value: Value

  var valueType: any Any.Type {
    // Through `Any`, so that a service stored under a protocol key reports its own type.
    type(of: value as Any)
  }
}
