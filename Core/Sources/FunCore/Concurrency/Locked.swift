import Synchronization

/// A value behind a `Mutex`, whose hand-offs ThreadSanitizer can see.
///
/// On Linux, `Synchronization.Mutex` takes its contended path through the kernel
/// (`FUTEX_LOCK_PI`): the waiting thread returns from a system call already owning the lock, with
/// no atomic operation in between that ThreadSanitizer could follow. Under contention it then
/// reports the two holders' accesses to the protected value as a race, although the lock kept
/// them apart. `Locked` adds an acquiring load when the lock is taken and a releasing store
/// before it is given up, on an atomic of its own, so the order the lock enforces is visible.
/// The cost is two uncontended atomic operations per `withLock`.
///
/// Same API and guarantees as `Mutex`: `withLock` runs `body` with exclusive access.
public struct Locked<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
  private let mutex: Mutex<Value>
  private let handOff = Atomic<UInt8>(0)

  /// Protects `initialValue`.
  public init(_ initialValue: consuming sending Value) {
    mutex = Mutex(initialValue)
  }

  /// Runs `body` with exclusive access to the value.
  public borrowing func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      _ = handOff.load(ordering: .acquiring)
      defer { handOff.store(0, ordering: .releasing) }
      return try body(&value)
    }
  }
}
