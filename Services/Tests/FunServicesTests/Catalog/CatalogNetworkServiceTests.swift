import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("CatalogNetworkService, bundled and file sources")
struct CatalogNetworkServiceTests {
  private let time = VirtualTime.forTests()
  private var clock: ManualClock { time.clock }
  private let logger = MockLoggerService()

  private func service(
    _ source: CatalogSource,
    latency: Duration = .milliseconds(300)
  ) -> CatalogNetworkService {
    CatalogNetworkService(
      source: source, clock: clock, logger: logger, latency: latency, toasts: MockToastService())
  }

  /// Starts a fetch in a tracked task and returns once the app is idle again (the fetch
  /// sleeping on the clock, or finished if the service wrongly does not sleep).
  private func startFetch(
    _ service: CatalogNetworkService,
    simulatingFailure: Bool = false,
    finished: Flag
  ) async throws -> TrackedTask<Result<[FeaturedItem], AppError>> {
    let task = time.tasks.start("fetch") {
      let result = await outcome { () async throws(AppError) in
        try await service.fetchCatalog(simulatingFailure: simulatingFailure).items
      }
      finished.set()
      return result
    }
    try await time.settle()
    return task
  }

  @Test("The bundled catalog arrives only after 300 ms of clock time")
  func bundledLatencyInVirtualTime() async throws {
    let service = service(.bundled)
    let finished = Flag()
    let task = try await startFetch(service, finished: finished)

    try await time.advance(by: .milliseconds(299))
    #expect(!finished.isSet)
    #expect(clock.sleeperCount == 1)

    try await time.advance(by: .milliseconds(1))
    let items = try await task.value.get()
    #expect(items.count >= 24)
    #expect(clock.now.offset == .milliseconds(300))
  }

  @Test("Each load is logged at info under the network category")
  func logsLoads() async throws {
    let items = try await service(.bundled, latency: .zero).fetchCatalog(simulatingFailure: false).items
    let network = logger.entries.filter { $0.category == "network" }
    #expect(network.map(\.level) == [.info, .info])
    #expect(network.last?.message == "Loaded \(items.count) items from the bundled catalog")
  }

  @Test("A load that simulates a failure waits the latency, then fails and logs an error")
  func simulatedFailure() async throws {
    let service = service(.bundled)
    let finished = Flag()
    let task = try await startFetch(service, simulatingFailure: true, finished: finished)

    try await time.advance(by: .milliseconds(299))
    #expect(!finished.isSet)
    try await time.advance(by: .milliseconds(1))

    #expect(await task.value == .failure(.simulatedNetworkFailure))
    let last = logger.entries.last
    #expect(last?.level == .error)
    #expect(last?.category == "network")
    #expect(last?.message.contains(AppError.simulatedNetworkFailure.message) == true)
  }

  @Test("Simulating is decided per load, so the next load without it recovers")
  func simulationIsPerLoad() async {
    let service = service(.bundled, latency: .zero)
    #expect(
      await outcome { () async throws(AppError) in try await service.fetchCatalog(simulatingFailure: true).items }
        == .failure(.simulatedNetworkFailure))
    #expect(
      await outcome { () async throws(AppError) in try await service.fetchCatalog(simulatingFailure: false).items }
        .failure
        == nil)
  }

  @Test("A catalog file loads after the same simulated latency")
  func fileSource() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.url.appendingPathComponent("catalog.json")
    try Data(CatalogFixtures.json().utf8).write(to: file)
    let service = service(.file(path: file.path))
    let finished = Flag()
    let task = try await startFetch(service, finished: finished)

    try await time.advance(by: .milliseconds(200))
    #expect(!finished.isSet)
    try await time.advance(by: .milliseconds(100))

    #expect(await task.value == .success(CatalogFixtures.items))
  }

  @Test("A missing catalog file is unreadable, with the path and the system's reason")
  func missingFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("nope.json").path
    let result = await outcome { () async throws(AppError) in
      try await service(.file(path: path), latency: .zero).fetchCatalog(simulatingFailure: false).items
    }
    #expect(result == .failure(.unreadableFile(path: path, reason: .verbatim("No such file or directory"))))
    #expect(logger.entries.last?.level == .error)
  }

  @Test("A directory given as the catalog file is unreadable")
  func directoryAsFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = await outcome { () async throws(AppError) in
      try await service(.file(path: directory.url.path), latency: .zero).fetchCatalog(simulatingFailure: false).items
    }
    #expect(result == .failure(.unreadableFile(path: directory.url.path, reason: .verbatim("Is a directory"))))
  }

  @Test("A malformed catalog file fails with the decoder's precise error")
  func malformedFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.url.appendingPathComponent("catalog.json")
    try Data("{\"items\":[{\"id\":\"x\"}]}".utf8).write(to: file)
    let result = await outcome { () async throws(AppError) in
      try await service(.file(path: file.path), latency: .zero).fetchCatalog(simulatingFailure: false).items
    }
    #expect(result == .failure(.missingField(itemIndex: 0, field: "title")))
  }

  @Test("Cancelling a load during its latency ends it at once with a network error")
  func cancellationDuringLatency() async throws {
    let service = service(.bundled)
    let finished = Flag()
    let task = try await startFetch(service, finished: finished)
    task.cancel()
    #expect(await task.value == .failure(.network(url: "the bundled catalog", reason: L10n.Reason.loadCancelled)))
    #expect(clock.now.offset == .zero)
    #expect(logger.entries.last?.level == .info, "a cancellation is not logged as an error")
    #expect(logger.entries.last?.message == "Loading the catalog from the bundled catalog was cancelled")
  }
}
