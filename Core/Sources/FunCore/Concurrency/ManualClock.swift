/// A `Clock` whose time moves only when it is advanced (`advance(by:)`, or `advance(to:)`, which
/// ``VirtualTime`` uses).
///
/// Every time-based behaviour (debounce, simulated latency, toast display time) takes its clock
/// as a dependency; the app in real time passes a ``TrackedClock`` over a `ContinuousClock`,
/// tests and script mode pass a manual clock and run in virtual time, exactly and fast.
///
/// Ordering: advancing resumes every sleeper whose deadline has come, earliest deadline first
/// (ties in the order they went to sleep), and nothing else: it does not wait for the woken
/// work to run. To let each wake-up run before the next deadline, step through the deadlines
/// and wait for the app to go idle in between, as ``VirtualTime/advance(by:)`` does.
/// Cancelling a sleeping task makes its `sleep` throw `CancellationError` at once.
///
/// Sleeping on it is a parking point of the ``TaskTracker``: a tracked task asleep here counts
/// as idle until `advance` wakes it or it is cancelled.
///
/// Thread-safety: all members may be used from any thread.
public final class ManualClock: Clock, Sendable {
  /// A point in virtual time: the duration since the clock was created.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// Time since the clock's start.
    let offset: Duration

    /// Creates an instant `offset` after the clock's start.
    init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The virtual time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// `t+<offset>`, as a failed expectation prints it.
    public var description: String {
      "t+\(offset)"
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let state = Locked(State())

  /// Creates a clock at virtual time zero.
  init() {}

  /// The virtual time: where the last advance left it.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// Zero: virtual time moves exactly as far as it is told.
  public var minimumResolution: Duration {
    .zero
  }

  /// How many tasks are sleeping on this clock.
  var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// The earliest deadline anyone sleeps until, if anyone sleeps.
  var nextDeadline: Instant? {
    state.withLock { $0.sleepers.map(\.deadline).min() }
  }

  /// Waits until an advance reaches `deadline` (at once if it has passed), as a parking point;
  /// throws `CancellationError` as soon as the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      // A parking point of the task tracker, ready (busy) until the sleeper is registered
      // below and again once `advance` or a cancellation has taken it off the list: the
      // tracker can never see this task as idle while it is about to run.
      try await TaskTracker.park(until: { [weak self] in self?.isSleeping(id) != true }) {
        try await sleepRegistered(id: id, until: deadline)
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  private func isSleeping(_ id: Int) -> Bool {
    state.withLock { $0.sleepers.contains { $0.id == id } }
  }

  private func sleepRegistered(id: Int, until deadline: Instant) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let resumeNow: Result<Void, any Error>? = state.withLock { state in
        // A cancellation that lands between `checkCancellation()` above and this point runs
        // `onCancel` before the sleeper exists; the task is already marked cancelled by then,
        // so checking here, under the lock `onCancel` also takes, closes that gap.
        if Task.isCancelled { return .failure(CancellationError()) }
        if deadline <= state.now { return .success(()) }
        state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
        return nil
      }
      if let resumeNow {
        continuation.resume(with: resumeNow)
      } else {
        TaskTracker.didStartWaiting()
      }
    }
  }

  /// Moves time forward by `duration`, resuming every sleeper that falls due, in order.
  func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never backwards), resuming every sleeper that falls
  /// due, in order.
  func advance(to deadline: Instant) {
    while let sleeper = popFirstDue(before: deadline) {
      sleeper.continuation.resume()
    }
    state.withLock { state in
      if state.now < deadline { state.now = deadline }
    }
  }

  private func popFirstDue(before deadline: Instant) -> Sleeper? {
    state.withLock { state in
      let due = state.sleepers.indices
        .filter { state.sleepers[$0].deadline <= deadline }
        .min { lhs, rhs in
          let left = state.sleepers[lhs]
          let right = state.sleepers[rhs]
          return (left.deadline, left.id) < (right.deadline, right.id)
        }
      guard let index = due else { return nil }
      let sleeper = state.sleepers.remove(at: index)
      if state.now < sleeper.deadline { state.now = sleeper.deadline }
      return sleeper
    }
  }
}
