import FunCore

/// A value held in memory and published on a change stream: the shared engine of the guest
/// services, which keep nothing on disk (their persistent twins use `PersistedState`).
///
/// - A change is applied to a copy of the value; only if the copy differs is it kept and
///   published, so a no-op (removing what is absent) publishes nothing. A change that throws
///   leaves the value as it was.
/// - After ``end()`` the stream is finished and later changes are ignored, not applied.
///
/// Thread-safety: every member may be called from any thread. Changes are applied one at a
/// time under a lock that guards only the value; publishing happens after the lock is given
/// up (no subscriber's work runs under it), numbered, so the stream keeps the newest value
/// even if two changes reach it out of order.
final class InMemoryState<Value: Equatable & Sendable>: Sendable {
  private struct State {
    var value: Value
    /// Counts changes, so that the stream keeps the newest when two publish out of order.
    var version: UInt64 = 0
    /// ``end()`` was called: changes are ignored.
    var isEnded = false
  }

  private let state: Locked<State>
  private let stream: MulticastStream<Value>

  /// Holds `initial`, which ``changes()`` carries until the first change.
  init(_ initial: Value) {
    state = Locked(State(value: initial))
    stream = MulticastStream(initial: initial)
  }

  /// The value now.
  var value: Value {
    state.withLock { $0.value }
  }

  /// The value now, then after every change.
  func changes() -> MulticastStream<Value>.Subscription {
    stream.subscribe()
  }

  /// Applies `change` to the value and publishes the result if it differs; ignored after
  /// ``end()``.
  /// - Throws: what `change` threw; the value is not changed then.
  func update<Failure: Error>(_ change: (inout Value) throws(Failure) -> Void) throws(Failure) {
    let published = try state.withLock { state throws(Failure) -> (Value, UInt64)? in
      guard !state.isEnded else { return nil }
      var updated = state.value
      try change(&updated)
      guard updated != state.value else { return nil }
      state.value = updated
      state.version += 1
      return (updated, state.version)
    }
    if let (value, version) = published {
      stream.send(value, version: version)
    }
  }

  /// Finishes the change stream; later changes are ignored.
  func end() {
    state.withLock { $0.isEnded = true }
    stream.finish()
  }
}
