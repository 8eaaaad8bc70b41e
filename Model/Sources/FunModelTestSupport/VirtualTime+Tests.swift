import FunCore

extension VirtualTime {
  /// Virtual time for tests: a watchdog of two minutes instead of five seconds. It is a safety
  /// net that turns a hang into a failure, not a measurement: every suite shares the main
  /// actor, and under the thread sanitizer a busy neighbour can keep a settle waiting for its
  /// turns for seconds.
  public static func forTests() -> VirtualTime {
    VirtualTime(watchdog: .seconds(120))
  }
}
