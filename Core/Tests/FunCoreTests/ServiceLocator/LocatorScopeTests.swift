import Testing

@testable import FunCore

/// A service that records that its scope ended.
private final class ClosingGreeter: Greeter, ScopedService {
  let text: String
  let endings = CallCounter()

  init(_ text: String) {
    self.text = text
  }

  func greet() -> String {
    text
  }

  func scopeDidEnd() {
    endings.increment()
  }
}

/// Records the order services were ended in.
private final class EndOrder: Sendable {
  private let names = Locked<[String]>([])

  var value: [String] {
    names.withLock { $0 }
  }

  func append(_ name: String) {
    names.withLock { $0.append(name) }
  }
}

private struct NamedService: ScopedService {
  let name: String
  let order: EndOrder

  func scopeDidEnd() {
    order.append(name)
  }
}

@Suite("ServiceLocator scopes")
struct LocatorScopeTests {
  @Test("A scope resolves its own services first and everything else from its parent")
  func resolvesThroughToParent() throws {
    let app = ServiceLocator()
    app.register(.greeter, FixedGreeter("app"))
    app.register(.answer, 42)
    let session = app.makeScope()
    session.register(.greeter, FixedGreeter("session"))

    #expect(try session.resolve(.greeter).greet() == "session")
    #expect(try session.resolve(.answer) == 42)
    #expect(try app.resolve(.greeter).greet() == "app")
    #expect(session.parent === app)
  }

  @Test("verify counts the parent's services, and a parent does not count its scope's")
  func verifyCountsParent() throws {
    let app = ServiceLocator()
    app.register(.answer, 42)
    let session = app.makeScope()
    session.register(.userName, "ada")

    try session.verify([ServiceKey<Int>.answer.erased, ServiceKey<String>.userName.erased])
    #expect(throws: ServiceLocatorError.missingServices([ServiceKey<String>.userName.erased])) {
      try app.verify([ServiceKey<Int>.answer.erased, ServiceKey<String>.userName.erased])
    }
    #expect(throws: ServiceLocatorError.missingServices([ServiceKey<any Greeter>.greeter.erased])) {
      try session.verify([ServiceKey<any Greeter>.greeter.erased])
    }
    #expect(throws: ServiceLocatorError.missingServices([ServiceKey<Int>.answer.erased])) {
      try session.verify([ServiceKey<Int>.answer.erased, ServiceKey<String>.userName.erased], ownOnly: true)
    }
  }

  @Test("A missing service names the key, whether asked of a scope or of the app")
  func missingThroughScope() {
    let session = ServiceLocator().makeScope()

    #expect(throws: ServiceLocatorError.notRegistered(ServiceKey<any Greeter>.greeter.erased)) {
      try session.resolve(.greeter)
    }
  }

  @Test("Ending a scope tells each service it built, once, and leaves the parent's alone")
  func endTellsScopedServices() throws {
    let app = ServiceLocator()
    let appGreeter = ClosingGreeter("app")
    app.register(.greeter, appGreeter as any Greeter)
    let session = app.makeScope()
    let sessionGreeter = ClosingGreeter("session")
    session.register(.greeter, sessionGreeter as any Greeter)
    let unbuilt = CallCounter()
    session.register(ServiceKey<any Greeter>("lazy")) { _ in
      unbuilt.increment()
      return ClosingGreeter("lazy") as any Greeter
    }

    session.end()
    session.end()

    #expect(sessionGreeter.endings.value == 1)
    #expect(appGreeter.endings.value == 0)
    #expect(unbuilt.value == 0)
    #expect(throws: ServiceLocatorError.scopeEnded(ServiceKey<any Greeter>.greeter.erased)) {
      try session.resolve(.greeter)
    }
    #expect(try app.resolve(.greeter).greet() == "app")
  }

  @Test("An ended scope resolves nothing, not even through to its parent, and ignores registrations")
  func endedScopeResolvesNothing() {
    let app = ServiceLocator()
    app.register(.answer, 42)
    let session = app.makeScope()
    session.register(.greeter, FixedGreeter("session"))

    session.end()
    session.register(.userName, "late")

    #expect(throws: ServiceLocatorError.scopeEnded(ServiceKey<any Greeter>.greeter.erased)) {
      try session.resolve(.greeter)
    }
    #expect(throws: ServiceLocatorError.scopeEnded(ServiceKey<Int>.answer.erased)) {
      try session.resolve(.answer)
    }
    #expect(throws: ServiceLocatorError.scopeEnded(ServiceKey<String>.userName.erased)) {
      try session.resolve(.userName)
    }
    #expect(ServiceLocatorError.scopeEnded(ServiceKey<Int>.answer.erased).description.contains("'answer'"))
  }

  @Test("Services end in reverse order of registration, so later ones may still use earlier ones")
  func endsInReverseOrder() {
    let order = EndOrder()
    let session = ServiceLocator().makeScope()
    for name in ["first", "second", "third"] {
      session.register(ServiceKey<NamedService>(name), NamedService(name: name, order: order))
    }

    session.end()

    #expect(order.value == ["third", "second", "first"])
  }

  @Test("The scope lets go of its services when it ends")
  func endReleasesServices() {
    let session = ServiceLocator().makeScope()
    weak var weakGreeter: ClosingGreeter?
    do {
      let greeter = ClosingGreeter("session")
      weakGreeter = greeter
      session.register(.greeter, greeter as any Greeter)
    }
    #expect(weakGreeter != nil)

    session.end()

    #expect(weakGreeter == nil)
  }
}
