import Observation

@testable import FunCore

/// Whether an Observation change arrived; set from whichever thread reports it.
final class ChangeFlag: Sendable {
  private let changed = Locked(false)

  /// Whether ``set()`` was called.
  var isSet: Bool {
    changed.withLock { $0 }
  }

  /// Records the change.
  func set() {
    changed.withLock { $0 = true }
  }

  /// Runs `read` inside Observation tracking, as the app draws a frame; the flag returned is set
  /// once anything `read` read changes.
  @MainActor
  static func tracking<Value>(_ read: () -> Value) -> (value: Value, changes: ChangeFlag) {
    let changes = ChangeFlag()
    let value = withObservationTracking(read, onChange: { changes.set() })
    return (value, changes)
  }
}
