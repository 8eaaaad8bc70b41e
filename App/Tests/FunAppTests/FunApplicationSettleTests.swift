import FunCore
import FunFrontend
import FunModel
import Testing

@testable import FunApp

/// ``FunApplication/settle(size:)``: yields while the frame keeps changing, stops once it is quiet.
@Suite("FunApplication settling", .timeLimit(.minutes(1)))
@MainActor
struct FunApplicationSettleTests {
  private let size = TerminalSize.standard

  /// The real app on a manual clock, started and settled.
  private func startedApplication(in directory: TemporaryDirectory) async throws -> FunApplication {
    var options = AppOptions()
    options.stateDirectory = directory.url.path
    let locator = try CompositionRoot.makeLocator(options: options, clock: ManualClock(), environment: [:])
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
}
