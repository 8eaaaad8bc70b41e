import Dispatch
import FunCore

/// Runs work that blocks (file I/O, a `fsync`) on a thread of its own, one piece after another,
/// so that neither the main actor nor the cooperative pool waits for a disk.
///
/// Each instance is a serial dispatch queue: work runs in the order it was handed over. Such a
/// queue gets a new thread when others are blocked, so work here never waits behind blocked
/// work elsewhere in the process (the global queue has only as many threads as cores).
///
/// Inside a tracked task the wait counts as busy, not parked: the app is not idle until the
/// work is done, so script mode's frame after a command shows its result.
final class BlockingWork: Sendable {
  private let queue: DispatchQueue

  /// A queue named `label` (it shows in debuggers and crash reports).
  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `work` on this queue, after everything handed over before it, and returns its
  /// result.
  func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    // Resumed from the queue's thread, never at once.
    await withContinuationResumedElsewhere { continuation in
      queue.async {
        continuation.resume(returning: work())
      }
    }
  }
}
