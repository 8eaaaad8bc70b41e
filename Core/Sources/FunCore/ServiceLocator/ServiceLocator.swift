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
/// Tests make their own locator; the app makes one in its composition root and reads it in one
/// place per scope, a ``ServiceScope`` whose ``Service`` properties resolve from it. No
/// process-wide mutable singleton is involved.
///
/// **Scopes.** ``makeScope()`` makes a child locator: what is registered in it resolves from
/// it, anything else from its parent (and so on up). The app keeps what lives as long as the
/// process in its root locator and gives each session a scope of its own for the session's
/// services. ``end()`` ends a scope: it stops handing services out and tells every service it
/// built that conforms to ``ScopedService`` to let go of what it holds. The parent is not
/// touched.
public final class ServiceLocator: Sendable {
  private enum Entry {
    case instance(any Sendable)
    case factory(@Sendable (ServiceLocator) -> any Sendable)
  }

  private struct State {
    var entries: [String: Entry] = [:]
    /// Names in the order they were first registered, so that ``end()`` ends services in
    /// reverse order: later services may use earlier ones until they have ended.
    var order: [String] = []
    var isEnded = false
  }

  private let state = Locked(State())

  /// The locator this one is a scope of, if any: what is not registered here resolves there.
  let parent: ServiceLocator?

  /// Creates an empty locator.
  public init() {
    parent = nil
  }

  private init(parent: ServiceLocator) {
    self.parent = parent
  }

  /// A new, empty scope whose services resolve from it first and then from this locator.
  public func makeScope() -> ServiceLocator {
    ServiceLocator(parent: self)
  }

  /// Registers an instance, replacing whatever was registered under the key. An ended scope
  /// ignores it.
  public func register<Value: Sendable>(_ key: ServiceKey<Value>, _ instance: Value) {
    store(.instance(instance), for: key.name)
  }

  /// Registers a factory that builds the service on first resolve, replacing whatever was
  /// registered under the key. An ended scope ignores it.
  public func register<Value: Sendable>(
    _ key: ServiceKey<Value>,
    factory: @escaping @Sendable (ServiceLocator) -> Value
  ) {
    store(.factory(factory), for: key.name)
  }

  private func store(_ entry: Entry, for name: String) {
    state.withLock { state in
      guard !state.isEnded else { return }
      if state.entries.updateValue(entry, forKey: name) == nil {
        state.order.append(name)
      }
    }
  }

  /// The service for the key: registered here, else in the parent.
  ///
  /// - Throws: ``ServiceLocatorError/notRegistered(_:)``,
  ///   ``ServiceLocatorError/typeMismatch(_:registeredType:)`` or
  ///   ``ServiceLocatorError/scopeEnded(_:)``, naming the key and the type.
  // Inlinable, so the cast is compiled for the caller's type: a `@Service` read costs about
  // twice a Mutex-guarded dictionary lookup (fun-bench's locator section).
  @inlinable
  func resolve<Value: Sendable>(_ key: ServiceKey<Value>) throws(ServiceLocatorError) -> Value {
    let service = try service(named: key.name, key: key.erased)
    guard let typed = service as? Value else {
      throw .typeMismatch(key.erased, registeredType: String(reflecting: type(of: service)))
    }
    return typed
  }

  /// The service registered under the name, here or in the parent, built on first use.
  @usableFromInline
  func service(named name: String, key: @autoclosure () -> AnyServiceKey) throws(ServiceLocatorError) -> any Sendable {
    let (entry, isEnded) = state.withLock { ($0.entries[name], $0.isEnded) }
    switch entry {
    case nil:
      if isEnded { throw .scopeEnded(key()) }
      guard let parent else { throw .notRegistered(key()) }
      return try parent.service(named: name, key: key())
    case .instance(let instance):
      return instance
    case .factory(let factory):
      let made = factory(self)
      let kept = state.withLock { state -> (any Sendable)? in
        // A scope that ended while the factory ran hands out nothing more.
        if state.isEnded { return nil }
        // Keep the first instance if another thread finished the same factory first.
        if case .instance(let stored) = state.entries[name] { return stored }
        state.entries[name] = .instance(made)
        return made
      }
      guard let kept else {
        (made as? any ScopedService)?.scopeDidEnd()
        throw .scopeEnded(key())
      }
      return kept
    }
  }

  /// Checks that every required key is registered, reporting all the missing ones at once.
  ///
  /// Call it at start-up, right after registration, so a missing service fails before any
  /// screen is shown rather than on the first tap that needs it.
  ///
  /// - Parameters:
  ///   - required: the keys that must be registered.
  ///   - ownOnly: count only what is registered in this scope, not in its parents: a session
  ///     checks that it holds its own services rather than reaching the app's.
  public func verify(_ required: [AnyServiceKey], ownOnly: Bool = false) throws(ServiceLocatorError) {
    let names = ownOnly ? state.withLock { Set($0.entries.keys) } : registeredNames
    let missing = required.filter { !names.contains($0.name) }
    if !missing.isEmpty {
      throw .missingServices(missing)
    }
  }

  private var registeredNames: Set<String> {
    state.withLock { Set($0.entries.keys) }.union(parent?.registeredNames ?? [])
  }

  /// Ends this scope: from now on it resolves nothing (not even through to its parent) and
  /// ignores registrations; every service it built that is a ``ScopedService`` is told, in
  /// reverse order of registration, after the scope has let go of it. Services registered in
  /// the parent are not touched. Ending twice does nothing more.
  ///
  /// The services are told outside the locator's lock, so one may resolve or end anything.
  public func end() {
    let ended = state.withLock { state -> [any ScopedService] in
      guard !state.isEnded else { return [] }
      state.isEnded = true
      let entries = state.entries
      let order = state.order
      state.entries = [:]
      state.order = []
      return order.reversed().compactMap { name in
        guard case .instance(let service) = entries[name] else { return nil }
        return service as? any ScopedService
      }
    }
    for service in ended {
      service.scopeDidEnd()
    }
  }
}

/// A service that lives as long as the scope it is registered in — a session — and has to let
/// go of what it holds when that scope ends: finish its streams, close its files, cancel its
/// work.
///
/// ``ServiceLocator/end()`` calls ``scopeDidEnd()`` once, after the scope has stopped handing
/// the service out. Someone may still hold the service; after this call it must stay safe to
/// use and do nothing lasting (no more writes).
public protocol ScopedService: Sendable {
  /// Releases what the service holds; called once, when its scope ends.
  func scopeDidEnd()
}
