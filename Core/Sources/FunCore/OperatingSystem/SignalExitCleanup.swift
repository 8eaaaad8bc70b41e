import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files to remove when a signal ends the process: a socket that normal shutdown removes, and
/// that a process killed with `kill -TERM` would otherwise leave behind.
///
/// The app's signal handler calls ``removeFiles()``. It is async-signal-safe: each file's path
/// and ``FileIdentity`` are stored ahead, in memory that is never freed, and it
/// calls only `lstat` and `unlink`, reading atomics. A file is removed only while it is still
/// the one registered, so a file another process has put at that path since is left alone.
///
/// A registration holds one of `capacity` (64) slots until it is cancelled; then the slot is free
/// for the next. (A handler reading a slot while it is being reused could at worst remove the
/// file either registration names: one its owner was removing anyway, or one this process
/// registered. The handler runs only as the process ends.)
///
/// In Core because the two sides live in different layers that share only Core: the link
/// socket (FunLinkHandoff) registers its file, the terminal's signal handler (FunFrontend)
/// removes it.
public enum SignalExitCleanup {
  /// How many files can be registered at once.
  static let capacity = 64
  /// The longest path, in bytes, that can be registered.
  static let pathCapacity = 1024

  /// A registered file; ``cancel()`` it once the file is removed or handed on.
  public final class Registration: Sendable {
    fileprivate let slot: Int
    private let isCancelled = Atomic<Bool>(false)

    fileprivate init(slot: Int) {
      self.slot = slot
    }

    /// The registration's bit in a set of slots.
    var slots: UInt64 { UInt64(1) << slot }

    /// Stops removing the file at a signal and frees the slot; calling it again does nothing.
    public func cancel() {
      guard !isCancelled.exchange(true, ordering: .relaxed) else { return }
      SignalExitCleanup.armed.bitwiseAnd(~slots, ordering: .releasing)
      SignalExitCleanup.taken.bitwiseAnd(~slots, ordering: .releasing)
    }
  }

  /// Slots held by a registration, from ``register(path:)`` until ``Registration/cancel()``.
  private static let taken = Atomic<UInt64>(0)
  /// Slots whose file ``removeFiles()`` removes: set once the slot's path and identity are
  /// written.
  private static let armed = Atomic<UInt64>(0)
  nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity * pathCapacity)
  nonisolated(unsafe) private static let identities = UnsafeMutablePointer<FileIdentity>.allocate(capacity: capacity)

  /// Registers the file now at `path` for removal at a signal; `nil` when it does not exist,
  /// its path is longer than `pathCapacity` (1,024 bytes) or every slot is taken.
  public static func register(path: String) -> Registration? {
    let bytes = Array(path.utf8CString)
    guard bytes.count <= pathCapacity, let identity = FileIdentity(path: path), let slot = takeSlot() else {
      return nil
    }
    let stored = paths + slot * pathCapacity
    for (offset, byte) in bytes.enumerated() {
      stored[offset] = byte
    }
    identities[slot] = identity
    armed.bitwiseOr(UInt64(1) << slot, ordering: .releasing)
    return Registration(slot: slot)
  }

  private static func takeSlot() -> Int? {
    var current = taken.load(ordering: .acquiring)
    while current != .max {
      let slot = (~current).trailingZeroBitCount
      let (exchanged, original) = taken.compareExchange(
        expected: current, desired: current | (UInt64(1) << slot), ordering: .acquiringAndReleasing)
      if exchanged { return slot }
      current = original
    }
    return nil
  }

  /// Removes every registered file that is still the one registered. Async-signal-safe.
  public static func removeFiles() {
    removeFiles(in: armed.load(ordering: .acquiring))
  }

  /// Removes the registered files of the slots set in `slots` (the registrations' ``Registration/slots``
  /// or'ed together), as ``removeFiles()`` does: a test removes only its own files, in a
  /// process where other tests have registered theirs.
  static func removeFiles(in slots: UInt64) {
    let mask = slots & armed.load(ordering: .acquiring)
    guard mask != 0 else { return }
    for slot in 0..<capacity where mask & (UInt64(1) << slot) != 0 {
      let path = paths + slot * pathCapacity
      // Bound, not compared as optionals: Optional's `==` is generic, FileIdentity's is not.
      if let current = FileIdentity(path: path), current == identities[slot] {
        unlink(path)
      }
    }
  }
}
