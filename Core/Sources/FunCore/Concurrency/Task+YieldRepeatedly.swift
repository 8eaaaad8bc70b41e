extension Task where Success == Never, Failure == Never {
  /// Yields `count` times so that work already scheduled on the caller's executor runs first.
  ///
  /// Virtual time uses it to let woken tasks finish their synchronous steps (a search after its
  /// debounce, a stream delivering a change) before the next step of a test or a script. It
  /// settles work on the caller's actor; work on other executors is awaited by other means.
  public static func yieldRepeatedly(_ count: Int = 64) async {
    for _ in 0..<count {
      await Task.yield()
    }
  }
}
