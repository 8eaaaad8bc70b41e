import Dispatch

/// Runs work that blocks (file I/O, a `fsync`) on a thread of its own, so that neither the main
/// actor nor the cooperative pool waits for a disk.
///
/// Inside a tracked task the wait counts as busy, not parked: the app is not idle until the
/// work is done, so script mode's frame after a command shows its result.
public enum BlockingWork {
  /// Runs `work` on a global dispatch queue and returns its result.
  public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: work())
      }
    }
  }
}
