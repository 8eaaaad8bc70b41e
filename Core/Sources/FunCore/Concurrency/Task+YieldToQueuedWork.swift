import Dispatch

extension Task where Success == Never, Failure == Never {
  /// Suspends until the work already queued on the caller's executor has run, then resumes.
  ///
  /// `Task.yield()` is a nonisolated function: called on the main actor it hops to the global
  /// executor, yields there and hops back — two hand-offs between threads (tens of
  /// microseconds on Linux), and an order among main-actor tasks that depends on how those
  /// threads are scheduled. On the main actor this instead queues the resumption on the main
  /// queue, behind everything already there: no thread hand-off, and main-actor tasks that
  /// yield to each other take turns in queue order. Elsewhere it is `Task.yield()`.
  public static func yieldToQueuedWork(isolation: isolated (any Actor)? = #isolation) async {
    if let isolation, isolation === MainActor.shared {
      await withUnsafeContinuation(isolation: isolation) { (continuation: UnsafeContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
      }
    } else {
      await Task.yield()
    }
  }

  /// Yields `count` times (``yieldToQueuedWork(isolation:)``) so that work already scheduled on
  /// the caller's executor runs first.
  ///
  /// Virtual time uses it to let woken tasks finish their synchronous steps (a search after its
  /// debounce, a stream delivering a change) before the next step of a test or a script. It
  /// settles work on the caller's actor; work on other executors is awaited by other means.
  public static func yieldRepeatedly(_ count: Int = 64, isolation: isolated (any Actor)? = #isolation) async {
    for _ in 0..<count {
      await yieldToQueuedWork(isolation: isolation)
    }
  }
}
