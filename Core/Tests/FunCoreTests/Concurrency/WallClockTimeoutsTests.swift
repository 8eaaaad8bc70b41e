import Dispatch
import Testing

@testable import FunCore

/// The wall-clock timeouts of ``TaskTracker/waitUntilIdle(timeout:)``: one timer for every
/// wait. These tests wait for real timeouts of a few milliseconds; what they check does not
/// depend on how late the timer fires.
@Suite("Wall-clock timeouts", .timeLimit(.minutes(3)))
struct WallClockTimeoutsTests {
  @Test("Deadlines time out earliest first, each once; a removed one never does")
  func timeOutInOrder() async {
    let timeouts = WallClockTimeouts()
    let (fired, firing) = AsyncStream.makeStream(of: Int.self)
    let now = DispatchTime.now()
    timeouts.add(1, deadline: now + .milliseconds(60)) { firing.yield(1) }
    timeouts.add(2, deadline: now + .milliseconds(20)) { firing.yield(2) }
    // Earlier than 1: had it not been removed, it would time out before 1.
    timeouts.add(3, deadline: now + .milliseconds(40)) { firing.yield(3) }
    timeouts.remove(3)
    #expect(timeouts.pendingCount == 2)

    var order: [Int] = []
    for await id in fired {
      order.append(id)
      if order.count == 2 { break }
    }
    #expect(order == [2, 1])
    #expect(timeouts.pendingCount == 0)
  }

  @Test("A deadline added after the timer fired re-arms it")
  func rearmsAfterFiring() async {
    let timeouts = WallClockTimeouts()
    for round in 0..<3 {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        timeouts.add(round, deadline: .now() + .milliseconds(5)) { continuation.resume() }
      }
    }
    #expect(timeouts.pendingCount == 0)
  }

  @Test("Work that never goes idle fails a wait on the wall clock, with the busy task's name")
  @MainActor
  func trackerTimesOut() async {
    let tasks = TaskTracker()
    let spinner = tasks.start("spinner") {
      while !Task.isCancelled {
        await Task.yield()
      }
    }
    defer { spinner.cancel() }
    await #expect(throws: StillBusy(taskNames: ["spinner"])) {
      try await tasks.waitUntilIdle(timeout: .milliseconds(50))
    }
  }
}
