import Testing

@testable import FunCore

/// What woke up and when, in the order it happened. Main-actor bound, like the tasks that
/// write to it, so the order is exactly the order the clock resumed them.
@MainActor
final class WakeLog {
  var entries: [(name: String, now: ManualClock.Instant)] = []

  var names: [String] { entries.map(\.name) }
}

private func at(_ seconds: Int) -> ManualClock.Instant {
  ManualClock.Instant(offset: .seconds(seconds))
}

@Suite("ManualClock", .timeLimit(.minutes(3)))
@MainActor
struct ManualClockTests {
  let clock = ManualClock()
  let tasks = TaskTracker()
  let log = WakeLog()

  /// Starts a tracked task that sleeps until `deadline` and logs its wake-up (`true`) or its
  /// cancellation (`false`), and returns once it is asleep, so sleep order is call order.
  private func startSleeper(_ name: String, until deadline: ManualClock.Instant) async throws -> TrackedTask<Bool> {
    let sleepersBefore = clock.sleeperCount
    let task = tasks.start(name) { [clock, log] in
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return false
      }
      log.entries.append((name, clock.now))
      return true
    }
    try await tasks.waitUntilIdle(timeout: .seconds(120))
    #expect(clock.sleeperCount == sleepersBefore + 1, "\(name) never went to sleep")
    return task
  }

  @Test("Time starts at zero and moves only when advanced")
  func timeMovesOnlyOnAdvance() async {
    #expect(clock.now == at(0))
    await Task.yield()
    #expect(clock.now == at(0))

    clock.advance(by: .seconds(5))
    #expect(clock.now == at(5))

    clock.advance(to: at(7))
    #expect(clock.now == at(7))
    #expect(clock.minimumResolution == .zero)
  }

  @Test("advance(to:) never moves time backwards")
  func advanceNeverGoesBackwards() {
    clock.advance(by: .seconds(10))

    clock.advance(to: at(3))

    #expect(clock.now == at(10))
  }

  @Test("One advance past every deadline wakes every sleeper, each at or after its deadline")
  func oneAdvanceWakesEverySleeper() async throws {
    let sleepers = [
      try await startSleeper("c@3", until: at(3)),
      try await startSleeper("a@1", until: at(1)),
      try await startSleeper("b@2", until: at(2)),
      try await startSleeper("a'@1", until: at(1)),
    ]
    #expect(clock.nextDeadline == at(1))

    clock.advance(by: .seconds(5))

    for sleeper in sleepers {
      #expect(await sleeper.value)
    }
    // The clock resumes them in deadline order, but tasks resumed together run when their
    // executors take them: only stepping deadline by deadline (below, and VirtualTime) orders
    // what they do.
    #expect(Set(log.names) == ["a@1", "a'@1", "b@2", "c@3"])
    #expect(clock.now == at(5))
    #expect(clock.sleeperCount == 0)
    #expect(clock.nextDeadline == nil)
  }

  @Test("Stepping to each next deadline wakes the sleepers in deadline order, and only those due")
  func steppingWakesInDeadlineOrder() async throws {
    _ = try await startSleeper("c@3", until: at(3))
    _ = try await startSleeper("a@1", until: at(1))
    _ = try await startSleeper("b@2", until: at(2))
    _ = try await startSleeper("a'@1", until: at(1))

    var wakes: [Set<String>] = []
    while let next = clock.nextDeadline {
      let before = log.names.count
      clock.advance(to: next)
      try await tasks.waitUntilIdle(timeout: .seconds(120))
      wakes.append(Set(log.names[before...]))
      #expect(log.entries[before...].allSatisfy { $0.now == next })
    }
    #expect(wakes == [["a@1", "a'@1"], ["b@2"], ["c@3"]])
  }

  @Test("Advancing by less than a deadline wakes nothing; reaching it wakes the sleeper")
  func shortAdvanceWakesNothing() async throws {
    let sleeper = try await startSleeper("sleeper", until: at(10))

    clock.advance(by: .seconds(9))
    try await tasks.waitUntilIdle(timeout: .seconds(120))
    #expect(log.names.isEmpty)
    #expect(clock.sleeperCount == 1)

    clock.advance(by: .seconds(1))
    #expect(tasks.busyTaskNames == ["sleeper"], "a woken sleeper is busy before it has even run")
    #expect(await sleeper.value)
    #expect(log.names == ["sleeper"])
  }

  @Test("A sleeper counts as idle only once it is on the clock's list")
  func sleeperIsIdleOnlyWhenRegistered() async throws {
    _ = try await startSleeper("sleeper", until: at(1))

    #expect(tasks.busyTaskNames.isEmpty)
    #expect(clock.sleeperCount == 1)
  }

  @Test("Cancelling a sleeping task throws CancellationError at once and removes the sleeper")
  func cancellationThrowsPromptly() async throws {
    let sleeper = try await startSleeper("cancelled", until: at(60))

    sleeper.cancel()

    #expect(await sleeper.value == false)
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == at(0))
    #expect(log.names.isEmpty)
  }

  @Test("Cancelling one sleeper leaves the others asleep at their deadlines")
  func cancellationLeavesOthers() async throws {
    let first = try await startSleeper("first", until: at(1))
    let doomed = try await startSleeper("doomed", until: at(2))
    let last = try await startSleeper("last", until: at(3))

    doomed.cancel()
    #expect(await doomed.value == false)
    #expect(clock.sleeperCount == 2)
    #expect(clock.nextDeadline == at(1))

    clock.advance(to: at(2))
    #expect(await first.value)
    #expect(clock.sleeperCount == 1)
    #expect(clock.nextDeadline == at(3))
    clock.advance(to: at(3))
    #expect(await last.value)
    #expect(log.names == ["first", "last"])
  }

  @Test("A task cancelled before it sleeps throws without becoming a sleeper")
  func alreadyCancelledTaskThrows() async {
    let task = Task { @MainActor [clock] in
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(until: at(1))
    }

    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test("Sleeping until now or a past instant returns at once", arguments: [0, 2, 5])
  func sleepUntilPastReturnsImmediately(seconds: Int) async throws {
    clock.advance(by: .seconds(5))

    try await clock.sleep(until: at(seconds))

    #expect(clock.sleeperCount == 0)
    #expect(clock.now == at(5))
  }

  @Test("It works as any Clock<Duration>, the way services receive it")
  func worksAsExistentialClock() async throws {
    let existential: any Clock<Duration> = clock
    let sleeper = tasks.start("sleeper") {
      (try? await existential.sleep(for: .milliseconds(400))) != nil
    }
    try await tasks.waitUntilIdle(timeout: .seconds(120))
    #expect(clock.sleeperCount == 1)

    clock.advance(by: .milliseconds(400))

    #expect(await sleeper.value)
    #expect(clock.now == ManualClock.Instant(offset: .milliseconds(400)))
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
