import Foundation
import FunCore
import FunModel
import Synchronization

/// A value held in memory, mirrored to a ``StateFile`` and published on a change stream: the
/// shared engine of the persistent services.
///
/// - Start-up: the file is loaded; a corrupt one is quarantined, the defaults are used, a
///   warning is logged and an error toast shown.
/// - Each change re-reads the file under its lock and applies the change to what it finds, so
///   another app instance's edits are merged rather than overwritten (there is no file
///   watching: they are picked up at the next change made here). While earlier saves have
///   failed, the in-memory value is the base instead, so unsaved changes are not lost.
/// - A failed save keeps the change in memory, logs an error every time and shows an error
///   toast once per distinct failure (again after a save has succeeded).
///
/// The stream carries `Published`, the form the service's protocol promises (a `Set` of ids
/// rather than the file's document), so subscribers are fed directly, with no forwarding task.
///
/// Thread-safety: changes are serialised by a mutex held across the file I/O, so the file,
/// the memory and the order of values on the stream always agree.
final class PersistedState<Value: Codable & Sendable & Equatable, Published: Sendable>: Sendable {
  private struct State {
    var value: Value
    /// The last save failed, so memory holds changes the file lacks.
    var hasUnsavedChanges = false
    /// The failure last reported with a toast, to avoid repeating it.
    var reportedFailure: AppError?
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

  /// Applies a change and saves it.
  /// - Parameter change: edits the stored value (first argument) given the value this
  ///   instance currently shows (second argument), which is what the person acted on.
  func update(_ change: (inout Value, Value) -> Void) {
    let (unreadable, saveFailure, isNewFailure) = state.withLock { state in
      file.withLock { () -> (AppError?, AppError?, Bool) in
        var base = state.value
        var unreadable: AppError?
        if !state.hasUnsavedChanges {
          do throws(AppError) {
            if let stored = try file.read() { base = stored }
          } catch {
            unreadable = error
          }
        }
        var updated = base
        change(&updated, state.value)
        var saveFailure: AppError?
        var isNewFailure = false
        if updated != base || state.hasUnsavedChanges || unreadable != nil {
          do throws(AppError) {
            try file.write(updated)
            state.hasUnsavedChanges = false
            state.reportedFailure = nil
          } catch {
            state.hasUnsavedChanges = true
            saveFailure = error
            isNewFailure = state.reportedFailure != error
            state.reportedFailure = error
          }
        }
        if updated != state.value {
          state.value = updated
          stream.send(publish(updated))
        }
        return (unreadable, saveFailure, isNewFailure)
      }
    }
    if let unreadable {
      reportUnreadable(unreadable)
    }
    if let saveFailure {
      logger.error("Could not save \(file.name): \(saveFailure.message)", category: category)
      if isNewFailure {
        toasts.show(.error(saveFailure.message))
      }
    }
  }

  private func reportUnreadable(_ problem: AppError) {
    logger.warning(problem.message, category: category)
    toasts.show(.error(problem.message))
  }
}
