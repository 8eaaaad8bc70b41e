/// Declares a service of a ``ServiceScope``: a property that resolves its key from the scope's
/// locator.
///
/// ```swift
/// @Service(.network) var network: any NetworkService
/// ```
///
/// It compiles only inside a class that conforms to ``ServiceScope`` (anywhere else the
/// compiler says so), which keeps the reading of the locator in one place per scope.
///
/// Each read resolves the key from ``ServiceScope/locator``: a lock and a dictionary lookup,
/// with nothing cached here (the locator keeps what its factories built). A missing service is
/// a programming error in the composition root, so it stops the program with the message of
/// ``ServiceLocatorError``, which names the key and the type;
/// ``ServiceLocator/verify(_:ownOnly:)`` at start-up catches it before any screen shows. So
/// does a read after the scope has ended: whatever reads it outlived its scope.
@propertyWrapper
public struct Service<Value: Sendable>: Sendable {
  @usableFromInline let key: ServiceKey<Value>

  /// Declares a property that resolves `key` from its enclosing ``ServiceScope``.
  public init(_ key: ServiceKey<Value>) {
    self.key = key
  }

  /// Never called: a scope's property reads through the enclosing-instance subscript below.
  /// Unavailable, so that `@Service` outside a ``ServiceScope`` class fails to compile.
  @available(*, unavailable, message: "@Service resolves only inside a class that conforms to ServiceScope")
  public var wrappedValue: Value {
    fatalError("@Service resolves only inside a ServiceScope")
  }

  /// The service, resolved from the enclosing scope's locator.
  @inlinable
  public static subscript<Scope: ServiceScope>(
    _enclosingInstance scope: Scope,
    wrapped wrappedKeyPath: KeyPath<Scope, Value>,
    storage storageKeyPath: KeyPath<Scope, Self>
  ) -> Value {
    let key = scope[keyPath: storageKeyPath].key
    do {
      return try scope.locator.resolve(key)
    } catch {
      fatalError(error.description)
    }
  }
}
