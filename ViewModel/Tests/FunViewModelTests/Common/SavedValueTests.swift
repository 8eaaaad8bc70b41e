import Dispatch
import Testing

@testable import FunCore
@testable import FunViewModel

@Suite("SavedValue", .timeLimit(.minutes(1)))
@MainActor
struct SavedValueTests {
  let time = VirtualTime.forTests()

  @Test("Quitting does not wait for a first read still under way; a save made meanwhile waits for it, then saves")
  func finishSavingDoesNotWaitForTheLoad() async throws {
    let stream = MulticastStream<[String]>(initial: [])
    let saved = SavedValue([], following: stream.subscribe(), tasks: time.tasks, name: "test changes")
    // A read that takes as long as the test says: a 16 MiB file on a slow disk.
    let reading = DispatchSemaphore(value: 0)
    saved.load { reading.wait() }

    // With nothing changed, there is nothing to finish: this returns while the read blocks.
    await saved.finishSaving()

    saved.change(name: "test save") {
      $0.append("mine")
    } save: {
      ["mine"]
    }
    #expect(saved.value == ["mine"])
    #expect(saved.isSaving)
    reading.signal()
    await saved.finishSaving()
    #expect(!saved.isSaving)
    #expect(saved.value == ["mine"])
  }
}
