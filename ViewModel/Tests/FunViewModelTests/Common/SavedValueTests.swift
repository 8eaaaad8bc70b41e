import Dispatch
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunViewModel

/// Each test waits for a few turns on the main actor, which every suite in the process shares:
/// under the thread sanitizer a crowded run kept them waiting past a minute, so the limit is the
/// one the other suites that wait on it have. It turns a hang into a failure; it measures nothing.
@Suite("SavedValue", .timeLimit(.minutes(3)))
@MainActor
struct SavedValueTests {
  let time = VirtualTime.forTests()

  /// A value whose first read, called `name`, waits for `reading` (a 16 MiB file on a slow
  /// disk: as long as the test says) and then sets `read`.
  private func valueWithHeldRead(
    name: String = "test load"
  ) -> (saved: SavedValue<[String]>, reading: DispatchSemaphore, read: Flag) {
    let stream = MulticastStream<[String]>(initial: [])
    let saved = SavedValue([], following: stream.subscribe(), tasks: time.tasks, name: "test changes")
    let reading = DispatchSemaphore(value: 0)
    let read = Flag()
    saved.load(name: name) {
      reading.wait()
      read.set()
      return ["read"]
    }
    return (saved, reading, read)
  }

  @Test("Quitting does not wait for a first read still under way; a save made meanwhile waits for it, then saves")
  func finishSavingDoesNotWaitForTheLoad() async throws {
    let (saved, reading, read) = valueWithHeldRead()

    // With nothing changed, there is nothing to finish: this returns while the read blocks.
    await saved.finishSaving()
    #expect(!read.isSet)

    let savedAfterTheRead = Locked<Bool?>(nil)
    saved.change(name: "test save") {
      $0.append("mine")
    } save: {
      savedAfterTheRead.withLock { $0 = read.isSet }
      return ["mine"]
    }
    #expect(saved.value == ["mine"])
    #expect(saved.isSaving)
    // Released only once the save's task has started (the main actor runs tasks in order).
    time.tasks.start("release the read") { reading.signal() }
    await saved.finishSaving()
    #expect(savedAfterTheRead.withLock { $0 } == true)
    #expect(!saved.isSaving)
    #expect(saved.value == ["mine"])
  }

  @Test("Saves one after another go on while Swift's global executor is kept busy by other work")
  func savesDoNotWaitForTheGlobalExecutor() async throws {
    let stream = MulticastStream<[String]>(initial: [])
    let saved = SavedValue([], following: stream.subscribe(), tasks: time.tasks, name: "test changes")
    try await time.settle()
    let hog = GlobalExecutorHog()
    let held = Locked<Bool?>(nil)

    hog.occupy()
    for word in ["a", "b"] {
      saved.change(name: "test save") {
        $0.append(word)
      } save: {
        []
      }
    }
    saved.change(name: "test save") {
      $0.append("c")
    } save: {
      (["a", "b", "c"], ())
    } then: { _ in
      held.withLock { $0 = hog.release() }
    }
    try await time.settle()

    #expect(held.withLock { $0 } == true, "a save's wake-up waited until the global executor's threads were free")
    #expect(saved.value == ["a", "b", "c"])
  }

  @Test("The first read shows what it read as it counts as loaded, and not before")
  func loadShowsWhatItRead() async throws {
    let (saved, reading, _) = valueWithHeldRead()
    #expect(!saved.hasLoaded)
    #expect(saved.value == [])

    reading.signal()
    await saved.finishLoading()
    #expect(saved.hasLoaded)
    #expect(saved.value == ["read"])
  }

  @Test("A value the change stream sends while the first read is under way is not replaced by the read's older value")
  func changeDuringTheReadIsKept() async throws {
    let stream = MulticastStream<[String]>(initial: [])
    let saved = SavedValue([], following: stream.subscribe(), tasks: time.tasks, name: "test changes")
    let reading = DispatchSemaphore(value: 0)
    saved.load(name: "test load") {
      reading.wait()
      // What the service held as the read began, returned after the change below.
      return ["read"]
    }

    stream.send(["changed"], version: 1)
    await shown(["changed"], by: saved)
    reading.signal()
    await saved.finishLoading()

    #expect(saved.hasLoaded)
    #expect(saved.value == ["changed"])
  }

  @Test("A value the change stream sent before the first read began gives way to what the read returns")
  func changeBeforeTheReadGivesWay() async throws {
    let stream = MulticastStream<[String]>(initial: [])
    stream.send(["before"], version: 1)
    let saved = SavedValue([], following: stream.subscribe(), tasks: time.tasks, name: "test changes")
    let reading = DispatchSemaphore(value: 0)
    saved.load(name: "test load") {
      reading.wait()
      return ["read"]
    }

    // Shown after the read began, but sent before it: the read holds it or something newer.
    await shown(["before"], by: saved)
    reading.signal()
    await saved.finishLoading()

    #expect(saved.hasLoaded)
    #expect(saved.value == ["read"])
  }

  /// Returns once `saved` shows `value` (the next value it shows must be it).
  private func shown(_ value: [String], by saved: SavedValue<[String]>) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      saved.didShow = { [weak saved] shownValue in
        saved?.didShow = nil
        #expect(shownValue == value)
        continuation.resume()
      }
    }
  }

  @Test("A first read landing while a save is under way counts as loaded only as the save's outcome, holding it, shows")
  func readDuringASaveShowsWithTheSave() async throws {
    let (saved, reading, _) = valueWithHeldRead()
    let saving = DispatchSemaphore(value: 0)
    saved.change(name: "test save") {
      $0.append("mine")
    } save: {
      saving.wait()
      return ["read", "mine"]
    }

    reading.signal()
    await saved.finishLoading()
    // Read, but what shows is not it yet: counting as loaded now would make its arrival, at
    // the save's end, look like someone's change.
    #expect(saved.value == ["mine"])
    #expect(!saved.hasLoaded)

    var changesAfterLoading: [[String]] = []
    saved.didShow = { [weak saved] value in
      if saved?.hasLoaded == true { changesAfterLoading.append(value) }
    }
    saving.signal()
    await saved.finishSaving()
    #expect(saved.hasLoaded)
    #expect(saved.value == ["read", "mine"])
    #expect(changesAfterLoading.isEmpty)
  }

  @Test("finishLoading returns once the first read is done, not before")
  func finishLoadingWaitsForTheRead() async throws {
    let (saved, reading, read) = valueWithHeldRead()

    let finished = time.tasks.start("finish loading") { () -> Bool in
      await saved.finishLoading()
      return read.isSet
    }
    // Released only once the task above has started waiting (the main actor runs tasks in order).
    time.tasks.start("release the read") { reading.signal() }

    #expect(await finished.value)
  }

  @Test("The first read's task carries the name it was given, so a stuck start says whose read it is")
  func loadTaskIsNamed() async throws {
    let (saved, reading, _) = valueWithHeldRead(name: "favorites load")

    #expect(time.tasks.busyTaskNames.contains("favorites load"))
    reading.signal()
    await saved.finishLoading()
  }
}
