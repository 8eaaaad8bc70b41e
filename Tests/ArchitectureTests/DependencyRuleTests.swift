import Foundation
import Testing

@testable import LayeringChecker

/// Every source file of the layers and harnesses, read once (no dump-package runs needed).
private let sources = Task {
  let table = try LayerTable.load(from: repositoryRoot.appending(path: LayerTable.fileName))
  let directories = try RepositorySnapshot.packageDirectories(under: repositoryRoot, table: table)
  return try RepositorySnapshot.sourceFiles(under: repositoryRoot, packageDirectories: directories)
}

/// A planted source and what the rule must say about it.
struct PlantedSource: CustomTestStringConvertible, Sendable {
  let name: String
  let path: String
  let code: String
  /// `kind@line` of every violation, in order.
  let expected: [String]

  var testDescription: String { name }
}

@Suite("Dependency rule")
struct DependencyRuleTests {
  @Test(
    "The repository follows the dependency story: the locator read only in the two scopes, values below through init")
  func repositoryFollowsTheRule() async throws {
    let files = try await sources.value
    let checked = files.filter { DependencyRule.applies(to: $0.path) }
    #expect(checked.count > 100, "the scan found too few sources")
    // Each allowed entry names something that exists, so a rename cannot leave the list stale.
    for entry in DependencyRule.locatorFiles.map(\.path) + DependencyRule.scopeFiles {
      #expect(checked.contains { $0.path == entry || (entry.hasSuffix("/") && $0.path.hasPrefix(entry)) }, "\(entry)")
    }

    for file in checked {
      for violation in DependencyRule.violations(path: file.path, text: file.text) {
        Issue.record(Comment(rawValue: violation.description))
      }
    }
  }

  @Test("The rule fails on this very tree once a ViewModel names the locator")
  func ruleCanFailHere() async throws {
    let files = try await sources.value
    let path = "ViewModel/Sources/FunViewModel/Home/HomeViewModel.swift"
    let home = try #require(files.first { $0.path == path })
    let planted = home.text + "\nextension HomeViewModel {\n  func leak(_ locator: ServiceLocator) {}\n}\n"
    let line = home.text.split(separator: "\n", omittingEmptySubsequences: false).count + 2

    let violations = DependencyRule.violations(path: path, text: planted)

    #expect(
      violations.map(\.description) == [
        "\(path):\(line): service-below-coordinators: `ServiceLocator` below the coordinators: take services through init"
      ])
  }

  static let planted: [PlantedSource] = [
    PlantedSource(
      name: "@Service in a struct",
      path: "Coordinator/Sources/FunCoordinator/Tabs/HomeCoordinator.swift",
      code: """
        struct HomeServices {
          @Service(.network) var network: any NetworkService
        }
        """,
      expected: ["service-outside-scope@2"]),
    PlantedSource(
      name: "@Service in one of the two scopes",
      path: "Coordinator/Sources/FunCoordinator/App/SessionDependencies.swift",
      code: """
        final class SessionDependencies: ServiceScope {
          let locator: ServiceLocator
          class func describe() -> String { "session" }
          @Service(.network) var network: any NetworkService
        }
        """,
      expected: []),
    PlantedSource(
      name: "a type nested in a scope is not the scope",
      path: "Coordinator/Sources/FunCoordinator/App/SessionDependencies.swift",
      code: """
        final class SessionDependencies: ServiceScope {
          struct Inner {
            @Service(.network) var network: any NetworkService
          }
          @Service(.toasts) var toasts: any ToastService
        }
        """,
      expected: ["service-outside-scope@3"]),
    PlantedSource(
      name: "a third scope",
      path: "Coordinator/Sources/FunCoordinator/Tabs/HomeCoordinator.swift",
      code: """
        final class HomeDependencies: ServiceScope {
          let locator: ServiceLocator
          @Service(.network) var network: any NetworkService
        }
        """,
      expected: ["undeclared-scope@1", "locator-outside-root@2"]),
    PlantedSource(
      name: "a coordinator resolving by itself",
      path: "Coordinator/Sources/FunCoordinator/Tabs/TabCoordinator.swift",
      code: """
        let favorites = try dependencies.locator.resolve(.favorites)
        let toasts = dependencies.locator.resolveIfRegistered(.toasts)
        let child = dependencies.locator.makeScope()
        """,
      expected: ["locator-outside-root@1", "locator-outside-root@2", "locator-outside-root@3"]),
    PlantedSource(
      name: "a resolve that is not the locator's",
      path: "App/Sources/FunApp/FunMain.swift",
      code: "let folder = StateDirectory.resolve(explicit: options.stateDirectory, environment: environment)",
      expected: []),
    PlantedSource(
      name: "App code outside the composition root holding the locator",
      path: "App/Sources/FunApp/FunMain.swift",
      code: "let locator: ServiceLocator = try CompositionRoot.makeLocator(options: options, time: time)",
      expected: ["locator-outside-root@1"]),
    PlantedSource(
      name: "a TaskLocal binding, even where the locator may be named",
      path: "Coordinator/Sources/FunCoordinator/App/RootCoordinator.swift",
      code: """
        let services = ServiceLocator.$current.withValue(locator) { RootDependencies() }
        """,
      expected: ["task-local-locator@1"]),
    PlantedSource(
      name: "a TaskLocal locator declared in Core",
      path: "Core/Sources/FunCore/ServiceLocator/ServiceLocator.swift",
      code: """
        extension ServiceLocator {
          @TaskLocal public static var current = ServiceLocator()
        }
        """,
      expected: ["task-local-locator@2"]),
    PlantedSource(
      name: "a ViewModel holding the locator or the wrapper",
      path: "ViewModel/Sources/FunViewModel/Home/HomeViewModel.swift",
      code: """
        final class HomeViewModel {
          let locator: ServiceLocator
          @Service(.network) var network: any NetworkService
          let toasts = Service(.toasts)
        }
        """,
      expected: [
        "service-below-coordinators@2", "service-below-coordinators@3", "service-below-coordinators@4",
      ]),
    PlantedSource(
      name: "a service conforming to ServiceScope",
      path: "Services/Sources/FunServices/Catalog/CatalogNetworkService.swift",
      code: "final class CatalogNetworkService: ServiceScope {}",
      expected: ["service-below-coordinators@1"]),
    PlantedSource(
      name: "a ViewModel's coordinator held strongly, or taken through init",
      path: "ViewModel/Sources/FunViewModel/Home/HomeViewModel.swift",
      code: """
        final class HomeViewModel {
          public var coordinator: (any HomeCoordinating)?
          init(catalog: CatalogStore, coordinator: any HomeCoordinating) {}
        }
        """,
      expected: ["coordinator-hand-off@2", "coordinator-hand-off@3"]),
    PlantedSource(
      name: "a ViewModel as it should be; comments and strings never count",
      path: "ViewModel/Sources/FunViewModel/Home/HomeViewModel.swift",
      code: """
        final class HomeViewModel {
          /// Set by the coordinator that creates it; not a ServiceLocator, not a @Service.
          @ObservationIgnored public private(set) weak var coordinator: (any HomeCoordinating)?
          func open() {
            coordinator?.showDetail(for: item)
            log("ServiceLocator.$current")
          }
        }
        """,
      expected: []),
    PlantedSource(
      name: "the composition root's hook in Model names the locator",
      path: "Model/Sources/FunModel/Services/SessionServicesRegistrar.swift",
      code: "func registerServices(for session: Session, in scope: ServiceLocator)",
      expected: []),
    PlantedSource(
      name: "the benchmark measures the locator, wherever it lives",
      path: "Benchmarks/Sources/fun-bench/LocatorBenchmark.swift",
      code: """
        private final class Dependencies: ServiceScope {
          let locator: ServiceLocator
          @Service(.logger) var logger: any LoggerService
        }
        """,
      expected: []),
  ]

  @Test("The rule catches each kind of violation, at its line, and nothing else", arguments: planted)
  func ruleCatchesEachKind(source: PlantedSource) {
    let violations = DependencyRule.violations(path: source.path, text: source.code)
    #expect(violations.map { "\($0.kind.rawValue)@\($0.line)" } == source.expected)
    #expect(violations.allSatisfy { $0.file == source.path && !$0.message.isEmpty })
  }

  @Test("Every kind of violation has a planted case")
  func everyKindIsPlanted() {
    let planted = Set(Self.planted.flatMap(\.expected).map { String($0.prefix { $0 != "@" }) })
    #expect(planted == Set(DependencyRule.Kind.allCases.map(\.rawValue)))
  }

  @Test("Tests are not read: they build their own locators, as a composition root does")
  func testsAreNotRead() {
    #expect(!DependencyRule.applies(to: "Coordinator/Tests/FunCoordinatorTests/Support/AppHarness.swift"))
    #expect(DependencyRule.applies(to: "Coordinator/Sources/FunCoordinator/App/AppCoordinator.swift"))
  }
}
