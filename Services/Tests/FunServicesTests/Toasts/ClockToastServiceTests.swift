import FunCore
import FunModel
import FunModelTestSupport
import FunServices
import Testing

@Suite("ClockToastService")
struct ClockToastServiceTests {
  private let clock = ManualClock()
  private let logger = MockLoggerService()

  private func service() -> ClockToastService {
    ClockToastService(clock: clock, logger: logger)
  }

  @Test("A toast shows for exactly 2.5 s of clock time")
  func oneToast() async {
    let toasts = service()
    #expect(toasts.visibleToast == nil)
    #expect(toasts.timeUntilChange == nil)

    toasts.show(.success("Saved"))
    #expect(toasts.visibleToast == .success("Saved"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))

    clock.advance(by: .milliseconds(2499))
    #expect(toasts.visibleToast == .success("Saved"))
    #expect(toasts.timeUntilChange == .milliseconds(1))

    clock.advance(by: .milliseconds(1))
    #expect(toasts.visibleToast == nil)
    #expect(toasts.timeUntilChange == nil)
  }

  @Test("Toasts queue: the second shows from 2.5 s to 5 s")
  func twoToastsQueue() async {
    let toasts = service()
    toasts.show(.info("First"))
    clock.advance(by: .seconds(1))
    toasts.show(.error("Second"))

    #expect(toasts.visibleToast == .info("First"))
    #expect(toasts.timeUntilChange == .milliseconds(1500))

    clock.advance(by: .milliseconds(1500))
    #expect(toasts.visibleToast == .error("Second"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))

    clock.advance(by: .milliseconds(2499))
    #expect(toasts.visibleToast == .error("Second"))

    clock.advance(by: .milliseconds(1))
    #expect(toasts.visibleToast == nil)
  }

  @Test("A toast equal to one showing or queued is dropped; once it has gone it shows again")
  func duplicatesDropped() async {
    let toasts = service()
    toasts.show(.error("Offline"))
    toasts.show(.success("Saved"))
    toasts.show(.error("Offline"))
    toasts.show(.success("Saved"))
    #expect(toasts.visibleToast == .error("Offline"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .success("Saved"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
    toasts.show(.error("Offline"))
    #expect(toasts.visibleToast == .error("Offline"))
  }

  @Test("A toast after the queue has drained starts at once, not after a gap")
  func startsAtOnceAfterIdle() async {
    let toasts = service()
    toasts.show(.info("Early"))
    clock.advance(by: .seconds(10))
    toasts.show(.info("Late"))
    #expect(toasts.visibleToast == .info("Late"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
  }

  @Test("Visibility is a pure function of the clock: jumping far ahead skips the whole queue")
  func jumpingAhead() async {
    let toasts = service()
    toasts.show(.info("One"))
    toasts.show(.info("Two"))
    toasts.show(.info("Three"))
    clock.advance(by: .milliseconds(5000))
    #expect(toasts.visibleToast == .info("Three"))
    clock.advance(by: .seconds(60))
    #expect(toasts.visibleToast == nil)
    #expect(clock.sleeperCount == 0, "the service never sleeps on the clock")
  }

  @Test("events() emits each toast as it is queued, in order")
  func events() async {
    let toasts = service()
    toasts.show(.info("Before subscribing"))
    var events = toasts.events().makeAsyncIterator()
    toasts.show(.success("One"))
    toasts.show(.error("Two"))
    #expect(await events.next() == .success("One"))
    #expect(await events.next() == .error("Two"))
  }

  @Test("Each toast is logged at debug under the toasts category")
  func logsToasts() {
    service().show(.error("Could not save"))
    #expect(logger.entries.map(\.level) == [.debug])
    #expect(logger.entries.first?.category == "toasts")
    #expect(logger.entries.first?.message == "Toast (error): Could not save")
  }
}
