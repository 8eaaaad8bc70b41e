/// Virtual time: a ``ManualClock`` for the app to sleep on, the ``TaskTracker`` of the app's
/// tasks, and the two moves script mode and tests make — let the app finish what it can do
/// now (``settle()``), and move time forward so that every wake-up runs before the next one
/// (``advance(by:)``).
///
/// Both moves are exact: they return when the app is idle (every task waits on the clock or
/// on input), however long a chain of work that takes, and fail with ``StillBusy`` naming the
/// tasks if that does not happen within the watchdog given at creation (real time), so work
/// that never goes idle cannot hang a script or a test.
///
/// Thread-safety: every member may be used from any thread; advance from one task at a time.
public final class VirtualTime: Sendable {
  /// The default watchdog: how much real time one settle may take.
  public static let defaultWatchdog: Duration = .seconds(5)

  /// The clock to give the app; only ``advance(by:)`` moves it.
  public let clock: ManualClock
  /// The tracker the app starts its tasks through.
  public let tasks: TaskTracker
  /// How much real time one settle may take before it fails with ``StillBusy``.
  let watchdog: Duration

  /// Starts virtual time at zero with no tasks; each settle may take `watchdog` of real time.
  public init(watchdog: Duration = VirtualTime.defaultWatchdog) {
    clock = ManualClock()
    tasks = TaskTracker()
    self.watchdog = watchdog
  }

  /// The time since virtual time started.
  public var elapsed: Duration {
    clock.now.offset
  }

  /// Returns once the app is idle.
  /// - Throws: ``StillBusy`` if it is not idle within the watchdog.
  public func settle() async throws(StillBusy) {
    try await tasks.waitUntilIdle(timeout: watchdog)
  }

  /// Moves time forward by `duration`: settles, then wakes the sleepers deadline by
  /// deadline, settling after each, so that what a wake-up starts (a search after its
  /// debounce, a toast after a load) happens at the virtual time it would in real time.
  /// - Throws: ``StillBusy`` if some step does not go idle within the watchdog.
  public func advance(by duration: Duration) async throws(StillBusy) {
    let target = clock.now.advanced(by: duration)
    try await settle()
    while let next = clock.nextDeadline, next <= target {
      clock.advance(to: next)
      try await settle()
    }
    clock.advance(to: target)
  }
}
