/// A point in a clock's time, fixed when the deadline is made, that a task can sleep until.
///
/// Debounces and toast expiries fix their deadline synchronously, when the keystroke or the
/// toast happens, rather than when the sleeping task first runs: the task may only start after
/// the clock has already moved, and `sleep(for:)` would then measure from the wrong instant.
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
