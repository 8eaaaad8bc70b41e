import Testing

@testable import FunCore

@Suite("Locked")
struct LockedTests {
  /// Under the tsan CI step this is also the proof that ThreadSanitizer sees the hand-offs: the
  /// same loop on a bare Mutex is reported as a race on every run.
  @Test("withLock gives each caller the value alone: concurrent increments all count")
  func exclusiveAccess() async {
    final class Counter: Sendable {
      let count = Locked(0)
    }
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 {
            counter.count.withLock { $0 += 1 }
          }
        }
      }
    }
    #expect(counter.count.withLock { $0 } == 80_000)
  }

  @Test("withLock returns the body's result and passes its typed error through")
  func resultsAndErrors() {
    struct Failure: Error, Equatable {}
    let names = Locked(["a"])
    #expect(
      names.withLock {
        $0.append("b")
        return $0.count
      } == 2)
    #expect(throws: Failure()) {
      try names.withLock { (_: inout [String]) throws(Failure) in throw Failure() }
    }
    #expect(names.withLock { $0 } == ["a", "b"])
  }
}
