import FunCore
import Testing

/// What woke up and when, in the order it happened. Main-actor bound, like the tasks that
/// write to it, so the order is exactly the order the clock resumed them.
@MainActor
private final class WakeLog {
  var entries: [(name: String, now: ManualClock.Instant)] = []

  var names: [String] { entries.map(\.name) }
}

private func at(_ seconds: Int) -> ManualClock.Instant {
  ManualClock.Instant(offset: .seconds(seconds))
}

@Suite("ManualClock", .timeLimit(.minutes(1)))
@MainActor
struct ManualClockTests {
  /// Starts a main-actor task that sleeps until `deadline` and logs its wake-up, and returns once
  /// the clock counts it as a sleeper, so sleep order is the order of the calls.
  private func startSleeper(
    _ name: String,
    until deadline: ManualClock.Instant,
    on clock: ManualClock,
    log: WakeLog
  ) async -> Task<Void, any Error> {
    let sleepersBefore = clock.sleeperCount
    let task = Task { @MainActor in
      try await clock.sleep(until: deadline)
      log.entries.append((name, clock.now))
    }
    let asleep = await yield { clock.sleeperCount == sleepersBefore + 1 }
    #expect(asleep, "\(name) never went to sleep")
    return task
  }

  @Test("Time starts at zero and moves only when advanced")
  func timeMovesOnlyOnAdvance() async {
    let clock = ManualClock()
    #expect(clock.now == at(0))
    await Task.yield()
    #expect(clock.now == at(0))

    await clock.advance(by: .seconds(5))
    #expect(clock.now == at(5))

    await clock.advance(to: at(7))
    #expect(clock.now == at(7))
    #expect(clock.minimumResolution == .zero)
  }

  @Test("advance(to:) never moves time backwards")
  func advanceNeverGoesBackwards() async {
    let clock = ManualClock()
    await clock.advance(by: .seconds(10))

    await clock.advance(to: at(3))

    #expect(clock.now == at(10))
  }

  @Test("Sleepers wake in deadline order, ties in sleep order, each seeing its own deadline as now")
  func sleepersWakeInDeadlineOrder() async throws {
    let clock = ManualClock()
    let log = WakeLog()
    let tasks = [
      await startSleeper("c@3", until: at(3), on: clock, log: log),
      await startSleeper("a@1", until: at(1), on: clock, log: log),
      await startSleeper("b@2", until: at(2), on: clock, log: log),
      await startSleeper("a'@1", until: at(1), on: clock, log: log),
    ]
    #expect(clock.nextDeadline == at(1))

    await clock.advance(by: .seconds(5))

    for task in tasks {
      try await task.value
    }
    #expect(log.names == ["a@1", "a'@1", "b@2", "c@3"])
    #expect(log.entries.map(\.now) == [at(1), at(1), at(2), at(3)])
    #expect(clock.now == at(5))
    #expect(clock.sleeperCount == 0)
    #expect(clock.nextDeadline == nil)
  }

  @Test("Advancing by less than a deadline wakes nothing; reaching it wakes the sleeper")
  func shortAdvanceWakesNothing() async throws {
    let clock = ManualClock()
    let log = WakeLog()
    let task = await startSleeper("sleeper", until: at(10), on: clock, log: log)

    await clock.advance(by: .seconds(9))
    #expect(log.names.isEmpty)
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(log.names == ["sleeper"])
    #expect(log.entries.map(\.now) == [at(10)])
  }

  @Test("A sleeper that sleeps again inside the advanced window wakes in the same advance")
  func chainedSleepsWakeInOneAdvance() async throws {
    let clock = ManualClock()
    let log = WakeLog()
    let task = Task { @MainActor in
      try await clock.sleep(for: .seconds(1))
      log.entries.append(("first", clock.now))
      try await clock.sleep(for: .seconds(1))
      log.entries.append(("second", clock.now))
    }
    #expect(await yield { clock.sleeperCount == 1 })

    await clock.advance(by: .seconds(3))

    try await task.value
    #expect(log.names == ["first", "second"])
    #expect(log.entries.map(\.now) == [at(1), at(2)])
    #expect(clock.now == at(3))
  }

  @Test("Cancelling a sleeping task throws CancellationError at once and removes the sleeper")
  func cancellationThrowsPromptly() async {
    let clock = ManualClock()
    let log = WakeLog()
    let task = await startSleeper("cancelled", until: at(60), on: clock, log: log)

    task.cancel()

    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == at(0))
    #expect(log.names.isEmpty)
  }

  @Test("Cancelling one sleeper leaves the others asleep and in order")
  func cancellationLeavesOthers() async throws {
    let clock = ManualClock()
    let log = WakeLog()
    let first = await startSleeper("first", until: at(1), on: clock, log: log)
    let doomed = await startSleeper("doomed", until: at(2), on: clock, log: log)
    let last = await startSleeper("last", until: at(3), on: clock, log: log)

    doomed.cancel()
    _ = await doomed.result
    #expect(clock.sleeperCount == 2)

    await clock.advance(by: .seconds(3))
    try await first.value
    try await last.value
    #expect(log.names == ["first", "last"])
  }

  @Test("A task cancelled before it sleeps throws without becoming a sleeper")
  func alreadyCancelledTaskThrows() async {
    let clock = ManualClock()
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(until: at(1))
    }

    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test("Sleeping until now or a past instant returns at once", arguments: [0, 2, 5])
  func sleepUntilPastReturnsImmediately(seconds: Int) async throws {
    let clock = ManualClock()
    await clock.advance(by: .seconds(5))

    try await clock.sleep(until: at(seconds))

    #expect(clock.sleeperCount == 0)
    #expect(clock.now == at(5))
  }

  @Test("run() neither moves time nor wakes a sleeper whose deadline is still ahead")
  func runDoesNotMoveTime() async {
    let clock = ManualClock()
    let log = WakeLog()
    let later = await startSleeper("later", until: at(1), on: clock, log: log)

    await clock.run()

    #expect(log.names.isEmpty)
    #expect(clock.now == at(0))
    #expect(clock.sleeperCount == 1)
    later.cancel()
    _ = await later.result
  }

  @Test("It works as any Clock<Duration>, the way services receive it")
  func worksAsExistentialClock() async throws {
    let manual = ManualClock()
    let clock: any Clock<Duration> = manual
    let task = Task { @MainActor in
      try await clock.sleep(for: .milliseconds(400))
    }
    #expect(await yield { manual.sleeperCount == 1 })

    await manual.advance(by: .milliseconds(400))

    try await task.value
    #expect(manual.now == ManualClock.Instant(offset: .milliseconds(400)))
  }

  @Test("Instants compare, advance and measure durations by their offset")
  func instantArithmetic() {
    let start = at(1)
    let later = start.advanced(by: .milliseconds(1_500))

    #expect(later == ManualClock.Instant(offset: .milliseconds(2_500)))
    #expect(start < later)
    #expect(start.duration(to: later) == .milliseconds(1_500))
    #expect(later.description == "t+2.5 seconds")
  }
}
