/// A typed name for a service in a ``ServiceLocator``.
///
/// The layer that owns a protocol declares its key, so Core never learns the app's services:
///
/// ```swift
/// extension ServiceKey where Value == any NetworkService {
///   public static var network: Self { Self("network") }
/// }
/// ```
///
/// Two keys are the same service when their names are equal; the `Value` type makes
/// `resolve(.network)` return `any NetworkService` with no cast at the use site.
public struct ServiceKey<Value>: Hashable, Sendable, CustomStringConvertible {
  /// The registry name of the service, unique within one locator.
  @usableFromInline let name: String

  /// Creates a key. Names must be unique across the app; the convention is the service's
  /// role in lower camel case (`network`, `favorites`).
  public init(_ name: String) {
    self.name = name
  }

  /// The key with its type erased, for lists of required services.
  public var erased: AnyServiceKey {
    AnyServiceKey(name: name, typeName: String(reflecting: Value.self))
  }

  /// `network: any NetworkService`, as used in error messages.
  public var description: String {
    erased.description
  }
}

/// A ``ServiceKey`` without its value type: a name plus the type's name, used where keys of
/// different types travel together, as in ``ServiceLocator/verify(_:ownOnly:)``.
public struct AnyServiceKey: Hashable, Sendable, CustomStringConvertible {
  /// The registry name of the service.
  let name: String
  /// The fully qualified name of the service's type.
  let typeName: String

  /// `name: TypeName`.
  public var description: String {
    "\(name): \(typeName)"
  }
}
