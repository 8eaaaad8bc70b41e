extension Duration {
  /// The duration in seconds, as the APIs that count time in `Double` seconds want it
  /// (`URLRequest`'s timeout, a benchmark's nanoseconds). It and ``pollTimeout`` are where the
  /// app turns a `Duration` into a number.
  public var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// The duration as `poll`'s timeout: whole milliseconds, rounded up so a deadline is never
  /// polled for 0 ms before it has passed, at most `Int32.max`, and 0 for a duration that is
  /// not positive (`poll` takes a negative timeout as "wait forever").
  ///
  /// Counted in integers, not through ``inSeconds``: a `Double` can land a hair above a whole
  /// millisecond, which rounding up would turn into one more.
  public var pollTimeout: Int32 {
    guard self > .zero else { return 0 }
    let (seconds, attoseconds) = components
    guard seconds <= Int64(Int32.max) / 1000 else { return .max }
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    let (milliseconds, rest) = attoseconds.quotientAndRemainder(dividingBy: attosecondsPerMillisecond)
    return Int32(clamping: seconds * 1000 + milliseconds + (rest > 0 ? 1 : 0))
  }
}
