import FunCore
import Observation

/// What a store shows of a value a service saves (the favorites, the feature toggles, your
/// items): the service's value, followed through its change stream, with the store's own
/// changes shown at once and saved off the main actor, one after another in the order they
/// were made.
///
/// ``value`` is set in one place, and only when it differs from what shows, so each change
/// reaches its observers (and draws a frame) once: a change made here shows when it is made,
/// and its save, once done, changes nothing more unless the service holds something else
/// (another instance changed the file meanwhile). While saves are under way the stream's
/// values are stale (they lag behind the changes shown) and are skipped; when the last save
/// ends, what the service holds then shows.
///
/// Every save is a tracked task, busy while it blocks on the file, so the app is not idle (and
/// script mode prints no frame) until it is done. So is the first read of the file
/// (``load(name:_:)``), which a store starts as it is made: a session opens at once, showing the
/// value as empty until the file has been read, and never waits on the main actor for a disk.
/// The read and the change stream are kept in order: a value the stream sent after the read
/// began is never replaced by what the read returned (see ``load(name:_:)``).
///
/// Another Fun on the same files changes them without a word to this one, so a store can also
/// ask the service, every ``outsideChangeInterval`` of a clock, to look at its file
/// (``watchOutsideChanges(clock:check:)``): a change time that moved means a read, and what it
/// finds arrives through the change stream like any other change.
@Observable
@MainActor
final class SavedValue<Value: Equatable & Sendable> {
  /// The value on screen.
  private(set) var value: Value

  /// Whether saves are waiting or running.
  private(set) var isSaving = false

  /// Whether the first read (``load(name:_:)``) is done and shows what it read: until then
  /// ``value`` stands in for it, and its change to what was read is nobody's change. With saves
  /// under way as the read lands, it turns true only as their outcome shows (which holds the
  /// read), in the same change: otherwise the read's arrival would show after it, and look like
  /// someone's change to observers that trust it (a screen reader saying "Favorited").
  private(set) var hasLoaded = false

  /// Told each new value shown, after it shows: how a store passes what it shows on to another
  /// store (your items, into the catalog).
  @ObservationIgnored var didShow: (@MainActor (Value) -> Void)?

  @ObservationIgnored private let tasks: TaskTracker
  @ObservationIgnored private let changes: MulticastStream<Value>.Subscription
  /// How many values the change stream has handed over, shown or skipped.
  @ObservationIgnored private var receivedCount = 0
  @ObservationIgnored private let blocking = BlockingWork(label: "fun.saves")
  @ObservationIgnored private var lastSave: TrackedTask<Void>?
  @ObservationIgnored private var loading: TrackedTask<Void>?
  /// The first read is done, but saves were under way: it shows with their outcome.
  @ObservationIgnored private var readAwaitsSaves = false
  @ObservationIgnored private var unsavedCount = 0
  @ObservationIgnored private var following: TrackedTask<Void>?
  @ObservationIgnored private var watching: TrackedTask<Void>?

  /// How often the service looks for what another Fun saved: "within about a second" is what
  /// a person switching windows expects, and a look is one `stat`.
  static var outsideChangeInterval: Duration { .seconds(1) }

  /// Shows `initial`, then follows `changes` in a task of `tasks` called `name`.
  init(_ initial: Value, following changes: MulticastStream<Value>.Subscription, tasks: TaskTracker, name: String) {
    value = initial
    self.tasks = tasks
    self.changes = changes
    following = changes.observe(self, tasks: tasks, name: name) { saved, value in
      saved.receivedCount += 1
      if !saved.isSaving { saved.show(value) }
    }
  }

  deinit {
    following?.cancel()
    watching?.cancel()
  }

  /// Runs `load` off the main actor, before any save, in a tracked task called `name` (what
  /// "still busy" reports, so it says whose read it is): how a store has its service read its
  /// file. `load` returns what it read, which shows as ``hasLoaded`` turns true (unless a save
  /// is under way: then both wait for the saves' outcome, which holds the read); it also
  /// arrives through the change stream, where it changes nothing more. If the stream has
  /// already shown a value it sent after the read began, that value stays: the read is no
  /// newer. Not a save: ``finishSaving()`` (which quitting awaits) does not wait for it unless a
  /// save does.
  func load(name: String, _ load: @escaping @Sendable () -> Value) {
    let blocking = blocking
    // Noted before the read begins: every value sent after this was sent after it began.
    let sentBeforeRead = changes.sentCount
    loading = tasks.start(name) { [weak self] in
      let read = await blocking.run(load)
      // Shown here rather than left to the stream, so the value and `hasLoaded` change together.
      guard let self else { return }
      if isSaving {
        readAwaitsSaves = true
      } else {
        // A service publishes every change it makes, numbered (the stream drops an older one
        // sent late), so the values sent after the read began end with one that holds at least
        // what the read saw: once one of them has shown, those still coming bring the store
        // there, and the read's value could only take it back meanwhile.
        if receivedCount <= sentBeforeRead { show(read) }
        hasLoaded = true
      }
    }
  }

  /// Returns once the read ``load(name:_:)`` started is done (at once if there is none): a
  /// session's end awaits it before closing the service, whose close would otherwise wait on
  /// the main actor for the file's lock the read holds.
  func finishLoading() async {
    await loading?.value
  }

  /// Runs `check` off the main actor (after any save queued before it) every
  /// ``outsideChangeInterval`` of `clock`, in a task of the store's tracker, until the store
  /// goes: a parking point between looks, so the app stays idle.
  func watchOutsideChanges(clock: any Clock<Duration>, check: @escaping @Sendable () -> Void) {
    watching?.cancel()
    let blocking = blocking
    watching = tasks.start("outside changes") {
      while !Task.isCancelled {
        do {
          try await clock.sleep(for: Self.outsideChangeInterval)
        } catch {
          return
        }
        await blocking.run(check)
      }
    }
  }

  /// Shows `change` applied at once and saves it in a task called `name`: `save` runs off the
  /// main actor once every earlier save is done, makes the change in the service and returns
  /// what the service holds afterwards.
  func change(name: String, _ change: (inout Value) -> Void, save: @escaping @Sendable () -> Value) {
    self.change(name: name, change, save: { (save(), ()) }, then: { _ in })
  }

  /// Shows `change` applied at once and saves it as the other `change` does; `save` also
  /// returns how the save went (a refusal, say), which `didSave` hears on the main actor once
  /// what the service holds shows.
  func change<Outcome: Sendable>(
    name: String, _ change: (inout Value) -> Void, save: @escaping @Sendable () -> (Value, Outcome),
    then didSave: @escaping @MainActor (Outcome) -> Void
  ) {
    var changed = value
    change(&changed)
    show(changed)
    let (loading, previous, blocking) = (loading, lastSave, self.blocking)
    unsavedCount += 1
    isSaving = true
    lastSave = tasks.start(name) { [weak self] in
      // The read's task may not have handed its work to the queue yet: waiting for it is what
      // puts the read before the first save (the queue keeps only the order work reaches it).
      await loading?.value
      await previous?.value
      let (saved, outcome) = await blocking.run(save)
      if let self {
        unsavedCount -= 1
        if unsavedCount == 0 {
          isSaving = false
          show(saved)
          if readAwaitsSaves {
            readAwaitsSaves = false
            hasLoaded = true
          }
        }
      }
      didSave(outcome)
    }
  }

  /// Returns once every change made so far is saved.
  func finishSaving() async {
    await lastSave?.value
  }

  private func show(_ newValue: Value) {
    guard newValue != value else { return }
    value = newValue
    didShow?(newValue)
  }
}
