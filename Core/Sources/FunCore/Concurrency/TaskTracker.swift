import Dispatch

/// The app's tasks, started by name, and the one answer script mode and tests need from them:
/// is the app idle?
///
/// Every task the app starts goes through ``start(_:_:)``. A tracked task is *busy* while it
/// runs or awaits anything other than a parking point, and *parked* while it waits at one:
/// sleeping on a ``TrackedClock``, waiting for the next value of a ``MulticastStream``
/// subscription, awaiting another tracked task's ``TrackedTask/value``, or waiting for outside
/// input (``park(until:_:)``). A parked task whose reason to wait has gone (its deadline has
/// passed, a value was handed to it, its task was cancelled) is busy again at once, before it
/// has even run, so there is no moment in which a woken task looks idle.
///
/// The app is *idle* when every tracked task is parked and none is ready: then nothing can
/// happen until the clock advances or input arrives. ``waitUntilIdle(timeout:)`` returns
/// at that moment, exactly, instead of guessing with counted yields or real sleeps. I/O a task
/// started (an HTTP request) is busy, not idle.
///
/// **The rule.** Inside a tracked task, every `await` that waits for something only the clock
/// or input can end must be a parking point, or script mode and tests wait for it until their
/// watchdog reports "still busy": sleep on the app's clock (never `Task.sleep` or a bare
/// `ContinuousClock`), loop over a ``MulticastStream`` subscription (not an `AsyncStream`), and
/// wrap any other wait for input in ``park(until:_:)``. A continuation anywhere else keeps the
/// task busy until it is resumed, which is right only for work the app must finish before it
/// is idle (a file read, a download). An architecture test, `ParkingPointRuleTests`, scans
/// every layer above Core for waits that break the rule.
///
/// Tracked tasks run on the main actor, as the app's ViewModels and coordinators do. A child
/// task (`async let`, a task group's) is not tracked on its own: it inherits its parent's
/// identity, so it is part of its parent, which stays busy while it awaits the child. A child
/// may work (the catalog's search index is built in an `async let`) or wait on something that
/// is not a parking point (the downloader's bound on a transfer's wind-down sleeps on real time
/// in a task group), but must not wait at a parking point: that would count its parent as
/// parked, and busy again when it returns, whatever the parent is doing. Unstructured
/// `Task {}` is kept out of production code by an architecture test.
///
/// **Children.** A child tracker (``init(parent:)``) starts its tasks as tasks of its parent,
/// so the app is idle only when they are too, and keeps the handles of its own: ending it
/// (``scopeDidEnd()``) cancels exactly those. A session gets a child of the app's tracker,
/// registered in its service scope, so ending the scope cancels the session's tasks.
///
/// Thread-safety: every member may be used from any thread. The lock guards only the
/// bookkeeping: readiness checks, continuations and timers all run after it is released.
public final class TaskTracker: ScopedService {
  /// The tracked task the current task is, if it is one; parking points read it.
  @TaskLocal private static var current: Current?

  private struct Current: Sendable {
    let tracker: TaskTracker
    let id: Int
  }

  private struct Entry {
    let name: String
    /// Why the task waits, and whether that reason has gone; `nil` while it is busy.
    var isReady: (@Sendable () -> Bool)?
  }

  private struct State {
    var entries: [Int: Entry] = [:]
    var nextID = 0
    /// Bumped by every change to `entries`, so an idle verdict reached outside the lock can be
    /// checked against changes made meanwhile.
    var generation: UInt64 = 0
    var waiters: [Int: CheckedContinuation<[String], Never>] = [:]
    var nextWaiterID = 0
  }

  /// The handles of the tasks this tracker started, for ``scopeDidEnd()``.
  private struct Owned {
    var cancellers: [Int: @Sendable () -> Void] = [:]
    /// Tasks that ended before their handle was kept.
    var ended: Set<Int> = []
    var nextToken = 0
    var isCancelled = false
  }

  private let state = Locked(State())
  private let owned = Locked(Owned())
  /// The tracker this one starts its tasks through, for a child.
  private let parent: TaskTracker?
  /// The wall-clock timeouts of ``waitUntilIdle(timeout:)``; a child's are its root's.
  private let wallClockTimeouts = WallClockTimeouts()

  /// Creates a tracker with no tasks.
  public init() {
    parent = nil
  }

  /// Creates a child of `parent`: its tasks are `parent`'s tasks too (they count for
  /// ``waitUntilIdle(timeout:)`` and `busyTaskNames` there), and ``scopeDidEnd()`` cancels
  /// only the child's.
  public init(parent: TaskTracker) {
    self.parent = parent
  }

  /// The names of the tasks that are busy (running, or parked but ready), sorted; a child
  /// answers for the whole tree it belongs to.
  var busyTaskNames: [String] {
    if let parent { return parent.busyTaskNames }
    let entries = state.withLock { Array($0.entries.values) }
    return entries.filter { $0.isReady?() ?? true }.map(\.name).sorted()
  }

  /// How many tasks this tracker started (its children's included) that have not yet ended.
  var taskCount: Int {
    owned.withLock { $0.cancellers.count }
  }

  /// Cancels every task this tracker started (its children's included) that has not ended, and
  /// every task it starts from now on (each starts cancelled), as ``TrackedTask/cancel()`` does:
  /// the tasks of the scope that ends.
  public func scopeDidEnd() {
    let cancellers = owned.withLock { owned in
      owned.isCancelled = true
      // Kept until each task has ended, so ``taskCount`` still counts them until then.
      return Array(owned.cancellers.values)
    }
    for cancel in cancellers {
      cancel()
    }
  }

  /// Starts `operation` on the main actor as a tracked task called `name`.
  ///
  /// The name is what ``StillBusy`` reports, so it should say what the task is for
  /// (`"search"`, `"catalog fetch"`).
  @discardableResult
  public func start<Success: Sendable>(
    _ name: String,
    _ operation: @escaping @MainActor () async -> Success
  ) -> TrackedTask<Success> {
    let token = owned.withLock { owned in
      defer { owned.nextToken += 1 }
      return owned.nextToken
    }
    let task =
      if let parent {
        parent.start(name) { [weak self] in
          let value = await operation()
          self?.forget(token)
          return value
        }
      } else {
        startTracked(name) { [weak self] in
          let value = await operation()
          self?.forget(token)
          return value
        }
      }
    let isCancelled = owned.withLock { owned in
      if owned.ended.remove(token) == nil {
        owned.cancellers[token] = { task.cancel() }
      }
      return owned.isCancelled
    }
    if isCancelled {
      task.cancel()
    }
    return task
  }

  private func forget(_ token: Int) {
    owned.withLock { owned in
      if owned.cancellers.removeValue(forKey: token) == nil {
        owned.ended.insert(token)
      }
    }
  }

  private func startTracked<Success: Sendable>(
    _ name: String,
    _ operation: @escaping @MainActor () async -> Success
  ) -> TrackedTask<Success> {
    let id = state.withLock { state in
      defer {
        state.nextID += 1
        state.generation += 1
      }
      state.entries[state.nextID] = Entry(name: name)
      return state.nextID
    }
    let current = Current(tracker: self, id: id)
    let task = Task(name: name) { @MainActor in
      let value = await Self.$current.withValue(current) { await operation() }
      self.end(id)
      return value
    }
    return TrackedTask(task: task, tracker: self, id: id)
  }

  /// Waits at a parking point: runs `body`, counting the current tracked task as parked until
  /// `isReady` says its reason to wait has gone; outside a tracked task it just runs `body`.
  ///
  /// `isReady` must turn true as soon as `body` can go on (before `body`'s continuation is
  /// resumed, or at the same moment) and stay true until it does; it is called from any
  /// thread, outside every lock of the tracker. Waiting for outside input passes
  /// `{ false }`: only the outside world can end that wait. A parking point that is ready at
  /// first and becomes not ready inside `body` (it registers its continuation somewhere) calls
  /// `didStartWaiting()` right after registering.
  public static func park<Result, Failure: Error>(
    until isReady: @escaping @Sendable () -> Bool,
    _ body: () async throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    guard let current else { return try await body() }
    current.tracker.setParking(of: current.id, to: isReady)
    defer { current.tracker.setParking(of: current.id, to: nil) }
    return try await body()
  }

  /// Tells the tracker of the current task, if any, that its parking point has just become
  /// not ready (its continuation is registered), so the app may have gone idle.
  static func didStartWaiting() {
    current?.tracker.resumeWaitersIfIdle()
  }

  /// Returns when the app is idle: every tracked task parked and none ready.
  ///
  /// The timeout is measured on the wall clock. Every wait shares one timer, armed for the
  /// earliest deadline: that buys script mode's time per command (fun-bench's `script` figure).
  ///
  /// - Parameter timeout: how long to wait at most; work that never goes idle cannot hang the
  ///   caller.
  /// - Throws: ``StillBusy`` naming the busy tasks when `timeout` passes first.
  public func waitUntilIdle(timeout: Duration) async throws(StillBusy) {
    if let parent {
      return try await parent.waitUntilIdle(timeout: timeout)
    }
    let deadline = DispatchTime.now() + timeout.inSeconds
    try await waitUntilIdle { waiterID in
      wallClockTimeouts.add(waiterID, deadline: deadline) { [weak self] in self?.timeOut(waiterID) }
      return { [wallClockTimeouts] in wallClockTimeouts.remove(waiterID) }
    }
  }

  /// Waits for the app to go idle (this is the root tracker), with the timeout `armTimeout`
  /// sets up for a waiter: it arranges for ``timeOut(_:)`` of that waiter and returns what
  /// cancels that.
  func waitUntilIdle(armTimeout: (Int) -> () -> Void) async throws(StillBusy) {
    // The common case, an app that is idle already, costs no suspension and no timeout.
    if isIdle { return }
    let waiterID = state.withLock { state in
      defer { state.nextWaiterID += 1 }
      return state.nextWaiterID
    }
    var disarm: (() -> Void)?
    defer { disarm?() }
    // A tracked caller (a `:` command typed in the app) is not work the app waits for.
    let neverReady: @Sendable () -> Bool = { false }
    let busy = await Self.park(until: neverReady) {
      await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
        state.withLock { $0.waiters[waiterID] = continuation }
        // Armed once the waiter is there: a timeout that fired before would find no one to
        // resume, and the wait would never end.
        disarm = armTimeout(waiterID)
        resumeWaitersIfIdle()
      }
    }
    if !busy.isEmpty {
      throw StillBusy(taskNames: busy)
    }
  }

  // MARK: Bookkeeping

  private func end(_ id: Int) {
    state.withLock { state in
      state.entries[id] = nil
      state.generation += 1
    }
    resumeWaitersIfIdle()
  }

  /// Whether the task `id` has ended: what a ``TrackedTask/value`` waits for.
  func hasEnded(_ id: Int) -> Bool {
    state.withLock { $0.entries[id] == nil }
  }

  private func setParking(of id: Int, to isReady: (@Sendable () -> Bool)?) {
    state.withLock { state in
      state.entries[id]?.isReady = isReady
      state.generation += 1
    }
    if isReady != nil {
      resumeWaitersIfIdle()
    }
  }

  /// Whether no tracked task can make progress, judged now (a caller that is itself tracked
  /// counts as busy).
  private var isIdle: Bool {
    idleGeneration(requiringWaiters: false) != nil
  }

  /// The generation at which every task was parked and none ready, or `nil` if some task can
  /// make progress (or, when `requiringWaiters`, nobody waits). The readiness checks run
  /// outside the lock.
  private func idleGeneration(requiringWaiters: Bool) -> UInt64? {
    let snapshot = state.withLock { state -> (generation: UInt64, checks: [@Sendable () -> Bool])? in
      guard !requiringWaiters || !state.waiters.isEmpty else { return nil }
      var checks: [@Sendable () -> Bool] = []
      for entry in state.entries.values {
        guard let isReady = entry.isReady else { return nil }
        checks.append(isReady)
      }
      return (state.generation, checks)
    }
    guard let snapshot, !snapshot.checks.contains(where: { $0() }) else { return nil }
    return snapshot.generation
  }

  /// Resumes every waiter if no tracked task can make progress; the verdict stands only if
  /// nothing changed while the readiness checks ran.
  private func resumeWaitersIfIdle() {
    guard let generation = idleGeneration(requiringWaiters: true) else { return }
    let waiters = state.withLock { state -> [CheckedContinuation<[String], Never>] in
      guard state.generation == generation else { return [] }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters {
      waiter.resume(returning: [])
    }
  }

  func timeOut(_ waiterID: Int) {
    guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: waiterID) }) else { return }
    let busy = busyTaskNames
    // Every task parked but one was ready a moment ago and is not any more: report it as the
    // race it was rather than as an empty list.
    waiter.resume(returning: busy.isEmpty ? ["(no task: the app went idle as the time ran out)"] : busy)
  }
}
