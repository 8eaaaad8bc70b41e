import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("ToastViewModel")
@MainActor
struct ToastViewModelTests {
  let time = VirtualTime.forTests()

  func makeModel(_ toasts: any ToastService) -> ToastViewModel {
    ToastViewModel(toasts: toasts, clock: time.clock, tasks: time.tasks)
  }

  @Test("A toast shows at once and hides exactly 2.5 s later")
  func showsAndHides() async throws {
    let service = QueueToastService(clock: time.clock)
    let model = makeModel(service)
    #expect(model.current == nil)
    service.show(.success("Saved"))
    try await time.settle()
    #expect(model.current == .success("Saved"))
    try await time.advance(by: .milliseconds(2_499))
    #expect(model.current == .success("Saved"))
    try await time.advance(by: .milliseconds(1))
    #expect(model.current == nil)
    #expect(time.clock.sleeperCount == 0)
  }

  @Test("From a toast's showing until the model takes it, the model says a toast is arriving")
  func arriving() async throws {
    let service = QueueToastService(clock: time.clock)
    let model = makeModel(service)
    #expect(!model.hasToastsArriving)
    service.show(.info("Removed"))
    #expect(model.hasToastsArriving)
    #expect(model.current == nil, "the toast reaches the model through the service's stream, later")
    try await time.settle()
    #expect(!model.hasToastsArriving)
    #expect(model.current == .info("Removed"))
    service.show(.error("Behind"))
    service.show(.info("Also behind"))
    try await time.settle()
    #expect(!model.hasToastsArriving, "every toast taken, shown or waiting")
  }

  @Test("Queued toasts show one after another")
  func queued() async throws {
    let service = QueueToastService(clock: time.clock)
    let model = makeModel(service)
    service.show(.info("First"))
    try await time.advance(by: .milliseconds(1_000))
    service.show(.error("Second"))
    try await time.settle()
    #expect(model.current == .info("First"))
    // The second toast's refresh replaced the wait for the first one's end.
    #expect(time.clock.sleeperCount == 1)
    try await time.advance(by: .milliseconds(1_500))
    #expect(model.current == .error("Second"))
    try await time.advance(by: .milliseconds(2_499))
    #expect(model.current == .error("Second"))
    try await time.advance(by: .milliseconds(1))
    #expect(model.current == nil)
  }

  @Test("A toast that waits its turn is waiting until it shows, and none is once nothing shows")
  func waiting() async throws {
    let service = QueueToastService(clock: time.clock)
    let model = makeModel(service)
    service.show(.error("First"))
    try await time.settle()
    #expect(model.waiting.isEmpty, "shown at once")
    service.show(.error("Second"))
    service.show(.info("Third"))
    try await time.settle()
    #expect(model.current == .error("First"))
    #expect(model.waiting == [.error("Second"), .info("Third")])
    try await time.advance(by: .milliseconds(2_500))
    #expect(model.current == .error("Second"))
    #expect(model.waiting == [.info("Third")])
    try await time.advance(by: .milliseconds(5_000))
    #expect(model.current == nil)
    #expect(model.waiting.isEmpty)
  }

  @Test("A toast already on screen shows from the first render")
  func showsExistingToast() async throws {
    let service = QueueToastService(clock: time.clock)
    service.show(.info("Early"))
    try await time.advance(by: .milliseconds(2_000))
    let model = makeModel(service)
    #expect(model.current == .info("Early"))
    try await time.advance(by: .milliseconds(499))
    #expect(model.current == .info("Early"))
    try await time.advance(by: .milliseconds(1))
    #expect(model.current == nil)
  }

  @Test("Each toast that comes on screen counts, one equal to the one it replaced too; one that waits, when it shows")
  func countsShownToasts() async throws {
    let answers = MockToastService()
    let model = makeModel(answers)
    answers.answer(.error("Unknown command: frob"))
    try await time.settle()
    #expect(model.shownCount == 1)
    answers.answer(.error("Unknown command: frob"))
    try await time.settle()
    #expect(model.current == .error("Unknown command: frob"))
    #expect(model.shownCount == 2)

    let queued = QueueToastService(clock: time.clock)
    let waiting = makeModel(queued)
    queued.show(.info("First"))
    queued.show(.info("Second"))
    try await time.settle()
    #expect(waiting.shownCount == 1)
    try await time.advance(by: ToastEvent.displayDuration)
    #expect(waiting.current == .info("Second"))
    #expect(waiting.shownCount == 2)
  }

  @Test("Covered, the model holds the service's new toasts; uncovered, it shows the one that waited at once")
  func coveredHoldsToasts() async throws {
    let service = QueueToastService(clock: time.clock)
    let model = makeModel(service)
    model.isCovered = true
    #expect(service.isHolding)
    service.show(.error("favorites.json was corrupt"))
    try await time.advance(by: .seconds(5))
    #expect(model.current == nil)
    model.isCovered = false
    #expect(!service.isHolding)
    #expect(model.current == .error("favorites.json was corrupt"), "the model reads the service as the cover goes")
    try await time.advance(by: .milliseconds(2_500))
    #expect(model.current == nil, "and waits for the toast's end from there")
  }

  @Test("refresh mirrors the service's visible toast")
  func mirrorsMock() async throws {
    let service = MockToastService()
    let model = makeModel(service)
    service.show(.info("Hello"))
    try await time.settle()
    #expect(model.current == .info("Hello"))
    service.dismiss()
    model.refresh()
    #expect(model.current == nil)
  }

  @Test("The model deallocates while a toast is showing, and stops waiting for its end")
  func deallocates() async throws {
    let service = QueueToastService(clock: time.clock)
    try await expectDeallocation(
      in: time,
      of: { makeModel(service) },
      afterStart: { model in
        service.show(.info("Bye"))
        try await time.settle()
        #expect(model.current == .info("Bye"))
        #expect(time.clock.sleeperCount == 1)
      }
    )
    #expect(time.clock.sleeperCount == 0)
    #expect(time.tasks.taskCount == 0)
  }
}
