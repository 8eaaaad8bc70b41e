import FunCore
import Observation

/// The beat of the spinner shown while something is under way (a load, a refresh, a search).
///
/// ``follow(_:)`` gives it the condition to watch, such as "the current screen is busy". While
/// the condition holds, ``frame`` counts up once every `interval` of the injected clock;
/// when it stops holding, the count goes back to 0 and the ticking stops. So in virtual time
/// the spinner moves exactly as the clock does (script frames stay exact), and the ticking task
/// sleeps on the clock, which counts as idle: it never keeps the app busy. The condition is
/// watched through Observation, so nothing polls; each change is picked up in a short task of
/// the app's ``/FunCore/TaskTracker``.
@Observable
@MainActor
public final class ActivitySpinner {
  /// How often the spinner moves.
  static let interval: Duration = .milliseconds(100)

  /// How many beats since the condition started holding; 0 when it does not.
  public private(set) var frame = 0

  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private var isActive: (@MainActor () -> Bool)?
  @ObservationIgnored private var ticker: TrackedTask<Void>?

  /// Creates a spinner that ticks on `clock`, in tasks of `tasks`; it stands still until
  /// ``follow(_:)``.
  public init(clock: any Clock<Duration>, tasks: TaskTracker) {
    self.clock = clock
    self.tasks = tasks
  }

  deinit {
    ticker?.cancel()
  }

  /// Ticks while `isActive` holds; reads it now and again whenever what it read changes.
  public func follow(_ isActive: @escaping @MainActor () -> Bool) {
    self.isActive = isActive
    update()
  }

  private func update() {
    guard let isActive else { return }
    let tasks = tasks
    let active = withObservationTracking(isActive) {
      // Observation reports a change before it is made, from whichever thread made it: read
      // the condition again afterwards, on the main actor.
      tasks.start("spinner follow") { [weak self] in self?.update() }
    }
    if active, ticker == nil {
      let clock = clock
      ticker = tasks.start("spinner") { [weak self] in
        while true {
          do {
            try await clock.sleep(for: Self.interval)
          } catch {
            return
          }
          guard let self, !Task.isCancelled else { return }
          frame &+= 1
        }
      }
    } else if !active, let running = ticker {
      running.cancel()
      ticker = nil
      frame = 0
    }
  }
}
