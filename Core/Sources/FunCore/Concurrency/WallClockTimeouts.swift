import Dispatch

/// Deadlines on the wall clock behind one dispatch timer, armed for the earliest: adding or
/// removing a deadline is bookkeeping under a lock, with no task, thread or timer of its own.
///
/// The timer is not re-armed when a deadline is removed (the common case: the wait it guarded
/// ended in time). It fires at the deadline it was armed for, times out what has expired, and
/// re-arms for the earliest deadline left, if any. Deadlines added later than the armed one,
/// which equal timeouts always are, leave it alone.
final class WallClockTimeouts: Sendable {
  private struct Pending {
    let deadline: DispatchTime
    let onTimeout: @Sendable () -> Void
  }

  private struct State {
    var pending: [Int: Pending] = [:]
    /// The deadline the timer fires at next, if it is armed.
    var armedFor: DispatchTime?
    /// Made at the first deadline, so a tracker that never waits has no timer.
    var timer: DispatchSourceTimer?
  }

  private let state = Locked(State())

  /// How late the timer may fire; timeouts guard against hangs, so precision does not matter.
  private static let leeway = DispatchTimeInterval.milliseconds(10)

  /// Calls `onTimeout` once `deadline` has passed, unless ``remove(_:)`` comes first.
  func add(_ id: Int, deadline: DispatchTime, onTimeout: @escaping @Sendable () -> Void) {
    state.withLock { state in
      state.pending[id] = Pending(deadline: deadline, onTimeout: onTimeout)
      if let armed = state.armedFor, armed <= deadline { return }
      state.armedFor = deadline
      // Under the lock, so that two deadlines added at once arm the timer in their order.
      timer(in: &state).schedule(deadline: deadline, leeway: Self.leeway)
    }
  }

  /// Forgets the deadline of `id`; its `onTimeout` is not called.
  func remove(_ id: Int) {
    _ = state.withLock { $0.pending.removeValue(forKey: id) }
  }

  /// How many deadlines are pending (for tests).
  var pendingCount: Int {
    state.withLock { $0.pending.count }
  }

  private func timer(in state: inout State) -> DispatchSourceTimer {
    if let timer = state.timer { return timer }
    let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.setEventHandler { [weak self] in self?.fire() }
    timer.activate()
    state.timer = timer
    return timer
  }

  private func fire() {
    let now = DispatchTime.now()
    let expired = state.withLock { state -> [Pending] in
      let expired = state.pending.filter { $0.value.deadline <= now }
      for id in expired.keys {
        state.pending[id] = nil
      }
      state.armedFor = state.pending.values.map(\.deadline).min()
      if let next = state.armedFor {
        timer(in: &state).schedule(deadline: next, leeway: Self.leeway)
      }
      // Earliest first, also when the timer fires so late that several have expired.
      return expired.values.sorted { $0.deadline < $1.deadline }
    }
    for pending in expired {
      pending.onTimeout()
    }
  }

  deinit {
    state.withLock { $0.timer }?.cancel()
  }
}
