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

@Suite("Duration.pollTimeout")
struct DurationPollTimeoutTests {
  @Test(
    "Whole milliseconds rounded up, never negative, capped at Int32.max",
    arguments: [
      (Duration.zero, 0),
      (.milliseconds(-5), 0),
      (.nanoseconds(-1), 0),
      (.nanoseconds(1), 1),
      (.microseconds(999), 1),
      (.milliseconds(1), 1),
      (.microseconds(1_001), 2),
      (.milliseconds(50), 50),
      (.milliseconds(200), 200),
      (.milliseconds(1_132), 1_132),
      (.seconds(1) + .nanoseconds(1), 1_001),
      (.seconds(2_147_483) + .milliseconds(647), .max),
      (.seconds(2_147_483) + .milliseconds(646) + .nanoseconds(1), .max),
      (.seconds(2_147_483) + .milliseconds(646), 2_147_483_646),
      (.seconds(2_147_484), .max),
      (.seconds(Int64.max), .max),
    ] as [(Duration, Int32)]
  )
  func pollTimeout(duration: Duration, expected: Int32) {
    #expect(duration.pollTimeout == expected)
  }
}
