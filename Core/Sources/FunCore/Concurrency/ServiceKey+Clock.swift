extension ServiceKey where Value == any Clock<Duration> {
  /// The clock every time-based behaviour uses: `ContinuousClock` in the interactive app, a
  /// ``ManualClock`` in tests and script mode.
  public static var clock: Self { Self("clock") }
}
