import Testing

@testable import FunCore

@Suite("Duration.inSeconds")
struct DurationSecondsTests {
  @Test(
    "Whole, fractional, sub-millisecond and negative durations in seconds",
    arguments: [
      (Duration.zero, 0.0),
      (.seconds(10), 10.0),
      (.milliseconds(1_500), 1.5),
      (.microseconds(250), 0.000_25),
      (.nanoseconds(1), 1e-9),
      (.milliseconds(-2_500), -2.5),
      (.seconds(86_400 * 365), 31_536_000.0),
    ]
  )
  func seconds(duration: Duration, expected: Double) {
    #expect(abs(duration.inSeconds - expected) <= abs(expected) * 1e-12 + 1e-18)
  }
}
