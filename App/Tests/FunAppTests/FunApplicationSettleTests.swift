import Dispatch
import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// ``FunApplication/settle()``: returns exactly when the app is idle — every task it started
/// waits on the clock or on input — and fails, naming the busy tasks, when that never happens.
@Suite("FunApplication settling", .timeLimit(.minutes(3)))
@MainActor
struct FunApplicationSettleTests {
  private let size = TerminalSize.standard

  /// The real app in virtual time, started and settled; `network` replaces its catalog loader.
  private func startedApplication(
    in directory: TemporaryDirectory,
    // A generous watchdog: the random-script suite keeps the shared main actor busy for
    // seconds, so these chains can wait long for their turns; only the watchdog test uses a
    // short one on purpose.
    time: VirtualTime = VirtualTime(watchdog: .seconds(120)),
    network: (any NetworkService)? = nil
  ) async throws -> FunApplication {
    let application = try virtualApplication(in: directory, time: time, network: network)
    application.start(session: .guest)
    // Start-up is waited for patiently whatever `time`'s watchdog: on a loaded machine the
    // first load can take longer than the watchdog test's 100 ms, which is meant for its
    // spinner alone.
    try await time.tasks.waitUntilIdle(timeout: .seconds(120))
    return application
  }

  @Test("A chain of 100 main-actor hops that shows nothing until its last step is seen by the next command")
  func longInvisibleChain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let time = VirtualTime(watchdog: .seconds(120))
    let application = try await startedApplication(in: directory, time: time)
    let elsewhere = Elsewhere()
    time.tasks.start("hop chain") {
      for _ in 0..<100 {
        await elsewhere.touch()
      }
      application.root.signedIn?.tabBar.send(.select(.settings))
    }

    try await application.settle()

    #expect(application.frame(size: size).plainText.contains("[Settings]"))
  }

  @Test("An idle app settles at once and nothing is busy")
  func idleAppSettles() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let time = VirtualTime(watchdog: .seconds(120))
    let application = try await startedApplication(in: directory, time: time)
    let before = application.frame(size: size).plainText

    try await application.settle()

    #expect(time.tasks.busyTaskNames.isEmpty)
    #expect(application.frame(size: size).plainText == before)
  }

  @Test("Work that never goes idle fails the settle with the names of the busy tasks")
  func neverIdleWorkIsReported() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let time = VirtualTime(watchdog: .milliseconds(100))
    let application = try await startedApplication(in: directory, time: time)
    let spinner = time.tasks.start("spinner") {
      while !Task.isCancelled {
        await Task.yield()
      }
    }
    defer { spinner.cancel() }

    let stillBusy = await #expect(throws: StillBusy.self) {
      try await application.settle()
    }
    #expect(stillBusy?.taskNames == ["spinner"])
  }

  @Test("I/O the app started is busy: a catalog load over a slow transport is waited for")
  func ioInFlightIsBusy() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let application = try await startedApplication(in: directory, network: SlowTransportNetwork())

    #expect(try #require(application.root.signedIn).catalog.hasLoaded)
    #expect(application.frame(size: size).plainText.contains(CatalogFixtures.items[0].title))
  }
}

/// An actor a hop chain bounces through, so every step really leaves the main actor.
private actor Elsewhere {
  func touch() {}
}

/// A catalog load whose answer arrives from another thread 50 ms of real time later, as a
/// response from a server would: not a parking point, so the app is busy until it arrives.
private final class SlowTransportNetwork: NetworkService {
  let sourceKind = CatalogStatus.Source.http(url: "http://example.com/catalog.json")

  func fetchCatalog(
    simulatingFailure: Bool, progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) async throws(AppError) -> CatalogLoad {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
        continuation.resume()
      }
    }
    return CatalogLoad(items: CatalogFixtures.items, loadedAt: MockNetworkService.loadedAt)
  }

  func savedCatalog() async -> Result<CatalogLoad, AppError>? {
    nil
  }
}
