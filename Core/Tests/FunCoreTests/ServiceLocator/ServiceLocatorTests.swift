import Testing

@testable import FunCore

@Suite("ServiceLocator")
struct ServiceLocatorTests {
  @Test("A registered instance resolves with its key's type and no cast")
  func resolvesRegisteredInstance() throws {
    let locator = ServiceLocator()
    locator.register(.greeter, FixedGreeter("hello"))

    let greeter: any Greeter = try locator.resolve(.greeter)

    #expect(greeter.greet() == "hello")
  }

  @Test("Registering again under the same key replaces the service")
  func registeringAgainReplaces() throws {
    let locator = ServiceLocator()
    locator.register(.userName, "first")
    locator.register(.userName, "second")

    #expect(try locator.resolve(.userName) == "second")
  }

  @Test("A lazy factory does not run until the first resolve, then runs exactly once")
  func lazyFactoryRunsOnceOnFirstResolve() throws {
    let locator = ServiceLocator()
    let calls = CallCounter()
    locator.register(.greeter) { _ in
      calls.increment()
      return FixedGreeter("made \(calls.value)")
    }
    #expect(calls.value == 0)

    let first = try locator.resolve(.greeter)
    let second = try locator.resolve(.greeter)

    #expect(calls.value == 1)
    #expect(first.greet() == "made 1")
    #expect((first as? FixedGreeter) === (second as? FixedGreeter))
  }

  @Test("A missing service fails with a message naming the key and the requested type")
  func notRegisteredNamesKeyAndType() {
    let locator = ServiceLocator()

    let error = #expect(throws: ServiceLocatorError.self) {
      try locator.resolve(.greeter)
    }

    #expect(error == .notRegistered(ServiceKey<any Greeter>.greeter.erased))
    let message = error?.description ?? ""
    #expect(message.contains("'greeter'"))
    #expect(message.contains("Greeter"))
  }

  @Test("A service of the wrong type fails with a message naming the key and both types")
  func typeMismatchNamesKeyAndTypes() {
    let locator = ServiceLocator()
    locator.register(ServiceKey<Int>("port"), 8080)

    let error = #expect(throws: ServiceLocatorError.self) {
      try locator.resolve(ServiceKey<String>("port"))
    }

    guard case .typeMismatch(let key, let registeredType) = error else {
      Issue.record("expected typeMismatch, got \(String(describing: error))")
      return
    }
    #expect(key.name == "port")
    #expect(registeredType == "Swift.Int")
    let message = error?.description ?? ""
    #expect(message.contains("'port'"))
    #expect(message.contains("Swift.Int"))
    #expect(message.contains("Swift.String"))
  }

  @Test("A type mismatch under a protocol key names the service's own type")
  func typeMismatchNamesDynamicType() {
    let locator = ServiceLocator()
    locator.register(.greeter, FixedGreeter("hello") as any Greeter)

    let error = #expect(throws: ServiceLocatorError.self) {
      try locator.resolve(ServiceKey<String>("greeter"))
    }

    guard case .typeMismatch(_, let registeredType) = error else {
      Issue.record("expected typeMismatch, got \(String(describing: error))")
      return
    }
    #expect(registeredType.hasSuffix("FixedGreeter"))
  }

  @Test("verify reports every missing required service at once, not just the first")
  func verifyListsAllMissingKeys() {
    let locator = ServiceLocator()
    locator.register(.userName, "ada")
    let required = [
      ServiceKey<any Greeter>.greeter.erased,
      ServiceKey<String>.userName.erased,
      ServiceKey<Int>.answer.erased,
    ]

    let error = #expect(throws: ServiceLocatorError.self) {
      try locator.verify(required)
    }

    #expect(error == .missingServices([required[0], required[2]]))
    let message = error?.description ?? ""
    #expect(message.contains("'greeter'"))
    #expect(message.contains("'answer' (Swift.Int)"))
    #expect(!message.contains("userName"))
  }

  @Test("verify passes when every required service is registered, lazily or not")
  func verifyPassesWhenComplete() throws {
    let locator = ServiceLocator()
    locator.register(.userName, "ada")
    locator.register(.answer) { _ in 42 }

    try locator.verify([ServiceKey<String>.userName.erased, ServiceKey<Int>.answer.erased])
  }

  @Test("A factory may resolve another service from the locator it is given")
  func factoryResolvesAnotherService() throws {
    let locator = ServiceLocator()
    locator.register(.userName, "Ada")
    locator.register(.greeter) { locator in
      FixedGreeter("Hello, \((try? locator.resolve(.userName)) ?? "nobody")")
    }

    #expect(try locator.resolve(.greeter).greet() == "Hello, Ada")
  }

  @Test("Many tasks registering and resolving at once each get their own service")
  func concurrentRegisterAndResolve() async throws {
    let locator = ServiceLocator()
    locator.register(.userName, "shared")
    let taskCount = 200

    let results = await withTaskGroup(of: (Int, String?, String?).self) { group in
      for index in 0..<taskCount {
        group.addTask {
          let key = ServiceKey<String>("service-\(index)")
          if index.isMultiple(of: 2) {
            locator.register(key, "value-\(index)")
          } else {
            locator.register(key) { _ in "value-\(index)" }
          }
          return (index, try? locator.resolve(key), try? locator.resolve(.userName))
        }
      }
      var results: [(Int, String?, String?)] = []
      for await result in group {
        results.append(result)
      }
      return results
    }

    #expect(results.count == taskCount)
    for (index, own, shared) in results {
      #expect(own == "value-\(index)")
      #expect(shared == "shared")
    }
    try locator.verify((0..<taskCount).map { ServiceKey<String>("service-\($0)").erased })
  }

  @Test("Tasks racing on one lazy service all get the same instance")
  func concurrentLazyResolveSharesOneInstance() async throws {
    let locator = ServiceLocator()
    locator.register(.greeter) { _ in FixedGreeter("lazy") }

    let instances = await withTaskGroup(of: FixedGreeter?.self) { group in
      for _ in 0..<100 {
        group.addTask { (try? locator.resolve(.greeter)) as? FixedGreeter }
      }
      var instances: [FixedGreeter?] = []
      for await instance in group {
        instances.append(instance)
      }
      return instances
    }

    let stored = try #require(locator.resolve(.greeter) as? FixedGreeter)
    #expect(instances.count == 100)
    #expect(instances.allSatisfy { $0 === stored })
  }
}
