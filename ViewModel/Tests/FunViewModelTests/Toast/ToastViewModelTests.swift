import FunCore
import FunModel
import FunModelTestSupport
import FunViewModel
import Testing

@Suite("ToastViewModel")
@MainActor
struct ToastViewModelTests {
  let clock = ManualClock()

  @Test("A toast shows at once and hides exactly 2.5 s later")
  func showsAndHides() async {
    let service = QueueToastService(clock: clock)
    let model = ToastViewModel(toasts: service, clock: clock)
    #expect(model.current == nil)
    service.show(.success("Saved"))
    await Task.yieldRepeatedly()
    #expect(model.current == .success("Saved"))
    await clock.advance(by: .milliseconds(2_499))
    #expect(model.current == .success("Saved"))
    await clock.advance(by: .milliseconds(1))
    #expect(model.current == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test("Queued toasts show one after another")
  func queued() async {
    let service = QueueToastService(clock: clock)
    let model = ToastViewModel(toasts: service, clock: clock)
    service.show(.info("First"))
    await clock.advance(by: .milliseconds(1_000))
    service.show(.error("Second"))
    await Task.yieldRepeatedly()
    #expect(model.current == .info("First"))
    await clock.advance(by: .milliseconds(1_500))
    #expect(model.current == .error("Second"))
    await clock.advance(by: .milliseconds(2_499))
    #expect(model.current == .error("Second"))
    await clock.advance(by: .milliseconds(1))
    #expect(model.current == nil)
  }

  @Test("A toast already on screen shows from the first render")
  func showsExistingToast() async {
    let service = QueueToastService(clock: clock)
    service.show(.info("Early"))
    await clock.advance(by: .milliseconds(2_000))
    let model = ToastViewModel(toasts: service, clock: clock)
    #expect(model.current == .info("Early"))
    await clock.advance(by: .milliseconds(500))
    #expect(model.current == nil)
  }

  @Test("refresh mirrors the service's visible toast")
  func mirrorsMock() async {
    let service = MockToastService()
    let model = ToastViewModel(toasts: service, clock: clock)
    service.show(.info("Hello"))
    await Task.yieldRepeatedly()
    #expect(model.current == .info("Hello"))
    service.dismiss()
    model.refresh()
    #expect(model.current == nil)
  }

  @Test("The model deallocates while a toast is showing")
  func deallocates() async {
    let service = QueueToastService(clock: clock)
    await expectDeallocation(
      of: { ToastViewModel(toasts: service, clock: clock) },
      afterStart: { _ in
        service.show(.info("Bye"))
        await Task.yieldRepeatedly()
      }
    )
    #expect(clock.sleeperCount == 0)
  }
}
