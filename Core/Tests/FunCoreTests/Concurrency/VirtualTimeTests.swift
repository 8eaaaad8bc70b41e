import Testing

@testable import FunCore

@MainActor
final class VirtualTimeLog {
  var entries: [String] = []
}

@Suite("VirtualTime", .timeLimit(.minutes(3)))
@MainActor
struct VirtualTimeTests {
  let time = VirtualTime(watchdog: .seconds(120))
  let log = VirtualTimeLog()

  @Test("Advancing wakes each sleeper at its own deadline and lets it run before the next")
  func eachWakeUpRunsAtItsTime() async throws {
    for (name, seconds) in [("c", 3), ("a", 1), ("b", 2)] {
      time.tasks.start(name) { [time, log] in
        try? await time.clock.sleep(for: .seconds(seconds))
        log.entries.append("\(name)@\(time.elapsed)")
      }
    }

    try await time.advance(by: .seconds(5))
    try await time.settle()

    #expect(log.entries == ["a@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds"])
    #expect(time.elapsed == .seconds(5))
  }

  @Test("A sleeper that sleeps again inside the advanced window wakes in the same advance")
  func chainedSleepsWakeInOneAdvance() async throws {
    time.tasks.start("chain") { [time, log] in
      try? await time.clock.sleep(for: .seconds(1))
      log.entries.append("first@\(time.elapsed)")
      try? await time.clock.sleep(for: .seconds(1))
      log.entries.append("second@\(time.elapsed)")
    }

    try await time.advance(by: .seconds(3))
    try await time.settle()

    #expect(log.entries == ["first@1.0 seconds", "second@2.0 seconds"])
  }

  @Test("Advancing by less than a deadline wakes nothing")
  func shortAdvanceWakesNothing() async throws {
    time.tasks.start("sleeper") { [time, log] in
      try? await time.clock.sleep(for: .milliseconds(400))
      log.entries.append("woke")
    }

    try await time.advance(by: .milliseconds(399))
    try await time.settle()
    #expect(log.entries.isEmpty)

    try await time.advance(by: .milliseconds(1))
    try await time.settle()
    #expect(log.entries == ["woke"])
  }
}
