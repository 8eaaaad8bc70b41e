import Dispatch
import FunCore

/// Keeps the threads of Swift's global executor busy, as the synchronous work of the suites
/// running beside a test can: jobs that spin until ``release()``, or until a limit of real time
/// has passed, so that a wake-up stuck behind them fails the test instead of hanging the run.
///
/// Core's tests keep a copy of their own: they cannot import this module, which is above Core.
public final class GlobalExecutorHog: Sendable {
  private struct State {
    var isReleased = false
    var deadline: DispatchTime?
  }

  private let state = Locked(State())

  /// A hog that spins nothing until ``occupy(jobs:atMost:)``.
  public init() {}

  /// Queues `jobs` spinning jobs for at most `limit`, at the current task's priority, so that
  /// they share the queue its wake-ups would take. More jobs than the executor has threads: the
  /// queue is first in, first out, so a wake-up that goes there waits behind every one.
  /// The limit is far past the hop to the main actor that follows a wake-up, which the test's
  /// `release()` waits for: with every test of a run started at once on two cores, one such
  /// hop took half a minute.
  public func occupy(jobs: Int = 64, atMost limit: Duration = .seconds(90)) {
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
  public func release() -> Bool {
    state.withLock { state in
      defer { state.isReleased = true }
      guard let deadline = state.deadline else { return false }
      return DispatchTime.now() < deadline
    }
  }
}
