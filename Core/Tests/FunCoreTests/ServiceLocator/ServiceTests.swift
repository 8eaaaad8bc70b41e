import FunCore
import Testing

/// Resolves its greeter from whatever locator is current when it is created.
private struct CurrentLocatorConsumer {
  @Service(.greeter) var greeter: any Greeter
}

/// Resolves its greeter from a locator it is handed.
private struct ExplicitLocatorConsumer {
  @Service var greeter: any Greeter

  init(locator: ServiceLocator) {
    _greeter = Service(.greeter, locator: locator)
  }
}

@Suite("@Service property wrapper")
struct ServiceTests {
  @Test("@Service resolves from an explicitly passed locator")
  func resolvesFromExplicitLocator() {
    let locator = ServiceLocator()
    locator.register(.greeter, FixedGreeter("explicit"))

    let consumer = ExplicitLocatorConsumer(locator: locator)

    #expect(consumer.greeter.greet() == "explicit")
  }

  @Test("@Service resolves from the locator bound to the current task")
  func resolvesFromTaskLocalLocator() {
    let locator = ServiceLocator()
    locator.register(.greeter, FixedGreeter("bound"))

    let consumer = ServiceLocator.$current.withValue(locator) {
      CurrentLocatorConsumer()
    }

    #expect(consumer.greeter.greet() == "bound")
  }

  @Test("Two tasks bound to different locators each see their own service")
  func taskLocalBindingsAreIndependent() async {
    let first = ServiceLocator()
    first.register(.greeter, FixedGreeter("first"))
    let second = ServiceLocator()
    second.register(.greeter, FixedGreeter("second"))

    async let fromFirst = ServiceLocator.$current.withValue(first) {
      CurrentLocatorConsumer().greeter.greet()
    }
    async let fromSecond = ServiceLocator.$current.withValue(second) {
      CurrentLocatorConsumer().greeter.greet()
    }

    #expect(await [fromFirst, fromSecond] == ["first", "second"])
  }

  @Test("Unbound, the current locator is empty rather than shared state")
  func unboundCurrentLocatorIsEmpty() {
    #expect(!ServiceLocator.current.isRegistered(.greeter))
  }
}
