import FunCore
import FunModel

/// A ``/FunModel/ToastService`` that records every toast; the last one shown stays visible until
/// ``dismiss()``.
public final class MockToastService: ToastService {
  private struct State {
    var shown: [ToastEvent] = []
    var visible: ToastEvent?
    var isHolding = false
  }

  private let state = Locked(State())
  private let stream = MulticastStream<ToastEvent>(replaysLatest: false)

  /// Creates the mock.
  public init() {}

  /// Every toast shown, oldest first.
  public var shownToasts: [ToastEvent] {
    state.withLock { $0.shown }
  }

  public var visibleToast: ToastEvent? {
    state.withLock { $0.visible }
  }

  public var timeUntilChange: Duration? {
    visibleToast == nil ? nil : ToastEvent.displayDuration
  }

  /// Whether new toasts are held (``holdNewToasts(_:)``); the mock shows them anyway.
  public var isHoldingNewToasts: Bool {
    state.withLock { $0.isHolding }
  }

  public func holdNewToasts(_ isHeld: Bool) {
    state.withLock { $0.isHolding = isHeld }
  }

  /// Hides the visible toast.
  public func dismiss() {
    state.withLock { $0.visible = nil }
  }

  public func show(_ toast: ToastEvent) {
    state.withLock { state in
      state.shown.append(toast)
      state.visible = toast
    }
    stream.send(toast)
  }

  /// Records `toast` as ``show(_:)`` does: the real service's order is what its own tests check.
  public func answer(_ toast: ToastEvent) {
    show(toast)
  }

  public func events() -> MulticastStream<ToastEvent>.Subscription {
    stream.subscribe()
  }
}
