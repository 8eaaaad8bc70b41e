extension ServiceKey where Value == any Clock<Duration> {
  /// The clock every time-based behaviour uses: a ``TrackedClock`` over a `ContinuousClock`
  /// in the interactive app, over a ``ManualClock`` in tests and script mode.
  public static var clock: Self { Self("clock") }
}

extension ServiceKey where Value == TaskTracker {
  /// The tracker every task of the app is started through.
  public static var tasks: Self { Self("tasks") }
}
