import Testing

@testable import FunCore

/// A scope's dependencies, as an app writes them: the locator, and one `@Service` per service.
private final class GreeterDependencies: ServiceScope {
  let locator: ServiceLocator
  @Service(.greeter) var greeter: any Greeter
  @Service(.answer) var answer: Int

  init(locator: ServiceLocator) {
    self.locator = locator
  }
}

@Suite("@Service in a ServiceScope")
struct ServiceTests {
  @Test("@Service resolves from the enclosing scope's locator")
  func resolvesFromTheScopesLocator() {
    let locator = ServiceLocator()
    locator.register(.greeter, FixedGreeter("hello"))
    locator.register(.answer, 42)

    let dependencies = GreeterDependencies(locator: locator)

    #expect(dependencies.greeter.greet() == "hello")
    #expect(dependencies.answer == 42)
  }

  @Test("Over a session's scope, the session's services come from the scope and the app's from its parent")
  func resolvesThroughTheScopesParent() {
    let app = ServiceLocator()
    app.register(.greeter, FixedGreeter("app"))
    app.register(.answer, 42)
    let session = app.makeScope()
    session.register(.greeter, FixedGreeter("session"))

    let appDependencies = GreeterDependencies(locator: app)
    let sessionDependencies = GreeterDependencies(locator: session)

    #expect(sessionDependencies.greeter.greet() == "session")
    #expect(sessionDependencies.answer == 42)
    #expect(appDependencies.greeter.greet() == "app")
  }

  @Test("Two scopes over different locators each see their own service")
  func scopesAreIndependent() {
    let first = ServiceLocator()
    first.register(.greeter, FixedGreeter("first"))
    let second = ServiceLocator()
    second.register(.greeter, FixedGreeter("second"))

    let greetings = [first, second].map { GreeterDependencies(locator: $0).greeter.greet() }

    #expect(greetings == ["first", "second"])
  }

  @Test("Nothing is cached in the property: each read resolves, so a lazy factory runs on first read, once")
  func eachReadResolves() {
    let locator = ServiceLocator()
    let builds = CallCounter()
    locator.register(.greeter) { _ in
      builds.increment()
      return FixedGreeter("built") as any Greeter
    }
    let dependencies = GreeterDependencies(locator: locator)
    #expect(builds.value == 0)

    #expect(dependencies.greeter.greet() == "built")
    #expect(dependencies.greeter.greet() == "built")
    #expect(builds.value == 1)

    locator.register(.greeter, FixedGreeter("replaced"))
    #expect(dependencies.greeter.greet() == "replaced")
  }

  @Test("A service missing from the scope stops the program with a message naming the key and the type")
  func missingServiceStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = GreeterDependencies(locator: ServiceLocator()).greeter
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("No service registered for key 'greeter'"), "\(message)")
    #expect(message.contains("Greeter"), "\(message)")
  }
}
