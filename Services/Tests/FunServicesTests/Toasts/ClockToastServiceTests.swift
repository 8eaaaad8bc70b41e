import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

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

  @Test("The newest toast replaces the one showing and gets its full 2.5 s")
  func newestReplaces() async {
    let toasts = service()
    toasts.show(.success("Catalog refreshed"))
    clock.advance(by: .seconds(1))
    toasts.show(.info("Shared"))

    #expect(toasts.visibleToast == .info("Shared"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2499))
    #expect(toasts.visibleToast == .info("Shared"))
    clock.advance(by: .milliseconds(1))
    #expect(toasts.visibleToast == nil, "the replaced toast does not come back")
  }

  @Test("A success replaces anything, an error included; an error replaces an info or a success")
  func successesReplaceErrors() async {
    let toasts = service()
    toasts.show(.info("Shared"))
    toasts.show(.error("Offline"))
    #expect(toasts.visibleToast == .error("Offline"))
    toasts.show(.success("Saved"))
    #expect(toasts.visibleToast == .success("Saved"))
    toasts.show(.error("Could not save"))
    #expect(toasts.visibleToast == .error("Could not save"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil, "the replaced toasts do not come back")
  }

  @Test("An error never replaces an error: each waits its turn and shows for its full 2.5 s, in order")
  func errorsWaitTheirTurn() async {
    let toasts = service()
    toasts.show(.error("favorites.json was set aside"))
    toasts.show(.error("my-items.json was set aside"))
    clock.advance(by: .seconds(1))
    toasts.show(.error("profile.json was set aside"))

    #expect(toasts.visibleToast == .error("favorites.json was set aside"))
    #expect(toasts.timeUntilChange == .milliseconds(1500))
    clock.advance(by: .milliseconds(1500))
    #expect(toasts.visibleToast == .error("my-items.json was set aside"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2499))
    #expect(toasts.visibleToast == .error("my-items.json was set aside"))
    clock.advance(by: .milliseconds(1))
    #expect(toasts.visibleToast == .error("profile.json was set aside"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("At most two toasts wait: one more takes the oldest waiting one's place, and that one is logged")
  func waitingIsBounded() async {
    let toasts = service()
    toasts.show(.error("favorites.json was set aside"))
    toasts.show(.error("my-items.json was set aside"))
    toasts.show(.error("profile.json was set aside"))
    toasts.show(.error("settings.json was set aside"))

    #expect(toasts.visibleToast == .error("favorites.json was set aside"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("profile.json was set aside"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("settings.json was set aside"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
    #expect(logger.entries.map(\.message).contains("Toast (error): my-items.json was set aside"))
    #expect(logger.entries.map(\.message).contains("Toast replaced before its turn: my-items.json was set aside"))
  }

  @Test("An error after many queued warnings shows within two toasts' time, for its full 2.5 s")
  func commandErrorAfterQueuedWarnings() async {
    let toasts = service()
    for file in ["favorites", "my-items", "profile", "settings"] {
      toasts.show(.error("\(file).json was set aside"))
    }
    toasts.show(.info("Catalog loaded from the saved copy"))
    clock.advance(by: .milliseconds(500))
    toasts.show(.error("Unknown item: zzz"))

    #expect(toasts.visibleToast == .error("favorites.json was set aside"))
    clock.advance(by: .milliseconds(2000))
    #expect(toasts.visibleToast == .info("Catalog loaded from the saved copy"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("Unknown item: zzz"), "5 s after the start-up warnings, not 12.5 s")
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("Errors shown far apart pile up no further than two waiting")
  func manyErrorsNeverPileUp() async {
    let toasts = service()
    for index in 0..<50 {
      toasts.show(.error("Failure \(index)"))
      clock.advance(by: .milliseconds(100))
    }
    // 5 s on, the two newest are all that is left: the first had its turn, the one showing
    // from 2.5 s (waiting when the first ended) had its, and every other gave way.
    #expect(toasts.visibleToast == .error("Failure 48"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("Failure 49"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("A success over an error leaves the errors waiting behind it their turn")
  func successKeepsWaitingErrors() async {
    let toasts = service()
    toasts.show(.error("Offline"))
    toasts.show(.error("Could not save"))
    toasts.show(.success("Saved"))
    #expect(toasts.visibleToast == .success("Saved"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("Could not save"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("A command's answer shows at once over an error, which is gone; those waiting follow it")
  func answerShowsAtOnce() async {
    let toasts = service()
    toasts.show(.error("favorites.json was set aside"))
    toasts.show(.error("settings.json was set aside"))
    clock.advance(by: .milliseconds(500))
    toasts.answer(.error("No tab aa in Explore"))
    #expect(toasts.visibleToast == .error("No tab aa in Explore"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    toasts.answer(.error("No tab bb in Explore"))
    #expect(toasts.visibleToast == .error("No tab bb in Explore"), "the second answer does not wait for the first")
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("settings.json was set aside"), "waiting, it keeps its turn")
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("An error that has shown does not come back after the answer that replaced it")
  func replacedErrorDoesNotComeBack() async {
    let toasts = service()
    toasts.show(.error("No item with id \"nope\""))
    clock.advance(by: .milliseconds(500))
    toasts.answer(.error("Unknown tab 'nowhere'"))
    #expect(toasts.visibleToast == .error("Unknown tab 'nowhere'"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil, "the link's error was seen; showing it again would read as news")
    #expect(toasts.timeUntilChange == nil)
  }

  @Test("The same answer again shows for its full time anew, where a shown toast would be dropped")
  func sameAnswerAgainRestarts() async {
    let toasts = service()
    toasts.answer(.error("No text field on Home"))
    clock.advance(by: .milliseconds(2000))
    toasts.answer(.error("No text field on Home"))
    #expect(toasts.visibleToast == .error("No text field on Home"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    toasts.show(.error("No text field on Home"))
    #expect(toasts.timeUntilChange == .milliseconds(2500), "shown, not answered: dropped as a repeat")
  }

  @Test("An info toast never replaces an error: it waits for the error's end, then shows for 2.5 s")
  func infoWaitsBehindError() async {
    let toasts = service()
    toasts.show(.error("Network failure"))
    clock.advance(by: .seconds(1))
    toasts.show(.info("Shared"))
    toasts.show(.info("Settings reset"))

    #expect(toasts.visibleToast == .error("Network failure"))
    #expect(toasts.timeUntilChange == .milliseconds(1500))
    clock.advance(by: .milliseconds(1500))
    #expect(toasts.visibleToast == .info("Shared"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .info("Settings reset"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("A new error waits behind the error showing and the info already waiting")
  func newErrorWaitsBehindWaitingInfo() async {
    let toasts = service()
    toasts.show(.error("Offline"))
    toasts.show(.info("Shared"))
    clock.advance(by: .seconds(2))
    toasts.show(.error("Could not save"))

    #expect(toasts.visibleToast == .error("Offline"))
    clock.advance(by: .milliseconds(500))
    #expect(toasts.visibleToast == .info("Shared"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("Could not save"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("A toast equal to one showing or waiting is dropped; once it has gone it shows again")
  func duplicatesDropped() async {
    let toasts = service()
    toasts.show(.error("Offline"))
    toasts.show(.info("Shared"))
    toasts.show(.error("Offline"))
    toasts.show(.info("Shared"))
    #expect(toasts.visibleToast == .error("Offline"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .info("Shared"))
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

  @Test("Visibility is a pure function of the clock: jumping far ahead skips every waiting toast")
  func jumpingAhead() async {
    let toasts = service()
    toasts.show(.error("One"))
    toasts.show(.info("Two"))
    toasts.show(.info("Three"))
    clock.advance(by: .milliseconds(5000))
    #expect(toasts.visibleToast == .info("Three"))
    clock.advance(by: .seconds(60))
    #expect(toasts.visibleToast == nil)
    #expect(clock.sleeperCount == 0, "the service never sleeps on the clock")
  }

  @Test("A toast that comes while toasts are held waits, its time not running, and shows when the hold ends")
  func heldToastWaits() async {
    let toasts = service()
    toasts.holdNewToasts(true)
    toasts.show(.error("favorites.json was corrupt"))
    #expect(toasts.visibleToast == nil)
    #expect(toasts.timeUntilChange == nil)
    clock.advance(by: .seconds(10))
    #expect(toasts.visibleToast == nil, "its time does not run while it is held")
    toasts.holdNewToasts(false)
    #expect(toasts.visibleToast == .error("favorites.json was corrupt"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test(
    "A toast on screen for less than a second when the hold begins has not been seen: it waits, its time anew",
    arguments: [0, 500, 999])
  func unseenToastWaits(milliseconds: Int) async {
    let toasts = service()
    toasts.show(.error("favorites.json was corrupt"))
    clock.advance(by: .milliseconds(milliseconds))
    toasts.holdNewToasts(true)
    #expect(toasts.visibleToast == nil)
    clock.advance(by: .seconds(3))
    toasts.holdNewToasts(false)
    #expect(toasts.visibleToast == .error("favorites.json was corrupt"))
    #expect(toasts.timeUntilChange == .milliseconds(2500))
  }

  @Test("A toast that has shown for a while runs out under the hold; those waiting behind it wait for its end")
  func seenToastRunsOn() async {
    let toasts = service()
    toasts.show(.error("Offline"))
    toasts.show(.error("Could not save"))
    clock.advance(by: .seconds(1))
    toasts.holdNewToasts(true)
    #expect(toasts.visibleToast == .error("Offline"), "seen, it runs on")
    #expect(toasts.timeUntilChange == .milliseconds(1500))
    clock.advance(by: .seconds(5))
    #expect(toasts.visibleToast == nil, "the one behind it does not start under the hold")
    toasts.holdNewToasts(false)
    #expect(toasts.visibleToast == .error("Could not save"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil, "the error that had shown does not come back")
  }

  @Test("A command's answer in the instant the hold ends goes before the toast that waited, which follows it")
  func answerAtReleaseGoesFirst() async {
    let toasts = service()
    toasts.show(.error("favorites.json was corrupt"))
    toasts.holdNewToasts(true)
    clock.advance(by: .seconds(2))
    toasts.holdNewToasts(false)
    toasts.answer(.error("Unknown tab 'nowhere'"))
    #expect(toasts.visibleToast == .error("Unknown tab 'nowhere'"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("favorites.json was corrupt"), "never seen, it keeps its turn")
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test(
    "A command's answer a moment after the hold ends, before the toast that waited is read, still goes first",
    arguments: [1, 999])
  func answerSoonAfterReleaseGoesFirst(milliseconds: Int) async {
    let toasts = service()
    toasts.holdNewToasts(true)
    toasts.show(.error("favorites.json was corrupt"))
    toasts.holdNewToasts(false)
    clock.advance(by: .milliseconds(milliseconds))
    toasts.answer(.error("Unknown tab 'nowhere'"))
    #expect(toasts.visibleToast == .error("Unknown tab 'nowhere'"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("favorites.json was corrupt"), "unread, it shows again")
    #expect(toasts.timeUntilChange == .milliseconds(2500), "for its full time")
  }

  @Test("A toast that waited for a hold and has since been read is replaced for good")
  func waitedAndReadIsReplaced() async {
    let toasts = service()
    toasts.holdNewToasts(true)
    toasts.show(.error("favorites.json was corrupt"))
    toasts.holdNewToasts(false)
    clock.advance(by: .seconds(1))
    toasts.answer(.error("Unknown tab 'nowhere'"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == nil)
  }

  @Test("An answer that comes while the hold lasts waits too, and shows first when it ends")
  func answerDuringHoldWaits() async {
    let toasts = service()
    toasts.show(.error("favorites.json was corrupt"))
    toasts.holdNewToasts(true)
    toasts.answer(.error("Unknown tab 'nowhere'"))
    #expect(toasts.visibleToast == nil)
    clock.advance(by: .seconds(1))
    toasts.holdNewToasts(false)
    #expect(toasts.visibleToast == .error("Unknown tab 'nowhere'"))
    clock.advance(by: .milliseconds(2500))
    #expect(toasts.visibleToast == .error("favorites.json was corrupt"))
  }

  @Test("Toasts held back are as many as may wait: past that, the last in line goes")
  func heldToastsAreBounded() async {
    let toasts = service()
    toasts.holdNewToasts(true)
    for name in ["One", "Two", "Three", "Four", "Five"] {
      toasts.show(.success(name))
    }
    toasts.holdNewToasts(false)
    var seen: [ToastEvent] = []
    while let toast = toasts.visibleToast {
      seen.append(toast)
      clock.advance(by: .milliseconds(2500))
    }
    #expect(seen == [.success("Five"), .success("Four"), .success("Three")], "the newest first, as it would show")
    #expect(seen.count == ClockToastService.mostWaiting + 1)
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

  @Test("Each toast is logged at debug under the toasts category, and so is one replaced before its time")
  func logsToasts() {
    let toasts = service()
    toasts.show(.error("Could not save"))
    #expect(logger.entries.map(\.level) == [.debug])
    #expect(logger.entries.first?.category == "toasts")
    #expect(logger.entries.first?.message == "Toast (error): Could not save")

    toasts.show(.success("Saved"))
    #expect(
      logger.entries.map(\.message) == [
        "Toast (error): Could not save", "Toast replaced before its time: Could not save", "Toast (success): Saved",
      ])
    #expect(Set(logger.entries.map(\.category)) == ["toasts"])
  }
}
