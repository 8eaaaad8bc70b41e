import Dispatch

/// Waits for the continuation `body` is given, which another thread or task resumes, and wakes
/// up on a dispatch queue of its own rather than on Swift's global executor; `onCancel` runs as
/// `withTaskCancellationHandler`'s does.
///
/// On Linux a task resumed from another thread (a file read on a queue, a URLSession callback)
/// runs on the global executor before it hops back to its actor, so its wake-up waits for one
/// of that executor's threads, as many as cores, and synchronous work there delays it: in a
/// test run the other suites' work held them long enough for a chain of saves, a couple of
/// wake-ups each, to outlast its settle's watchdog. Here the wake-up goes to
/// `WakeUpExecutor`'s queue, which gets a thread whenever it has a job. `body` runs at once, in
/// the caller's isolation, as `withCheckedContinuation`'s does. A body that now and then resumes
/// the continuation itself (a cancellation that came first) still works, but that wait goes on
/// only after a hop through the queue, the actor yielded meanwhile: a wait resumed inside its
/// own body as a rule (a stream's queued value) keeps `withCheckedContinuation`. A cancellation
/// handler goes in `onCancel`, not around the call: the operation of one around it is not
/// isolated to a caller that is `nonisolated(nonsending)`, so it would go on on the global
/// executor after the wait, and the wake-up would wait for a thread there after all.
public func withContinuationResumedElsewhere<Value: Sendable>(
  function: String = #function,
  _ body: (CheckedContinuation<Value, Never>) -> Void,
  onCancel: @Sendable () -> Void = {}
) async -> Value {
  await withTaskExecutorPreference(WakeUpExecutor.shared) {
    await withTaskCancellationHandler {
      await withCheckedContinuation(function: function, body)
    } onCancel: {
      onCancel()
    }
  }
}

/// Where a task that waits on work elsewhere wakes up: a dispatch queue, which gets a thread
/// whenever it has a job (see ``withContinuationResumedElsewhere(function:_:onCancel:)`` for why). A wait
/// that is not a continuation of its own (``TrackedTask/value``, the end of another task) runs
/// inside `withTaskExecutorPreference(WakeUpExecutor.shared)`.
///
/// Not for a wait that may be resumed inside its own body (a stream's queued value): with a
/// preference set, such a continuation does not go on at once but yields the actor first.
final class WakeUpExecutor: TaskExecutor {
  /// The one instance. Its jobs are hops back to an actor, each over at once, so one queue
  /// keeps them in the order they came, as the global executor did.
  static let shared = WakeUpExecutor()

  private let queue = DispatchQueue(label: "fun.wake-ups")

  private init() {}

  /// Runs `job` on the queue.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
