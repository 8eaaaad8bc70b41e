import Foundation
import FunCore
import FunModel

/// A value held in memory, mirrored to a `StateFile` and published on a change stream: the
/// shared engine of the persistent services.
///
/// - Loading: nothing is read at init, so a service is built without waiting for a disk. The
///   file is read the first time something needs it: ``value``, a change, or
///   ``reloadIfChanged()``, which is how a store has it read off the main actor (a file at the
///   size cap takes a second or more). Until then ``changes()`` carries the default. A corrupt
///   file is quarantined, the defaults are used, a warning is logged and an error toast shown.
/// - Each change is decided from what is saved: under the file's lock the file is re-read and
///   the change applied to what it holds (a toggle flips what is saved, not what a screen last
///   saw), so another app instance's edits are merged rather than overwritten. While earlier
///   saves have failed, the in-memory value is the base instead, so unsaved changes are not
///   lost.
/// - A save keeps the file's top-level members this version does not know, as last read (see
///   `StateDocument`); a file set aside as corrupt leaves none. A read that failed without
///   setting the file aside, or found no file where a save then failed (a folder out of reach),
///   forgets none, so a later save still writes them.
/// - A failed save keeps the change in memory, logs an error every time and shows an error
///   toast once per distinct failure (again after a save has succeeded).
/// - A change that would make the file larger than its reader takes is refused, not kept: the
///   file stays as it was, and so does the value (kept, it would fail every later save, and be
///   gone at the next start). ``updateOrRefuse(_:)`` throws it for its caller to show; a change
///   that cannot be refused logs it and shows an error toast.
/// - A file the system will not let be read (permission denied, an I/O error) is left where it
///   is, never saved over: while it stays unreadable each change is kept in memory and refused
///   on disk, saying why. Once it reads again, a change applies to what it holds; changes made
///   meanwhile were reported as not saved, and what the file holds wins.
/// - Another instance's saves show when asked: ``reloadIfChanged()`` compares the file's
///   change stamp with the one seen after this instance last read or wrote it, and only when
///   they differ reads it again (under the lock) and publishes what it holds. Unsaved changes
///   (after a failed save) are never replaced by it.
///
/// The stream carries `Published`, the form the service's protocol promises (a `Set` of ids
/// rather than the file's document), so subscribers are fed directly, with no forwarding task.
///
/// Thread-safety: changes are serialised by the file's lock. The in-memory lock guards only
/// the value and is never held across I/O; publishing happens after both locks are given up,
/// numbered, so the stream keeps the newest value even if two changes publish out of order.
final class PersistedState<Value: Codable & Equatable & Sendable, Published: Sendable>: Sendable {
  private struct State {
    var value: Value
    /// The last save failed, so memory holds changes the file lacks.
    var hasUnsavedChanges = false
    /// The failure last reported with a toast, to avoid repeating it.
    var reportedFailure: AppError?
    /// Counts changes, so that the stream keeps the newest when two publish out of order.
    var version: UInt64 = 0
    /// ``close()`` was called: changes are ignored and nothing is saved any more.
    var isClosed = false
    /// The file's change stamp after this instance last read or wrote it.
    var seenStamp: FileSystem.ChangeStamp?
    /// The file has been read (or written), so ``value`` is what it held, not the default.
    var isLoaded = false
    /// The last read found a file that could not be read, left where it is: nothing is saved
    /// over it, and each change reads it again.
    var isUnreadable = false
    /// The members of the file, as last read, that this version does not know: written back
    /// with each save.
    var unknownMembers: [String: JSONValue] = [:]
  }

  private let file: StateFile<Value>
  private let state: Locked<State>
  private let stream: MulticastStream<Published>
  private let publish: @Sendable (Value) -> Published
  private let logger: any LoggerService
  private let toasts: any ToastService
  private let category: String

  init(
    file: StateFile<Value>,
    defaultValue: Value,
    logger: any LoggerService,
    toasts: any ToastService,
    category: String,
    publish: @escaping @Sendable (Value) -> Published
  ) {
    self.file = file
    self.logger = logger
    self.toasts = toasts
    self.category = category
    self.publish = publish
    state = Locked(State(value: defaultValue))
    stream = MulticastStream(initial: publish(defaultValue))
  }

  /// The value, read from the file first if it has not been yet (blocking on the disk).
  var value: Value {
    loadIfNeeded()
    return state.withLock { $0.value }
  }

  /// The published form of the current value, then of every change; the default until the
  /// file has been read (it does not read it: see ``reloadIfChanged()``).
  func changes() -> MulticastStream<Published>.Subscription {
    stream.subscribe()
  }

  /// Applies a change that is never refused to the saved value and saves it; should the file
  /// grow past its limit, the change is not kept, an error is logged and a toast says why.
  /// - Parameter change: edits the value as saved (the file's, re-read under its lock).
  func update(_ change: (inout Value) -> Void) {
    do throws(AppError) {
      try updateOrRefuse { (value: inout Value) throws(AppError) in change(&value) }
    } catch {
      toasts.show(.error(error.text))
    }
  }

  /// Applies a change to the saved value and saves it.
  /// - Parameter change: edits the value as saved (the file's, re-read under its lock); it may
  ///   refuse by throwing, decided from what is saved (an id another instance took meanwhile).
  /// - Throws: what `change` threw, or ``/FunModel/AppError/stateFileTooLarge(name:limit:)``
  ///   when the changed value would make the file larger than its reader takes; the value and
  ///   the file are not changed then.
  func updateOrRefuse(_ change: (inout Value) throws(AppError) -> Void) throws(AppError) {
    let outcome = file.withLock { () -> UpdateOutcome? in
      let (shown, unknownMembers, hasUnsavedChanges, isClosed, wasUnreadable) = state.withLock {
        ($0.value, $0.unknownMembers, $0.hasUnsavedChanges, $0.isClosed, $0.isUnreadable)
      }
      guard !isClosed else { return nil }
      // Decided from what is saved; while memory holds changes the file lacks, from memory.
      let read =
        !hasUnsavedChanges || wasUnreadable
        ? readUnderLock(remembering: unknownMembers) : Read(unknownMembers: unknownMembers)
      var attempt = Attempt(base: read.stored ?? shown)
      do throws(AppError) {
        try change(&attempt.updated)
      } catch {
        attempt.refusal = error
        attempt.updated = attempt.base
      }
      attempt.needsSave = attempt.updated != attempt.base || hasUnsavedChanges || read.unreadable != nil
      save(&attempt, read: read)
      return record(attempt, read: read)
    }
    guard let outcome else {
      logger.warning("Ignored a change to \(file.name) after its session ended", category: category)
      return
    }
    announce(outcome)
    if let refusal = outcome.refusal { throw refusal }
  }

  /// What a change's read of the file, under its lock, found.
  private struct Read {
    /// What the file holds; `nil` when it holds nothing yet, or could not be read.
    var stored: Value?
    /// The file's members this version does not know, to keep: none when it was set aside, and
    /// those remembered from an earlier read when it could not be read but is still there.
    var unknownMembers: [String: JSONValue] = [:]
    /// A corrupt file, set aside: reported once the locks are given up.
    var unreadable: AppError?
    /// Why a file the system will not let be read was left where it is: nothing is saved over it.
    var leftInPlace: LocalizedText?
  }

  /// One change on its way to the file: what it started from, what it made, and how saving it went.
  private struct Attempt {
    let base: Value
    var updated: Value
    /// Why the change (or its save, for a file that would grow too large) was refused.
    var refusal: AppError?
    var saveFailure: AppError?
    var isTooLarge = false
    var needsSave = false

    init(base: Value) {
      self.base = base
      updated = base
    }
  }

  /// Reads the file; call it under the file's lock. A file that could not be read but was not
  /// set aside still holds the members `remembered` from an earlier read: they stay to be saved.
  private func readUnderLock(remembering remembered: [String: JSONValue]) -> Read {
    do throws(AppError) {
      let document = try file.readDocument()
      return Read(stored: document?.value, unknownMembers: document?.unknownMembers ?? [:])
    } catch {
      if case .unreadableStateFile(_, let reason) = error {
        return Read(unknownMembers: remembered, leftInPlace: reason)
      }
      return Read(unknownMembers: Self.wasSetAside(error) ? [:] : remembered, unreadable: error)
    }
  }

  /// Whether `error`, from a read, says the file was moved aside, taking its members with it.
  private static func wasSetAside(_ error: AppError) -> Bool {
    switch error {
    case .corruptStateFile, .unsafeStateFile: true
    default: false
    }
  }

  /// Writes what `attempt` made, if it needs saving, with the members `read` kept: never over a
  /// file left in place, and a value too large for the file's reader is refused, the attempt
  /// going back to its base.
  private func save(_ attempt: inout Attempt, read: Read) {
    guard attempt.needsSave else { return }
    if let leftInPlace = read.leftInPlace {
      attempt.saveFailure = .stateNotWritable(
        path: file.url.path, reason: L10n.Reason.unreadableNotReplaced(leftInPlace))
      return
    }
    do throws(AppError) {
      try file.write(StateDocument(attempt.updated, unknownMembers: read.unknownMembers))
    } catch {
      if case .stateFileTooLarge = error {
        attempt.refusal = error
        attempt.isTooLarge = true
        attempt.updated = attempt.base
      } else {
        attempt.saveFailure = error
      }
    }
  }

  /// Keeps in memory what `attempt` left, with the file's change stamp: the value, whether
  /// changes are unsaved, and whether its failure is new (a toast says so).
  private func record(_ attempt: Attempt, read: Read) -> UpdateOutcome {
    let stamp = file.changeStamp()
    return state.withLock { state in
      state.seenStamp = stamp
      // What was read under the lock (or the default, had the file gone bad) is loaded.
      state.isLoaded = true
      state.isUnreadable = read.leftInPlace != nil
      // A failed save left the file as it was, and a folder out of reach reads as no file: what
      // was remembered is still in it.
      if attempt.saveFailure == nil || read.stored != nil || read.unreadable != nil {
        state.unknownMembers = read.unknownMembers
      }
      var isNewFailure = false
      if let saveFailure = attempt.saveFailure {
        state.hasUnsavedChanges = true
        isNewFailure = state.reportedFailure != saveFailure
        state.reportedFailure = saveFailure
      } else if attempt.needsSave, !attempt.isTooLarge {
        state.hasUnsavedChanges = false
        state.reportedFailure = nil
      }
      let changed = attempt.updated != state.value
      state.value = attempt.updated
      state.version += 1
      return UpdateOutcome(
        published: changed ? (attempt.updated, state.version) : nil,
        unreadable: read.unreadable,
        saveFailure: attempt.saveFailure,
        isNewFailure: isNewFailure,
        refusal: attempt.refusal
      )
    }
  }

  /// Publishes and reports what an update did, once both locks are given up.
  private func announce(_ outcome: UpdateOutcome) {
    if let (value, version) = outcome.published {
      stream.send(publish(value), version: version)
    }
    if let unreadable = outcome.unreadable {
      reportUnreadable(unreadable)
    }
    if let saveFailure = outcome.saveFailure {
      logger.error("Could not save \(file.name): \(saveFailure.message)", category: category)
      if outcome.isNewFailure {
        toasts.show(.error(saveFailure.text))
      }
    }
    if let refusal = outcome.refusal, case .stateFileTooLarge = refusal {
      logger.error("Did not save \(file.name): \(refusal.message)", category: category)
    }
  }

  /// Reads the file if nothing has read it yet; otherwise shows what another instance saved
  /// since this one last read or wrote the file: a look at its change stamp, and only if it
  /// differs a read under the lock and, if the value changed, a publish. Does nothing after
  /// ``close()`` or while changes are unsaved. Blocks on the disk: call it off the main actor.
  func reloadIfChanged() {
    guard !loadIfNeeded() else { return }
    let current = file.changeStamp()
    guard current != nil, current != state.withLock({ $0.seenStamp }) else { return }
    guard let outcome = read(if: { !$0.isClosed && !$0.hasUnsavedChanges }) else { return }
    if let (value, version) = outcome.published {
      logger.info("Reloaded \(file.name), changed by another instance", category: category)
      stream.send(publish(value), version: version)
    }
    if let unreadable = outcome.unreadable {
      reportUnreadable(unreadable)
    }
  }

  /// Ends the change stream and stops saving: later changes are ignored (and logged). The file
  /// is opened only for each load and save, so nothing stays open after this. A change saving
  /// at this moment finishes first: the file's lock orders them.
  func close() {
    file.withLock {
      state.withLock { $0.isClosed = true }
    }
    stream.finish()
  }

  /// Reads the file, under its lock, unless it has been read: the first read, publishing what
  /// it holds. Returns whether this call read it.
  @discardableResult
  private func loadIfNeeded() -> Bool {
    guard !state.withLock({ $0.isLoaded || $0.isClosed }) else { return false }
    // Another thread may have read it while this one waited for the lock.
    guard let outcome = read(if: { !$0.isLoaded && !$0.isClosed }) else { return false }
    if let (value, version) = outcome.published {
      stream.send(publish(value), version: version)
    }
    if let unreadable = outcome.unreadable {
      reportUnreadable(unreadable)
    } else {
      logger.debug("Loaded \(file.url.path)", category: category)
    }
    return true
  }

  /// Reads the file under its lock, if `shouldRead` (asked under the lock) still says so, and
  /// takes what it holds as the value: what to publish (`nil` when unchanged) and why it could
  /// not be read; `nil` when it did not read.
  private func read(if shouldRead: (State) -> Bool) -> (published: (Value, UInt64)?, unreadable: AppError?)? {
    file.withLock { () -> (published: (Value, UInt64)?, unreadable: AppError?)? in
      guard state.withLock({ shouldRead($0) }) else { return nil }
      var document: StateDocument<Value>?
      var unreadable: AppError?
      do throws(AppError) {
        document = try file.readDocument()
      } catch {
        unreadable = error
      }
      let stamp = file.changeStamp()
      return state.withLock { state in
        state.isLoaded = true
        state.seenStamp = stamp
        if case .unreadableStateFile = unreadable {
          state.isUnreadable = true
        } else if let unreadable {
          // A file set aside leaves nothing to keep; one left where it is still holds them.
          if Self.wasSetAside(unreadable) {
            state.unknownMembers = [:]
          }
        } else {
          state.unknownMembers = document?.unknownMembers ?? [:]
          state.isUnreadable = false
        }
        guard let stored = document?.value, stored != state.value else { return (nil, unreadable) }
        state.value = stored
        state.version += 1
        return ((stored, state.version), unreadable)
      }
    }
  }

  private struct UpdateOutcome {
    var published: (Value, UInt64)?
    var unreadable: AppError?
    var saveFailure: AppError?
    var isNewFailure: Bool
    var refusal: AppError?
  }

  private func reportUnreadable(_ problem: AppError) {
    logger.warning(problem.message, category: category)
    toasts.show(.error(problem.text))
  }
}
