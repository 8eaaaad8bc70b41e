import Synchronization

/// A flag that is set once, from any thread, and read from any other.
///
/// Parking points use it to tell the ``TaskTracker`` that a cancellation has already woken
/// their task.
public final class Flag: Sendable {
  private let value = Atomic(false)

  /// A flag that is not set.
  public init() {}

  /// Whether ``set()`` has been called.
  public var isSet: Bool {
    value.load(ordering: .acquiring)
  }

  /// Sets the flag; setting it again changes nothing.
  public func set() {
    value.store(true, ordering: .releasing)
  }
}
