import Dispatch

/// Where a task that waits on work elsewhere wakes up, rather than on Swift's global executor:
/// a dispatch queue, which gets a thread whenever it has a job.
///
/// On Linux a task resumed from another thread (a continuation, the end of a task it awaits)
/// runs on the global executor before it hops back to its actor, so each wake-up of a
/// main-actor task waits for one of that executor's threads, as many as cores; synchronous
/// work there delays it. In a test run the other suites' work held them long enough for a
/// chain of saves, a couple of wake-ups each, to outlast its settle's watchdog. A wait that is
/// always resumed from elsewhere (a file read on a queue, another task's end) runs inside
/// `withTaskExecutorPreference(WakeUpExecutor.shared)`, which sends its wake-up here instead.
///
/// Not for a wait that may be resumed inside its own body (a stream's queued value): with a
/// preference set, such a continuation does not go on at once but yields the actor first.
public final class WakeUpExecutor: TaskExecutor {
  /// The one instance. Its jobs are hops back to an actor, each over at once, so one queue
  /// keeps them in the order they came, as the global executor did.
  public static let shared = WakeUpExecutor()

  private let queue = DispatchQueue(label: "fun.wake-ups")

  private init() {}

  /// Runs `job` on the queue.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
