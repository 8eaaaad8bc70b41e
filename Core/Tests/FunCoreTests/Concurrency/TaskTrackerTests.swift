import Dispatch
import Testing

@testable import FunCore

@MainActor
private final class Counter {
  var value = 0
}

/// An actor the hop chain bounces through, so every step really leaves the main actor.
private actor Elsewhere {
  func touch() {}
}

/// Keeps the threads of Swift's global executor busy, as the synchronous work of the suites
/// running beside a test can: jobs that spin until ``release()``, or until a limit of real time
/// has passed, so that a wake-up stuck behind them fails the test instead of hanging the run.
/// A copy of FunModelTestSupport's, which the other layers' tests share: Core's tests cannot
/// import a module above Core.
private final class GlobalExecutorHog: Sendable {
  private struct State {
    var isReleased = false
    var deadline: DispatchTime?
  }

  private let state = Locked(State())

  /// Queues `jobs` spinning jobs for at most `limit`, at the current task's priority, so that
  /// they share the queue its wake-ups would take. More jobs than the executor has threads: the
  /// queue is first in, first out, so a wake-up that goes there waits behind every one.
  /// The limit is far past the hop to the main actor that follows a wake-up, which the test's
  /// `release()` waits for: with every test of a run started at once on two cores, one such
  /// hop took half a minute.
  func occupy(jobs: Int = 64, atMost limit: Duration = .seconds(90)) {
    let deadline = DispatchTime.now() + limit.inSeconds
    state.withLock { $0.deadline = deadline }
    for _ in 0..<jobs {
      Task.detached(priority: Task.currentPriority) {
        while self.isSpinning(until: deadline) {}
      }
    }
  }

  private func isSpinning(until deadline: DispatchTime) -> Bool {
    !state.withLock { $0.isReleased } && DispatchTime.now() < deadline
  }

  /// Ends the spinning; returns whether the jobs were still spinning (their limit not passed).
  func release() -> Bool {
    state.withLock { state in
      defer { state.isReleased = true }
      guard let deadline = state.deadline else { return false }
      return DispatchTime.now() < deadline
    }
  }
}

@Suite("TaskTracker", .timeLimit(.minutes(3)))
@MainActor
struct TaskTrackerTests {
  let tasks = TaskTracker()
  /// A safety net, not a measurement: the whole suite shares the main actor with suites that
  /// keep it busy for seconds, so a chain of main-actor hops can wait long for its turns.
  let watchdog: Duration = .seconds(120)

  @Test("With no tasks the tracker is idle at once")
  func idleWithoutTasks() async throws {
    try await tasks.waitUntilIdle(timeout: watchdog)
    #expect(tasks.taskCount == 0)
    #expect(tasks.busyTaskNames.isEmpty)
  }

  @Test("A chain of 100 hops that changes nothing until its last step is waited for to the end")
  func longChainIsWaitedFor() async throws {
    let counter = Counter()
    let elsewhere = Elsewhere()
    tasks.start("chain") {
      for _ in 0..<100 {
        await elsewhere.touch()
        await Task.yield()
      }
      counter.value = 1
    }

    try await tasks.waitUntilIdle(timeout: watchdog)

    #expect(counter.value == 1)
    #expect(tasks.taskCount == 0)
  }

  @Test("A tracked task awaiting another's end goes on while Swift's global executor is kept busy by other work")
  func awaitingATaskDoesNotWaitForTheGlobalExecutor() async throws {
    let hog = GlobalExecutorHog()
    let parked = Locked<CheckedContinuation<Void, Never>?>(nil)
    let isAwaiting = Locked(false)
    // Woken from outside as a file read is, through WakeUpExecutor: its end needs no thread of
    // the global executor, so only the awaiting task's wake-up is under test.
    let awaited = tasks.start("awaited") {
      await withTaskExecutorPreference(WakeUpExecutor.shared) {
        await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
      }
    }
    let awaiting = tasks.start("awaiting") { () -> Bool in
      isAwaiting.withLock { $0 = true }
      await awaited.value
      return hog.release()
    }
    while parked.withLock({ $0 == nil }) || !isAwaiting.withLock({ $0 }) {
      await Task.yield()
    }

    hog.occupy()
    parked.withLock { $0 }?.resume()

    #expect(await awaiting.value, "the wake-up waited until the global executor's threads were free")
  }

  @Test("A task that awaits another tracked task is idle while that one sleeps on the clock")
  func awaitingATaskIsAParkingPoint() async throws {
    let clock = ManualClock()
    let sleeper = tasks.start("sleeper") { (try? await clock.sleep(for: .seconds(1))) != nil }
    let waiter = tasks.start("waiter") { await sleeper.value }

    try await tasks.waitUntilIdle(timeout: watchdog)
    #expect(tasks.taskCount == 2)

    clock.advance(by: .seconds(1))
    #expect(tasks.busyTaskNames == ["sleeper"])
    try await tasks.waitUntilIdle(timeout: watchdog)
    #expect(tasks.taskCount == 0)
    #expect(await waiter.value)
  }

  @Test("Work that never goes idle fails the wait with the names of the busy tasks")
  func watchdogNamesBusyTasks() async throws {
    let clock = ManualClock()
    let spinner = tasks.start("spinner") {
      while !Task.isCancelled {
        await Task.yield()
      }
    }
    tasks.start("idler") { (try? await clock.sleep(for: .seconds(3600))) != nil }
    // The timeout is fired by hand, once the wait has armed it and the idler is asleep.
    let armed = Locked<Int?>(nil)
    let waiting = Task { @MainActor [tasks] in
      do throws(StillBusy) {
        try await tasks.waitUntilIdle { waiterID in
          armed.withLock { $0 = waiterID }
          return {}
        }
        return [String]()
      } catch {
        return error.taskNames
      }
    }
    while armed.withLock({ $0 }) == nil || clock.sleeperCount < 1 {
      await Task.yield()
    }
    tasks.timeOut(try #require(armed.withLock { $0 }))

    #expect(await waiting.value == ["spinner"])
    #expect(StillBusy(taskNames: ["spinner"]).description == "still busy: spinner")
    spinner.cancel()
  }

  @Test("A timeout that comes as soon as it is armed still ends the wait, with the busy tasks")
  func timeoutAtOnceEndsTheWait() async throws {
    let spinner = tasks.start("spinner") {
      while !Task.isCancelled {
        await Task.yield()
      }
    }
    defer { spinner.cancel() }
    // A timer that fires at once: before the waiter was kept, the wait never ended.
    let tasks = tasks
    await #expect(throws: StillBusy(taskNames: ["spinner"])) {
      try await tasks.waitUntilIdle { waiterID in
        tasks.timeOut(waiterID)
        return {}
      }
    }
  }

  @Test("A tracked caller of waitUntilIdle does not wait for itself")
  func trackedCallerDoesNotBlockItself() async throws {
    let done = tasks.start("command") { [tasks] in
      (try? await tasks.waitUntilIdle(timeout: .seconds(120))) != nil
    }
    #expect(await done.value)
  }

  @Test("A parking point outside a tracked task just runs its body")
  func parkOutsideATrackedTask() async {
    let neverReady: @Sendable () -> Bool = { false }
    let value = await TaskTracker.park(until: neverReady) { 42 }
    #expect(value == 42)
  }
}

@Suite("TaskTracker children", .timeLimit(.minutes(3)))
@MainActor
struct TaskTrackerChildTests {
  let watchdog: Duration = .seconds(120)

  @Test("A child's tasks are its parent's too: the parent is idle only when they are")
  func childTasksCountForParent() async throws {
    let parent = TaskTracker()
    let child = TaskTracker(parent: parent)
    let clock = ManualClock()
    let counter = Counter()
    child.start("child sleeper") {
      try? await clock.sleep(for: .seconds(1))
      counter.value += 1
    }
    try await parent.waitUntilIdle(timeout: watchdog)
    #expect(child.taskCount == 1)
    #expect(parent.taskCount == 1)

    clock.advance(by: .seconds(1))
    #expect(parent.busyTaskNames == ["child sleeper"])
    try await parent.waitUntilIdle(timeout: watchdog)

    #expect(counter.value == 1)
    #expect(child.taskCount == 0)
  }

  @Test("Ending a child's scope cancels the child's tasks and nothing else; later ones start cancelled")
  func scopeDidEndCancelsOwnTasks() async throws {
    let parent = TaskTracker()
    let child = TaskTracker(parent: parent)
    let clock = ManualClock()
    let childSleeper = child.start("child") { (try? await clock.sleep(for: .seconds(10))) != nil }
    let parentSleeper = parent.start("parent") { (try? await clock.sleep(for: .seconds(10))) != nil }
    try await parent.waitUntilIdle(timeout: watchdog)

    child.scopeDidEnd()
    try await parent.waitUntilIdle(timeout: watchdog)
    let late = child.start("late") { Task.isCancelled }

    #expect(await childSleeper.value == false)
    #expect(await late.value == true)
    #expect(child.taskCount == 0)
    #expect(!parentSleeper.isCancelled)
    #expect(parent.taskCount == 1)
    parentSleeper.cancel()
    #expect(await parentSleeper.value == false)
  }

  @Test("Ending the scope a child tracker is registered in cancels its tasks")
  func scopeEndCancels() async throws {
    let parent = TaskTracker()
    let scope = ServiceLocator().makeScope()
    let child = TaskTracker(parent: parent)
    scope.register(.tasks, child)
    let clock = ManualClock()
    let sleeper = child.start("session work") { (try? await clock.sleep(for: .seconds(10))) != nil }
    try await parent.waitUntilIdle(timeout: watchdog)

    scope.end()

    #expect(await sleeper.value == false)
    try await parent.waitUntilIdle(timeout: watchdog)
    #expect(child.taskCount == 0)
  }
}
