import FunCore
import Observation

/// The saves of one store, run off the main actor one after another in the order they were
/// asked for: each waits for the one before it, so a person's quick toggles reach the file in
/// the order they were made, and the main actor never waits for a disk.
///
/// Every save is a tracked task, busy while it blocks on the file, so the app is not idle (and
/// script mode prints no frame) until it is done.
@Observable
@MainActor
final class SaveQueue {
  /// Whether saves are waiting or running.
  private(set) var isSaving = false

  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private let blocking = BlockingWork(label: "fun.saves")
  @ObservationIgnored private var last: TrackedTask<Void>?
  @ObservationIgnored private var pending = 0

  /// Saves in tasks of `tasks`.
  init(tasks: TaskTracker) {
    self.tasks = tasks
  }

  /// Runs `work` off the main actor once every earlier save is done, then, if no other save
  /// is waiting, `didFinishAll` on the main actor.
  func save(
    name: String,
    work: @escaping @Sendable () -> Void,
    didFinishAll: @escaping @MainActor () -> Void
  ) {
    let (previous, blocking) = (last, self.blocking)
    pending += 1
    isSaving = true
    last = tasks.start(name) { [weak self] in
      await previous?.value
      await blocking.run(work)
      guard let self else { return }
      self.pending -= 1
      self.isSaving = self.pending > 0
      if !self.isSaving {
        didFinishAll()
      }
    }
  }

  /// Returns once every save asked for so far is done (the last one waits for the others).
  func finish() async {
    await last?.value
  }
}
