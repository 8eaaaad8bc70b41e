import Foundation
import FunCore

/// How time runs for the app: virtual in script mode (exact and fast), real otherwise.
///
/// Either way the app's tasks run through one ``/FunCore/TaskTracker`` and its clock is a
/// parking point, so `settle()` knows exactly when the app is idle. Only virtual time can be
/// moved by hand; the script driver holds it by its concrete type.
public enum AppTime: Sendable {
  /// Virtual time: a `wait` moves the clock, deadline by deadline.
  case virtual(VirtualTime)
  /// The wall clock: a `wait` sleeps. `watchdog` bounds each `settle()`.
  case real(tasks: TaskTracker, clock: TrackedClock<ContinuousClock>, watchdog: Duration)

  /// Real time with a fresh tracker.
  static func realTime(watchdog: Duration = VirtualTime.defaultWatchdog) -> AppTime {
    .real(tasks: TaskTracker(), clock: TrackedClock(ContinuousClock()), watchdog: watchdog)
  }

  /// The clock the app's services and ViewModels sleep on.
  var clock: any Clock<Duration> {
    switch self {
    case .virtual(let time): time.clock
    case .real(_, let clock, _): clock
    }
  }

  /// The tracker the app starts its tasks through.
  var tasks: TaskTracker {
    switch self {
    case .virtual(let time): time.tasks
    case .real(let tasks, _, _): tasks
    }
  }

  /// The date script mode's clock starts at, 2025-01-01 00:00 UTC, so dates it only shows (a
  /// guest's) are the same on every run. Dates written to disk never come from it.
  static let virtualEpoch = Date(timeIntervalSince1970: 1_735_689_600)

  /// The current date on the app's clock, for what a run shows: `virtualEpoch` plus the
  /// virtual time elapsed, or the wall clock's date.
  var now: Date {
    switch self {
    case .virtual(let time):
      return Self.virtualEpoch.addingTimeInterval(time.elapsed.inSeconds)
    case .real:
      return Date()
    }
  }

  /// Returns once the app is idle.
  /// - Throws: ``/FunCore/StillBusy`` when the work does not go idle within the watchdog.
  func settle() async throws(StillBusy) {
    switch self {
    case .virtual(let time): try await time.settle()
    case .real(let tasks, _, let watchdog): try await tasks.waitUntilIdle(timeout: watchdog)
    }
  }

  /// Lets `duration` pass: moves virtual time (every wake-up running at its time), or sleeps.
  func wait(_ duration: Duration) async throws(StillBusy) {
    switch self {
    case .virtual(let time): try await time.advance(by: duration)
    case .real(_, let clock, _): try? await clock.sleep(for: duration)
    }
  }
}
