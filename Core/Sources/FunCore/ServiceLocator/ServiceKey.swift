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
  public let name: String

  /// Creates a key. Names must be unique across the app; the convention is the service's
  /// role in lower camel case (`network`, `favorites`).
  public init(_ name: String) {
    self.name = name
  }

  /// The key with its type erased, for lists of required services.
  public var erased: AnyServiceKey {
    AnyServiceKey(name: name, valueType: Value.self)
  }

  /// `network: any NetworkService`, as used in error messages.
  public var description: String {
    erased.description
  }
}

/// A ``ServiceKey`` without its value type: a name plus the type, used where keys of
/// different types travel together, as in ``ServiceLocator/verify(_:ownOnly:)``.
///
/// The type's name is worked out only when a message needs it: spelling a type goes through
/// the runtime's reflection and protocol-conformance lookups, which cost start-up time when
/// done for every key the app checks.
public struct AnyServiceKey: Hashable, Sendable, CustomStringConvertible {
  /// The registry name of the service.
  public let name: String
  /// The service's type.
  public let valueType: any Any.Type

  /// Creates a key from its name and the type its service has.
  public init(name: String, valueType: any Any.Type) {
    self.name = name
    self.valueType = valueType
  }

  /// The fully qualified name of the service's type.
  public var typeName: String {
    String(reflecting: valueType)
  }

  /// `name: TypeName`.
  public var description: String {
    "\(name): \(typeName)"
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && ObjectIdentifier(lhs.valueType) == ObjectIdentifier(rhs.valueType)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(ObjectIdentifier(valueType))
  }
}
