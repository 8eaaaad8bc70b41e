@testable import FunCore
@testable import FunModel

/// A ``ToastService`` whose toasts expire with clock time, queued one after another, as the
/// app's real service does; the ToastViewModel tests need expiry, which the mock lacks.
final class QueueToastService: ToastService {
  private let clock: ManualClock
  private let queue = Locked<[(toast: ToastEvent, start: Duration)]>([])
  private let stream = MulticastStream<ToastEvent>(replaysLatest: false)

  init(clock: ManualClock) {
    self.clock = clock
  }

  func show(_ toast: ToastEvent) {
    let now = clock.now.offset
    queue.withLock { queue in
      let start = max(now, queue.last.map { $0.start + ToastEvent.displayDuration } ?? now)
      queue.append((toast, start))
    }
    stream.send(toast)
  }

  /// Queued as any other: these tests never answer a command.
  func answer(_ toast: ToastEvent) {
    show(toast)
  }

  var visibleToast: ToastEvent? {
    current(at: clock.now.offset)?.toast
  }

  var timeUntilChange: Duration? {
    let now = clock.now.offset
    return current(at: now).map { $0.start + ToastEvent.displayDuration - now }
  }

  func events() -> MulticastStream<ToastEvent>.Subscription {
    stream.subscribe()
  }

  private func current(at now: Duration) -> (toast: ToastEvent, start: Duration)? {
    queue.withLock { queue in
      queue.first { $0.start <= now && now < $0.start + ToastEvent.displayDuration }
    }
  }
}
