import FunCore
import FunModel
import Synchronization

/// The app's ``/FunModel/ToastService``: toasts queue up and show one after another, each for
/// ``/FunModel/ToastEvent/displayDuration`` of the injected clock's time.
///
/// A toast shown while nothing is on screen starts at once; otherwise it starts when the last
/// queued one ends. ``visibleToast`` and ``timeUntilChange`` are pure functions of the clock's
/// current time: there are no timers or background tasks, so with a ``/FunCore/ManualClock`` a toast
/// disappears exactly when the clock passes its end, and a renderer asks ``timeUntilChange``
/// when to redraw.
///
/// Thread-safety: every member may be called from any thread. Toasts show in the order
/// ``show(_:)`` was called; ``events()`` announces each queued toast (in that order when shown
/// from one thread), each subscriber getting only the toasts queued after it subscribed (no
/// replay). A subscriber that stops iterating is dropped.
public final class ClockToastService: ToastService {
  private struct Scheduled {
    let toast: ToastEvent
    /// When it starts, as time since the service was created.
    let start: Duration
  }

  private struct State {
    var queue: [Scheduled] = []
  }

  private let elapsed: @Sendable () -> Duration
  private let state = Locked(State())
  private let stream = MulticastStream<ToastEvent>(replaysLatest: false)
  private let logger: any LoggerService

  /// Creates an empty queue timed by `clock`.
  /// - Parameters:
  ///   - clock: the app's clock (`ContinuousClock`, or a ``/FunCore/ManualClock`` for virtual time).
  ///   - logger: each toast is logged at `debug`, category `toasts`.
  public init<C: Clock>(clock: C, logger: any LoggerService) where C.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    self.logger = logger
  }

  /// Queues `toast`: it shows now if nothing is showing, else right after the last queued one.
  /// A toast equal to one still showing or queued is dropped.
  public func show(_ toast: ToastEvent) {
    let now = elapsed()
    let isDuplicate = state.withLock { state -> Bool in
      state.queue.removeAll { $0.start + ToastEvent.displayDuration <= now }
      // The same message again while it shows or waits (one failure reported by two screens,
      // a retried refresh) would only keep newer toasts waiting.
      if state.queue.contains(where: { $0.toast == toast }) { return true }
      let start = max(now, state.queue.last.map { $0.start + ToastEvent.displayDuration } ?? now)
      state.queue.append(Scheduled(toast: toast, start: start))
      return false
    }
    guard !isDuplicate else {
      logger.debug("Toast already showing or queued: \(toast.message)", category: "toasts")
      return
    }
    // Announced after the lock is given up: subscribers read the queue (``visibleToast``) when
    // told, so the order of announcements does not decide what shows.
    stream.send(toast)
    logger.debug("Toast (\(toast.style.rawValue)): \(toast.message)", category: "toasts")
  }

  /// The toast whose display window contains the clock's current time.
  public var visibleToast: ToastEvent? {
    current()?.toast
  }

  /// Clock time until the visible toast expires; `nil` when none is showing.
  public var timeUntilChange: Duration? {
    let now = elapsed()
    return current(at: now).map { $0.start + ToastEvent.displayDuration - now }
  }

  /// A new subscription to every toast queued from now on (no replay of earlier ones).
  public func events() -> MulticastStream<ToastEvent>.Subscription {
    stream.subscribe()
  }

  private func current(at now: Duration? = nil) -> Scheduled? {
    let now = now ?? elapsed()
    return state.withLock { state in
      state.queue.first { $0.start <= now && now < $0.start + ToastEvent.displayDuration }
    }
  }
}
