import FunCore
import FunModel

/// The app's ``/FunModel/ToastService``: the newest toast shows at once, each for
/// ``/FunModel/ToastEvent/displayDuration`` of the injected clock's time.
///
/// The rules, so what shows is always what just happened:
/// - a new toast replaces the one showing (no stale "Catalog refreshed" after a share); the
///   replaced one is logged;
/// - except that an info or error toast never replaces an error: while an error shows or
///   waits, it waits until every toast before it has had its time, then shows, so a few
///   warnings at once (a file set aside at start, an unreachable server after a damaged saved
///   copy) are each seen in turn;
/// - but at most ``mostWaiting`` toasts wait: one more takes the place of the oldest waiting
///   (logged, as each toast is when it comes), so a failure of what a person did (a refresh)
///   shows within two toasts' time however many warnings came before it;
/// - a toast equal to one showing or waiting is dropped, so one failure reported twice shows
///   once: a link that waited for the session's first load fails with the load's error, which
///   the session reports too; a refresh retried while its failure shows fails the same way.
/// - the answer to a command the person just gave (``answer(_:)``) shows at once, as a success
///   does, whatever shows, and for its full time even when it equals the toast showing: two
///   failed commands in a row must not read as one, nor the second's answer as the first's.
///   The toast it replaces is gone, as any replaced toast is: a toast that has shown never
///   comes back after a newer one, which would read as news;
/// - while new toasts are held (``holdNewToasts(_:)``: what shows them is covered), a toast
///   that has not shown does not start: it waits, its time not running, and shows when the hold
///   ends. A toast counts as seen once it has been on screen for ``seenAfter``: one that had
///   shown that long before the hold keeps running and may be replaced; one that had not waits
///   with the rest, its time from the start. One that waited for a hold and is replaced before
///   it is seen (a `:` command's answer comes a moment after the line closes) shows again after
///   the newer toast, for its full time.
///
/// ``visibleToast`` and ``timeUntilChange`` are pure functions of the clock's current time:
/// there are no timers or background tasks, so with a ``/FunCore/ManualClock`` a toast disappears
/// exactly when the clock passes its end, and a renderer asks ``timeUntilChange`` when to
/// redraw.
///
/// Thread-safety: every member may be called from any thread. ``events()`` announces each
/// toast that is not dropped (in call order when shown from one thread), each subscriber
/// getting only the toasts shown after it subscribed (no replay). A subscriber that stops
/// iterating is dropped.
final class ClockToastService: ToastService {
  private struct Scheduled {
    let toast: ToastEvent
    /// When it starts, as time since the service was created; `nil` while it waits for the
    /// hold to end.
    var start: Duration?
    /// Whether it waited for a hold to end: then a newer toast that replaces it before it is
    /// seen puts it back in line rather than ending it.
    var waitedForHold = false

    var end: Duration? { start.map { $0 + ToastEvent.displayDuration } }

    func hasEnded(at now: Duration) -> Bool {
      end.map { $0 <= now } ?? false
    }
  }

  private struct State {
    /// The toast showing (or the first to show) and those waiting behind it, in order.
    var queue: [Scheduled] = []
    /// Whether toasts that have not shown wait (``holdNewToasts(_:)``).
    var isHolding = false

    /// The first toast, if it is showing.
    func showing(at now: Duration) -> Scheduled? {
      guard let first = queue.first, let start = first.start, start <= now else { return nil }
      return first
    }

    /// Whether `scheduled` has been on screen long enough to have been read.
    func isSeen(_ scheduled: Scheduled, at now: Duration) -> Bool {
      scheduled.start.map { now - $0 >= ClockToastService.seenAfter } ?? false
    }

    /// Starts each toast after the first as the one before it ends, and the first now if it
    /// waited; while holding, only a first toast that has started keeps its start.
    mutating func chain(at now: Duration) {
      guard !queue.isEmpty else { return }
      if !isHolding, queue[0].start == nil { queue[0].start = now }
      for index in queue.indices.dropFirst() {
        queue[index].start = isHolding ? nil : queue[index - 1].end
      }
    }
  }

  /// What ``show(_:)`` did with a toast, for the log.
  private enum Outcome {
    case dropped
    case shown(replacing: ToastEvent?)
    case waiting(replacing: ToastEvent?)
  }

  /// How many toasts wait behind the one showing, at most: enough that warnings which come
  /// together are each seen, few enough that the newest shows within two toasts' time.
  static let mostWaiting = 2

  /// How long a toast must have been on screen to count as seen: a hold (the `:` line opened)
  /// or a newer toast coming sooner finds it unread.
  static let seenAfter: Duration = .seconds(1)

  private let elapsed: @Sendable () -> Duration
  private let state = Locked(State())
  private let stream = MulticastStream<ToastEvent>(replaysLatest: false)
  private let logger: any LoggerService

  /// Creates an empty queue timed by `clock`.
  /// - Parameters:
  ///   - clock: the app's clock (a ``/FunCore/TrackedClock`` over `ContinuousClock`, or a
  ///     ``/FunCore/ManualClock`` for virtual time).
  ///   - logger: each toast is logged at `debug`, category `toasts`, and so is each one
  ///     replaced before its time.
  init<C: Clock>(clock: C, logger: any LoggerService) where C.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    self.logger = logger
  }

  /// Shows `toast` now, replacing the one showing, unless it is an info or error toast and an
  /// error shows or waits (then it waits its turn, in the oldest waiting toast's place when
  /// ``mostWaiting`` already wait) or it equals one showing or waiting (then it is dropped).
  func show(_ toast: ToastEvent) {
    queue(toast, isAnswer: false)
  }

  /// Shows `toast` now, replacing the one showing, as a success toast's ``show(_:)`` does; an
  /// equal toast showing or waiting gives way to it rather than dropping it.
  func answer(_ toast: ToastEvent) {
    queue(toast, isAnswer: true)
  }

  private func queue(_ toast: ToastEvent, isAnswer: Bool) {
    let now = elapsed()
    let outcome = state.withLock { state -> Outcome in
      state.queue.removeAll { $0.hasEnded(at: now) || (isAnswer && $0.toast == toast) }
      // The same message again while it shows or waits (a failed first load and the link that
      // waited for it, a retried refresh) would only push newer toasts aside.
      if state.queue.contains(where: { $0.toast == toast }) { return .dropped }
      if !isAnswer, toast.style.waitsForErrors, state.queue.contains(where: { $0.toast.style == .error }) {
        // The first toast of the queue is the one showing: the rest wait.
        let waiting = state.queue.count - 1
        let replaced = waiting >= Self.mostWaiting ? state.queue.remove(at: 1).toast : nil
        state.queue.append(Scheduled(toast: toast, start: now))
        state.chain(at: now)
        return .waiting(replacing: replaced)
      }
      // The toast on screen gives way; toasts still waiting behind it (and one that has not
      // shown yet) keep their turn, as many as may wait: past that, the last in line goes.
      let showing = state.showing(at: now)
      var replaced = showing?.toast
      if let showing {
        state.queue.removeFirst()
        if showing.waitedForHold, !state.isSeen(showing, at: now) {
          // Uncovered a moment ago and not read yet: it shows again after this one.
          state.queue.insert(Scheduled(toast: showing.toast, start: nil), at: 0)
          replaced = nil
        }
      }
      state.queue.insert(Scheduled(toast: toast, start: state.isHolding ? nil : now), at: 0)
      if state.queue.count - 1 > Self.mostWaiting { replaced = state.queue.removeLast().toast }
      state.chain(at: now)
      return .shown(replacing: replaced)
    }
    switch outcome {
    case .dropped:
      logger.debug("Toast already showing or waiting: \(toast.message)", category: "toasts")
      return
    case .shown(let replaced?):
      logger.debug("Toast replaced before its time: \(replaced.message)", category: "toasts")
    case .waiting(let replaced?):
      logger.debug("Toast replaced before its turn: \(replaced.message)", category: "toasts")
    case .shown(nil), .waiting(nil):
      break
    }
    // Announced after the lock is given up: subscribers read the queue (``visibleToast``) when
    // told, so the order of announcements does not decide what shows.
    stream.send(toast)
    logger.debug("Toast (\(toast.style.rawValue)): \(toast.message)", category: "toasts")
  }

  /// While `isHeld`, toasts that have not shown wait, their time not running; the one showing,
  /// if it has shown for some time, runs on. When the hold ends the waiting toasts show in turn
  /// from now.
  func holdNewToasts(_ isHeld: Bool) {
    let now = elapsed()
    state.withLock { state in
      guard state.isHolding != isHeld else { return }
      state.queue.removeAll { $0.hasEnded(at: now) }
      state.isHolding = isHeld
      if isHeld {
        // A toast not on screen long enough to be read waits with the rest, its time anew.
        if let first = state.queue.first, !state.isSeen(first, at: now) {
          state.queue[0].start = nil
        }
      } else {
        for index in state.queue.indices where state.queue[index].start == nil {
          state.queue[index].waitedForHold = true
        }
      }
      state.chain(at: now)
    }
  }

  /// The toast whose display window contains the clock's current time.
  var visibleToast: ToastEvent? {
    current()?.toast
  }

  /// Clock time until the visible toast expires; `nil` when none is showing.
  var timeUntilChange: Duration? {
    let now = elapsed()
    return current(at: now).flatMap { $0.end.map { $0 - now } }
  }

  /// A new subscription to every toast queued from now on (no replay of earlier ones).
  func events() -> MulticastStream<ToastEvent>.Subscription {
    stream.subscribe()
  }

  private func current(at now: Duration? = nil) -> Scheduled? {
    let now = now ?? elapsed()
    return state.withLock { state in
      state.queue.first { scheduled in
        guard let start = scheduled.start, let end = scheduled.end else { return false }
        return start <= now && now < end
      }
    }
  }
}

extension ToastEvent.Style {
  /// Whether a toast of this style waits while an error shows or waits, rather than replacing
  /// it: a notice or another error does not hide an error before it is read, while a success
  /// answers what the person just did, so it shows at once.
  fileprivate var waitsForErrors: Bool {
    switch self {
    case .info, .error: true
    case .success: false
    }
  }
}
