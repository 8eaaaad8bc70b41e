import FunCore
import FunModel
import Observation

/// The toast line: mirrors the ``/FunModel/ToastService``'s visible toast, in real or virtual
/// time.
///
/// Each queued toast, and each moment the visible toast expires, refreshes ``current``: after
/// every refresh the model sleeps on the injected clock for the service's
/// ``/FunModel/ToastService/timeUntilChange`` (replacing the previous sleep) and refreshes again
/// when it ends. So in virtual time a toast disappears exactly when the clock passes its end,
/// and with a real clock on time, without polling. Everything runs on the main actor, in tasks
/// of the app's ``/FunCore/TaskTracker``.
@Observable
@MainActor
public final class ToastViewModel {
  /// The toast on screen, if any.
  public private(set) var current: ToastEvent?

  /// How many toasts have come on screen, one equal to the toast it replaced included: a command
  /// that failed as the one before it did shows the same text again, and a screen reader must
  /// say it again.
  public private(set) var shownCount = 0

  /// Whether the service has announced a toast that ``current`` does not reflect yet. A toast is
  /// shown synchronously with the change it tells of (a favorite's removal), but reaches this
  /// model through the service's event stream, a main-actor turn later: a view that must say the
  /// change and its toast as one waits while this is `true`. Observed: it turns `false` as the
  /// model takes the toast.
  public var hasToastsArriving: Bool {
    events.sentCount > eventsTaken
  }

  /// The toasts the service announced that have not come on screen yet, oldest first: each
  /// waits behind an error and shows in its turn. A view that says a change its toast tells
  /// leaves it to that toast rather than saying it now and again when the toast shows. Kept from
  /// what shows, so it lists nothing while the toast line is covered (``isCovered``), when
  /// nothing shows: the screen reader, its one reader, never covers it.
  public private(set) var waiting: [ToastEvent] = []

  /// Whether the line that shows the toast is covered (the full-screen `:` line lies over the
  /// bottom line): while it is, toasts that have not shown wait, their time not running
  /// (``/FunModel/ToastService/holdNewToasts(_:)``), and once it is not they show in turn. Set
  /// by the view that draws the toast line, which alone knows what covers it.
  public var isCovered = false {
    didSet {
      guard isCovered != oldValue else { return }
      toasts.holdNewToasts(isCovered)
      refresh()
    }
  }

  /// How many of the service's announcements this model has taken.
  private var eventsTaken = 0
  @ObservationIgnored private let events: MulticastStream<ToastEvent>.Subscription
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private var eventsObservation: TrackedTask<Void>?
  @ObservationIgnored private var expiryTask: TrackedTask<Void>?

  /// Creates the model and starts following `toasts`.
  public init(toasts: any ToastService, clock: any Clock<Duration>, tasks: TaskTracker) {
    self.toasts = toasts
    self.clock = clock
    self.tasks = tasks
    events = toasts.events()
    eventsObservation = events.observe(self, tasks: tasks, name: "toast events") { model, toast in
      model.eventsTaken += 1
      model.refresh(arriving: toast)
    }
    refresh()
  }

  deinit {
    eventsObservation?.cancel()
    expiryTask?.cancel()
  }

  /// Reads the visible toast again and schedules the next refresh for when it changes;
  /// `arriving` is the toast the service just announced, which may show already.
  func refresh(arriving: ToastEvent? = nil) {
    let visible = toasts.visibleToast
    if let visible, visible != current || visible == arriving { shownCount += 1 }
    current = visible
    noteWaiting(arriving: arriving, visible: visible)
    expiryTask?.cancel()
    expiryTask = nil
    guard let wait = toasts.timeUntilChange else { return }
    // A service that reports no time left while still showing a toast must not make this
    // loop spin without time passing.
    let deadline = ClockDeadline(clock, after: max(wait, Self.minimumWait))
    expiryTask = tasks.start("toast expiry") { [weak self] in
      do {
        try await deadline.wait()
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      self?.refresh()
    }
  }

  /// Keeps ``waiting`` true to the service's queue, from what it announces and shows: waiting
  /// toasts show in the order they came, so one that shows in its turn was the oldest left (any
  /// before it were pushed out of the queue), while one shown at once (an answer) took only its
  /// own place; with nothing on screen nothing waits.
  private func noteWaiting(arriving: ToastEvent?, visible: ToastEvent?) {
    guard let visible else {
      waiting = []
      return
    }
    if let arriving, arriving != visible {
      waiting.append(arriving)
    } else if let index = waiting.firstIndex(of: visible) {
      if visible == arriving {
        waiting.remove(at: index)
      } else {
        waiting.removeFirst(index + 1)
      }
    }
  }

  private static let minimumWait: Duration = .milliseconds(1)
}
