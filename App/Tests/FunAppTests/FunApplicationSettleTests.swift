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

  private func makeApplication(in directory: TemporaryDirectory) throws -> FunApplication {
    var options = AppOptions()
    options.stateDirectory = directory.url.path
    let locator = try CompositionRoot.makeLocator(options: options, clock: ManualClock(), environment: [:])
    let application = FunApplication(locator: locator, styleSupport: .none)
    application.start()
    return application
  }

  /// Hops with nothing visible in between, then a visible change, again and again: far more
  /// hops in all than a fixed number of yields would allow for.
  @Test("Work that changes the frame every few hops is waited for to its end")
  func waitsWhileTheFrameChanges() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let application = try makeApplication(in: directory)
    await application.settle(size: size)
    let steps = 40
    let hopsBetweenChanges = FunApplication.quietYields - 1
    var finishedSteps = 0
    Task {
      for step in 0..<steps {
        for _ in 0..<hopsBetweenChanges { await Task.yield() }
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
    let application = try makeApplication(in: directory)
    await application.settle(size: size)
    var changes = 0
    let endless = Task {
      while !Task.isCancelled {
        await Task.yield()
        application.coordinator.tabBar.select(changes % 2 == 0 ? .search : .home)
        changes += 1
      }
    }

    await application.settle(size: size)
    endless.cancel()

    #expect(changes >= FunApplication.maximumSettleYields / 2)
  }

  @Test("Settling an idle app changes nothing and returns after the quiet yields alone")
  func idleReturnsPromptly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let application = try makeApplication(in: directory)
    await application.settle(size: size)
    let before = application.frame(size: size).plainText
    var hopsWhileSettling = 0
    let counter = Task {
      while !Task.isCancelled {
        hopsWhileSettling += 1
        await Task.yield()
      }
    }
    await Task.yield()
    hopsWhileSettling = 0

    await application.settle(size: size)
    counter.cancel()

    #expect(application.frame(size: size).plainText == before)
    #expect(hopsWhileSettling <= FunApplication.quietYields + 1)
  }
}
