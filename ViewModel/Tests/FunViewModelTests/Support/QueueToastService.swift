@testable import FunCore
@testable import FunModel

/// A ``ToastService`` whose toasts expire with clock time, queued one after another, as the
/// app's real service does; the ToastViewModel tests need expiry, which the mock lacks. A hold
/// stops the queue's time: nothing shows while it lasts, and every toast not yet over when it
/// began shows for the rest of its time after it (the real service's finer rules are its own
/// tests' concern).
final class QueueToastService: ToastService {
  private struct State {
    var queue: [(toast: ToastEvent, start: Duration)] = []
    var heldSince: Duration?
  }

  private let clock: ManualClock
  private let state = Locked(State())
  private let stream = MulticastStream<ToastEvent>(replaysLatest: false)

  init(clock: ManualClock) {
    self.clock = clock
  }

  /// Whether new toasts are held now.
  var isHolding: Bool {
    state.withLock { $0.heldSince != nil }
  }

  func show(_ toast: ToastEvent) {
    let now = clock.now.offset
    state.withLock { state in
      let earliest = state.heldSince ?? now
      let start = max(earliest, state.queue.last.map { $0.start + ToastEvent.displayDuration } ?? earliest)
      state.queue.append((toast, start))
    }
    stream.send(toast)
  }

  /// Queued as any other: these tests never answer a command.
  func answer(_ toast: ToastEvent) {
    show(toast)
  }

  func holdNewToasts(_ isHeld: Bool) {
    let now = clock.now.offset
    state.withLock { state in
      if isHeld {
        if state.heldSince == nil { state.heldSince = now }
      } else if let since = state.heldSince {
        for index in state.queue.indices where state.queue[index].start + ToastEvent.displayDuration > since {
          state.queue[index].start += now - since
        }
        state.heldSince = nil
      }
    }
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
    state.withLock { state in
      guard state.heldSince == nil else { return nil }
      return state.queue.first { $0.start <= now && now < $0.start + ToastEvent.displayDuration }
    }
  }
}
