import FunModelTestSupport
import Observation
import Testing

@testable import FunCore
@testable import FunViewModel

/// A condition the spinner follows, observable as a screen's busy state is.
@Observable
@MainActor
private final class Work {
  var isUnderWay = false
}

@Suite("ActivitySpinner")
@MainActor
struct ActivitySpinnerTests {
  let time = VirtualTime.forTests()

  @Test("While the condition holds the frame counts one per interval of the clock, and only as the clock moves")
  func ticksWithTheClock() async throws {
    let work = Work()
    let spinner = ActivitySpinner(clock: time.clock, tasks: time.tasks)
    spinner.follow { work.isUnderWay }
    try await time.advance(by: .seconds(1))
    #expect(spinner.frame == 0, "nothing under way, nothing ticks")

    work.isUnderWay = true
    try await time.settle()
    #expect(spinner.frame == 0)
    try await time.advance(by: ActivitySpinner.interval * 3)
    #expect(spinner.frame == 3)
    try await time.advance(by: ActivitySpinner.interval / 2)
    #expect(spinner.frame == 3)
    // Idle while it ticks: settling returns with the ticker parked on the clock.
    try await time.settle()
    #expect(spinner.frame == 3)
  }

  @Test("When the condition stops holding the frame goes back to 0 and the ticking stops; it starts afresh")
  func stopsAndRestarts() async throws {
    let work = Work()
    let spinner = ActivitySpinner(clock: time.clock, tasks: time.tasks)
    spinner.follow { work.isUnderWay }
    work.isUnderWay = true
    try await time.settle()
    try await time.advance(by: ActivitySpinner.interval * 2)
    #expect(spinner.frame == 2)
    work.isUnderWay = false
    try await time.settle()
    #expect(spinner.frame == 0)
    #expect(time.tasks.busyTaskNames.isEmpty)
    try await time.advance(by: .seconds(5))
    #expect(spinner.frame == 0)
    work.isUnderWay = true
    try await time.settle()
    try await time.advance(by: ActivitySpinner.interval)
    #expect(spinner.frame == 1)
  }
}
