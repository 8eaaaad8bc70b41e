/// A real clock whose sleepers are parking points of the ``TaskTracker``: a tracked task
/// sleeping on it counts as idle until its deadline has passed (or it is cancelled).
///
/// The app registers one over a `ContinuousClock` as its clock in real time (a ``ManualClock``
/// is a parking point by itself), so code that waits (a debounce, a toast's expiry, simulated
/// latency) just calls `sleep`: it needs to know neither which clock runs nor that anybody
/// watches.
///
/// Thread-safety: as safe as `Base`; every `Clock` is `Sendable`.
public struct TrackedClock<Base: Clock>: Clock where Base.Duration == Duration {
  /// The clock that keeps the time.
  let base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// The base clock's time.
  public var now: Base.Instant {
    base.now
  }

  /// The base clock's resolution.
  public var minimumResolution: Duration {
    base.minimumResolution
  }

  /// Sleeps on the base clock as a parking point: the tracked task counts as idle until
  /// `deadline` has passed or the task is cancelled.
  public func sleep(until deadline: Base.Instant, tolerance: Duration? = nil) async throws {
    let cancelled = Flag()
    let base = base
    try await withTaskCancellationHandler {
      try await TaskTracker.park(until: { cancelled.isSet || base.now >= deadline }) {
        try await base.sleep(until: deadline, tolerance: tolerance)
      }
    } onCancel: {
      cancelled.set()
    }
  }
}
