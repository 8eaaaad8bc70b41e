import FunCore

/// Short messages on the bottom line, each for ``ToastEvent/displayDuration`` of the injected
/// clock's time: the newest replaces the one showing, except that an info or error toast waits
/// behind an error; a toast equal to one showing or waiting is dropped. The answer to a command
/// the person just gave never waits for another toast. While what shows the toasts is covered,
/// toasts that have not shown are held back (``holdNewToasts(_:)``).
///
/// Visibility is a function of clock time, so in virtual time a toast is gone exactly when
/// the clock has moved 2.5 s past its start.
public protocol ToastService: Sendable {
  /// Queues a toast.
  func show(_ toast: ToastEvent)

  /// Shows `toast` at once as the answer to a command the person just gave (the `:` line),
  /// replacing the toast showing whatever its style, and for its full time even when the same
  /// toast shows: an answer that waited behind the one before would be read as that one's.
  func answer(_ toast: ToastEvent)

  /// Holds back toasts that have not shown while `isHeld`, for as long as what shows them is
  /// covered: a toast that would start waits, its display time not running, and ``visibleToast``
  /// names only one that had been on screen long enough to be read before the hold (its time
  /// runs on). `false` shows the waiting toasts in turn from now; one replaced before it could be
  /// read (a command's answer a moment later) shows again after the newer toast.
  func holdNewToasts(_ isHeld: Bool)

  /// The toast on screen at the clock's current time, if any.
  var visibleToast: ToastEvent? { get }

  /// How long until ``visibleToast`` changes by itself (the current toast expires); `nil` when
  /// nothing is showing.
  var timeUntilChange: Duration? { get }

  /// Emits each toast as it is queued.
  func events() -> MulticastStream<ToastEvent>.Subscription
}

extension ToastEvent {
  /// How long each toast shows.
  public static let displayDuration: Duration = .milliseconds(2500)
}

extension ServiceKey where Value == any ToastService {
  /// The toast queue.
  public static var toasts: Self { Self("toasts") }
}
