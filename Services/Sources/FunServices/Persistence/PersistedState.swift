import Foundation
import FunCore
import FunModel
import Synchronization

/// A value held in memory, mirrored to a `StateFile` and published on a change stream: the
/// shared engine of the persistent services.
///
/// - Start-up: the file is loaded; a corrupt one is quarantined, the defaults are used, a
///   warning is logged and an error toast shown.
/// - Each change is decided from what is saved: under the file's lock the file is re-read and
///   the change applied to what it holds (a toggle flips what is saved, not what a screen last
///   saw), so another app instance's edits are merged rather than overwritten. While earlier
///   saves have failed, the in-memory value is the base instead, so unsaved changes are not
///   lost.
/// - A failed save keeps the change in memory, logs an error every time and shows an error
///   toast once per distinct failure (again after a save has succeeded).
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
    let (value, problem) = file.load(default: defaultValue)
    state = Locked(State(value: value))
    stream = MulticastStream(initial: publish(value))
    if let problem {
      reportUnreadable(problem)
    } else {
      logger.debug("Loaded \(file.url.path)", category: category)
    }
  }

  var value: Value {
    state.withLock { $0.value }
  }

  /// The published form of the current value, then of every change.
  func changes() -> MulticastStream<Published>.Subscription {
    stream.subscribe()
  }

  /// Applies a change to the saved value and saves it.
  /// - Parameter change: edits the value as saved (the file's, re-read under its lock).
  func update(_ change: (inout Value) -> Void) {
    let outcome = file.withLock { () -> UpdateOutcome? in
      let (shown, hasUnsavedChanges, isClosed) = state.withLock { ($0.value, $0.hasUnsavedChanges, $0.isClosed) }
      guard !isClosed else { return nil }
      var base = shown
      var unreadable: AppError?
      if !hasUnsavedChanges {
        do throws(AppError) {
          if let stored = try file.read() { base = stored }
        } catch {
          unreadable = error
        }
      }
      var updated = base
      change(&updated)
      var saveFailure: AppError?
      let needsSave = updated != base || hasUnsavedChanges || unreadable != nil
      if needsSave {
        do throws(AppError) {
          try file.write(updated)
        } catch {
          saveFailure = error
        }
      }
      return state.withLock { state in
        var isNewFailure = false
        if let saveFailure {
          state.hasUnsavedChanges = true
          isNewFailure = state.reportedFailure != saveFailure
          state.reportedFailure = saveFailure
        } else if needsSave {
          state.hasUnsavedChanges = false
          state.reportedFailure = nil
        }
        let changed = updated != state.value
        state.value = updated
        state.version += 1
        return UpdateOutcome(
          published: changed ? (updated, state.version) : nil,
          unreadable: unreadable,
          saveFailure: saveFailure,
          isNewFailure: isNewFailure
        )
      }
    }
    guard let outcome else {
      logger.warning("Ignored a change to \(file.name) after its session ended", category: category)
      return
    }
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

  private struct UpdateOutcome {
    var published: (Value, UInt64)?
    var unreadable: AppError?
    var saveFailure: AppError?
    var isNewFailure: Bool
  }

  private func reportUnreadable(_ problem: AppError) {
    logger.warning(problem.message, category: category)
    toasts.show(.error(problem.text))
  }
}
