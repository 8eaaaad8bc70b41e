/// A handle to a task started with ``TaskTracker/start(_:_:)``.
///
/// Awaiting ``value`` from another tracked task is a parking point: the awaiting task counts
/// as idle until this one has ended, so joining a fetch that sleeps on the clock does not keep
/// the app busy.
public struct TrackedTask<Success: Sendable>: Sendable {
  private let task: Task<Success, Never>
  private let tracker: TaskTracker
  private let id: Int

  init(task: Task<Success, Never>, tracker: TaskTracker, id: Int) {
    self.task = task
    self.tracker = tracker
    self.id = id
  }

  /// The task's result, once it has ended.
  public var value: Success {
    get async {
      let tracker = tracker
      let id = id
      let hasEnded: @Sendable () -> Bool = { tracker.hasEnded(id) }
      return await TaskTracker.park(until: hasEnded) {
        // A task that has ended gives its value at once; the end of one still running is a
        // wake-up from elsewhere.
        if hasEnded() { return await task.value }
        return await withTaskExecutorPreference(WakeUpExecutor.shared) { await task.value }
      }
    }
  }

  /// Cancels the task (as `Task.cancel()` does); parking points that respond to cancellation
  /// end their wait.
  public func cancel() {
    task.cancel()
  }

  /// Whether ``cancel()`` was called.
  var isCancelled: Bool {
    task.isCancelled
  }
}
