import Testing

@testable import FunCore

@Suite("Task.yieldToQueuedWork")
struct YieldToQueuedWorkTests {
  @MainActor
  @Test("On the main actor, work queued before the yield has run when it resumes")
  func queuedMainActorWorkRunsFirst() async {
    var log: [String] = []
    for index in 0..<5 {
      Task { log.append("task \(index)") }
    }
    log.append("yield")
    await Task.yieldToQueuedWork()
    log.append("resumed")

    #expect(log == ["yield", "task 0", "task 1", "task 2", "task 3", "task 4", "resumed"])
  }

  @Test("Off the main actor it still yields and resumes")
  func offMainActor() async {
    actor Counter {
      var value = 0
      func yieldTwice() async {
        await Task.yieldToQueuedWork()
        value += 1
        await Task.yieldRepeatedly(2)
        value += 1
      }
    }
    let counter = Counter()
    await counter.yieldTwice()
    #expect(await counter.value == 2)
  }
}
