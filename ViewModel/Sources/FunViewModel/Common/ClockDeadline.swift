/// A point in a clock's time, fixed when the deadline is made, that a task can sleep until.
///
/// A toast's expiry fixes its deadline synchronously, when the toast shows, rather than when the
/// sleeping task first runs: the task may only start after the clock has already moved, and
/// `sleep(for:)` would then measure from the wrong instant, so a toast would show longer than
/// its time. (A wait that counts from when its task runs, the search's debounce or the
/// spinner's tick, sleeps with `sleep(for:)`.)
struct ClockDeadline: Sendable {
  private let sleepUntilDeadline: @Sendable () async throws -> Void

  /// A deadline `duration` after `clock`'s current time.
  init(_ clock: any Clock<Duration>, after duration: Duration) {
    sleepUntilDeadline = Self.sleeper(clock, after: duration)
  }

  /// Sleeps until the deadline; throws `CancellationError` if the task is cancelled first.
  func wait() async throws {
    try await sleepUntilDeadline()
  }

  private static func sleeper<C: Clock<Duration>>(
    _ clock: C,
    after duration: Duration
  ) -> @Sendable () async throws -> Void {
    let deadline = clock.now.advanced(by: duration)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }
}
