import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport
import Synchronization
import Testing

@testable import FunApp

/// ``FunApplication/settle(size:)``: yields while the frame keeps changing, stops once it is quiet.
@Suite("FunApplication settling", .timeLimit(.minutes(1)))
@MainActor
struct FunApplicationSettleTests {
  private let size = TerminalSize.standard

  /// The real app on a manual clock, started and settled; `network` replaces its catalog loader.
  private func startedApplication(
    in directory: TemporaryDirectory,
    network: (any NetworkService)? = nil
  ) async throws -> FunApplication {
    var options = AppOptions()
    options.stateDirectory = directory.url.path
    let locator = try CompositionRoot.makeLocator(options: options, clock: ManualClock(), environment: [:])
    if let network {
      locator.register(.network, network)
    }
    let application = FunApplication(locator: locator, styleSupport: .none)
    application.start()
    await application.settle(size: size)
    return application
  }

  /// Hops with nothing visible in between, then a visible change, again and again: far more
  /// hops in all than a fixed 64 yields would allow for.
  @Test("Work that changes the frame every few hops is waited for to its end")
  func waitsWhileTheFrameChanges() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let application = try await startedApplication(in: directory)
    let steps = 40
    // Well inside the quiet window, as the app's own chains are: the main actor's turns are
    // not strictly fair when other suites run beside this one.
    let hopsBetweenChanges = FunApplication.quietYields / 4
    var finishedSteps = 0
    Task {
      for step in 0..<steps {
        for _ in 0..<hopsBetweenChanges { await Task.yieldToQueuedWork() }
        application.coordinator.tabBar.select(Tab.allCases[(step + 1) % Tab.allCases.count])
        finishedSteps += 1
      }
    }

    await application.settle(size: size)

    #expect(steps * hopsBetweenChanges > 64)
    #expect(finishedSteps == steps)
    #expect(application.coordinator.tabBar.selectedTab == Tab.allCases[steps % Tab.allCases.count])
  }

  @Test("Work that never stops changing the frame cannot keep settle from returning")
  func boundedWhenWorkNeverEnds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let application = try await startedApplication(in: directory)
    var changes = 0
    let endless = Task {
      while !Task.isCancelled {
        await Task.yieldToQueuedWork()
        application.coordinator.tabBar.select(changes % 2 == 0 ? .search : .home)
        changes += 1
      }
    }

    await application.settle(size: size)
    endless.cancel()

    // Returning at all is the point (the suite's time limit catches a hang). The changes show it
    // did not stop at the first quiet window: more than the 64 yields of a fixed settle. Not one
    // per settle yield: when suites run in parallel, their main-actor work shares the turns.
    #expect(changes > 64)
  }

  @Test("Settling an idle app changes nothing and returns after the quiet yields alone")
  func idleReturnsPromptly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let application = try await startedApplication(in: directory)
    let before = application.frame(size: size).plainText
    var hopsWhileSettling = 0
    let counter = Task {
      while !Task.isCancelled {
        hopsWhileSettling += 1
        await Task.yieldToQueuedWork()
      }
    }
    await Task.yieldToQueuedWork()
    hopsWhileSettling = 0

    await application.settle(size: size)
    counter.cancel()

    #expect(application.frame(size: size).plainText == before)
    // About one turn per settle yield; the bound allows for the main actor's uneven turns and
    // is still well under the 64 yields a fixed settle made.
    #expect(hopsWhileSettling <= 2 * FunApplication.quietYields + 1)
  }

  @Test("A request in flight is waited for to its end, however many rounds of polling that takes")
  func waitsForRequestsInFlight() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Far more polls than the yield budget would allow if each poll were charged to it.
    let network = HeldRequestNetwork(
      releaseAfterPolls: FunApplication.maximumSettleYields / FunApplication.quietYields + 100)
    let application = try await startedApplication(in: directory, network: network)

    #expect(network.polls > FunApplication.maximumSettleYields / FunApplication.quietYields)
    #expect(network.requestsInFlight == 0)
    #expect(application.frame(size: size).plainText.contains(CatalogFixtures.items[0].title))
  }
}

/// A catalog load that stays in flight until script mode has asked about it `releaseAfterPolls`
/// times, standing in for a slow server without a clock.
private final class HeldRequestNetwork: NetworkService {
  private struct State {
    var polls = 0
    var inFlight = 0
    var pending: CheckedContinuation<Void, Never>?
  }

  private let releaseAfterPolls: Int
  private let state = Locked(State())

  init(releaseAfterPolls: Int) {
    self.releaseAfterPolls = releaseAfterPolls
  }

  /// How many times `requestsInFlight` was read while a load was held.
  var polls: Int {
    state.withLock { $0.polls }
  }

  var requestsInFlight: Int {
    let (inFlight, release) = state.withLock { state -> (Int, CheckedContinuation<Void, Never>?) in
      guard state.inFlight > 0 else { return (0, nil) }
      state.polls += 1
      guard state.polls >= releaseAfterPolls, let pending = state.pending else { return (state.inFlight, nil) }
      state.pending = nil
      state.inFlight = 0
      return (1, pending)
    }
    release?.resume()
    return inFlight
  }

  func fetchCatalog() async throws(AppError) -> [FeaturedItem] {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        state.inFlight = 1
        state.pending = continuation
      }
    }
    return CatalogFixtures.items
  }
}
