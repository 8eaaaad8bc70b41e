import FunCore

/// Short messages on the bottom line, each for its ``ToastEvent/displayDuration(in:)`` of the
/// injected clock's time: the newest replaces the one showing, except that an info toast waits
/// behind an error; a toast equal to one showing or waiting is dropped.
///
/// Visibility is a function of clock time, so in virtual time a toast is gone exactly when
/// the clock has moved its display duration past its start.
public protocol ToastService: Sendable {
  /// Queues a toast.
  func show(_ toast: ToastEvent)

  /// The toast on screen at the clock's current time, if any.
  var visibleToast: ToastEvent? { get }

  /// How long until ``visibleToast`` changes by itself (the current toast expires); `nil` when
  /// nothing is showing.
  var timeUntilChange: Duration? { get }

  /// Emits each toast as it is queued.
  func events() -> MulticastStream<ToastEvent>.Subscription
}

extension ToastEvent {
  /// How long the toast shows when its text reads as `strings` resolves it: the time to notice
  /// it and to read each of its words, so a long error can be read to its end; never under
  /// 2.5 s, the time a few words always had, nor over 10 s, so a very long one does not cover
  /// the hints for good (the log has it whole).
  public func displayDuration(in strings: Localizer) -> Duration {
    let words = strings(text).split(whereSeparator: \.isWhitespace).count
    let reading = Self.noticingDuration + Self.readingDurationPerWord * words
    return min(max(reading, Self.shortestDuration), Self.longestDuration)
  }

  /// How long a toast of a few words shows.
  static let shortestDuration: Duration = .milliseconds(2500)
  /// The longest a toast shows, whatever its length.
  static let longestDuration: Duration = .seconds(10)
  /// The time to notice a toast and look down to it, before reading it.
  static let noticingDuration: Duration = .seconds(1)
  /// Reading one word at 200 words a minute, a pace for a text one did not expect.
  static let readingDurationPerWord: Duration = .milliseconds(300)
}

extension ServiceKey where Value == any ToastService {
  /// The toast queue.
  public static var toasts: Self { Self("toasts") }
}
