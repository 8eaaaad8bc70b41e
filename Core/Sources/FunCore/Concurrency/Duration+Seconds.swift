extension Duration {
  /// The duration in seconds, as the APIs that count time in `Double` seconds want it
  /// (`URLRequest`'s timeout, `poll`'s milliseconds, a benchmark's nanoseconds): the one place
  /// the app turns a `Duration` into a number.
  public var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
