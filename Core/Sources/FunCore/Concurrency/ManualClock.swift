import Synchronization

/// A `Clock` whose time moves only when ``advance(by:)`` or ``advance(to:)`` is called.
///
/// Every time-based behaviour (debounce, simulated latency, toast display time) takes its clock
/// as a dependency; the app passes a `ContinuousClock`, tests and script mode pass a manual
/// clock and run in virtual time, exactly and fast.
///
/// Ordering: advancing wakes every sleeper whose deadline has come, earliest deadline first
/// (ties in the order they went to sleep), and moves `now` to each deadline as it wakes it, so
/// a sleeper sees the time it asked for. After each wake-up the advancing task yields so the
/// woken work can run before the next deadline is processed. Cancelling a sleeping task makes
/// its `sleep` throw `CancellationError` at once.
///
/// Thread-safety: all members may be used from any thread.
public final class ManualClock: Clock, Sendable {
  /// A point in virtual time: the duration since the clock was created.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// Time since the clock's start.
    public let offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

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
  public init() {}

  public var now: Instant {
    state.withLock { $0.now }
  }

  public var minimumResolution: Duration {
    .zero
  }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// The earliest deadline anyone sleeps until, if anyone sleeps.
  public var nextDeadline: Instant? {
    state.withLock { $0.sleepers.map(\.deadline).min() }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
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
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper that falls due, in order.
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never backwards), waking every sleeper that falls due.
  ///
  /// Sleepers that go to sleep while this runs, with a deadline inside the window, are woken
  /// in the same call.
  public func advance(to deadline: Instant) async {
    while let sleeper = popFirstDue(before: deadline) {
      sleeper.continuation.resume()
      await Task.yieldRepeatedly()
    }
    state.withLock { state in
      if state.now < deadline { state.now = deadline }
    }
    await Task.yieldRepeatedly()
  }

  /// Wakes the sleepers that are already due, without moving time; returns whether it woke
  /// any. When none is due it returns at once, without yielding.
  @discardableResult
  public func run() async -> Bool {
    var wokeAny = false
    while let sleeper = popFirstDue(before: now) {
      sleeper.continuation.resume()
      wokeAny = true
      await Task.yieldRepeatedly()
    }
    return wokeAny
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

extension Clock where Duration == Swift.Duration {
  /// Sleeps until `deadline` without leaving the caller's executor when this is a
  /// ``ManualClock``; any other clock sleeps as `sleep(until:tolerance:)` does.
  ///
  /// `Clock.sleep` reached through the protocol always runs off the caller's actor, so a
  /// main-actor task woken by ``ManualClock/advance(by:)`` would come back to the main actor
  /// at a moment nobody controls. Calling the manual clock directly keeps the woken task on
  /// the caller's executor, so everything the clock wakes runs in order and virtual-time
  /// tests and scripts are exact. Time-based code in the app sleeps through this method.
  public func sleepInPlace(until deadline: Instant) async throws {
    if let manual = self as? ManualClock, let instant = deadline as? ManualClock.Instant {
      try await manual.sleep(until: instant)
    } else {
      try await sleep(until: deadline, tolerance: nil)
    }
  }

  /// Sleeps for `duration`, as ``sleepInPlace(until:)`` does.
  public func sleepInPlace(for duration: Duration) async throws {
    try await sleepInPlace(until: now.advanced(by: duration))
  }
}
