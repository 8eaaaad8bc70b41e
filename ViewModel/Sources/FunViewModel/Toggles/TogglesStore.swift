import FunCore
import FunModel
import Observation

/// The one source of truth for the feature toggles on screen: the values the
/// ``/FunModel/FeatureToggleService`` holds, followed live.
///
/// Settings lists them, Home shows the carousel by one, the theme follows the appearance and
/// the catalog's fetches the simulated network failure; all of them read this store, and Settings
/// and a script's `toggle` change it, so a toggle changed anywhere (those, or another process on
/// the same state directory) shows everywhere in the same frame.
///
/// A session that saves nothing (a guest's, as ``/FunModel/Session`` says) changes them for as
/// long as it lasts: ``beginSession(savesChanges:)``, as the session opens, says whether it
/// saves (the ``/FunModel/Session/savesChanges`` your items follow too), and ``endSession()``,
/// as it closes, goes back to what is saved, where the next session starts.
///
/// Changing goes through the store, which shows the change at once and asks the service (that
/// decides from what is saved) off the main actor, in order (a `SavedValue`, the one place the
/// toggles change). Changes made elsewhere (another process) arrive through the service's change
/// stream, within a second of the app's clock when the store is given that clock to ask the
/// service to look at its file every second.
@Observable
@MainActor
public final class TogglesStore {
  /// The current toggles.
  public var toggles: FeatureToggles {
    unsaved ?? saved.value
  }

  /// Whether changes are saved: not while a session that saves nothing (a guest's) is open.
  var savesChanges: Bool {
    unsaved == nil
  }

  /// Whether changes are being saved.
  public var isSaving: Bool {
    saved.isSaving
  }

  /// Returns once every change made so far is saved: the app waits for it before it quits or
  /// a session ends, so nothing a person changed is lost.
  public func finishSaving() async {
    await saved.finishSaving()
  }

  @ObservationIgnored private let service: any FeatureToggleService
  @ObservationIgnored private let saved: SavedValue<FeatureToggles>
  /// The toggles as a session that saves nothing has them, shown instead of the saved ones
  /// until it ends; `nil` while changes are saved. The toggles are app-wide, but a guest's
  /// session saves nothing, so its changes last only as long as it does.
  private var unsaved: FeatureToggles?

  /// Follows `service` and, given a `watchClock`, asks it every second of that clock to look
  /// for another Fun's saves; both run in tasks of `tasks`.
  public init(service: any FeatureToggleService, tasks: TaskTracker, watchClock: (any Clock<Duration>)?) {
    self.service = service
    saved = SavedValue(service.toggles, following: service.changes(), tasks: tasks, name: "toggle changes")
    if let watchClock {
      saved.watchOutsideChanges(clock: watchClock) { service.reloadIfChanged() }
    }
  }

  /// Opens a session that saves its changes (`savesChanges`), or, for one that saves nothing,
  /// keeps its changes in memory, starting from the saved toggles, until ``endSession()``.
  public func beginSession(savesChanges: Bool) {
    unsaved = savesChanges ? nil : saved.value
  }

  /// Ends the session's own toggles: the saved ones show again, and changes are saved.
  public func endSession() {
    unsaved = nil
  }

  /// Flips the switch of `key`, or steps the appearance in `direction`.
  public func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction = .forward) {
    if unsaved != nil {
      unsaved?.toggle(key, direction)
      return
    }
    let service = service
    saved.change(name: "toggle save") { toggles in
      toggles.toggle(key, direction)
    } save: {
      service.toggle(key, direction)
      return service.toggles
    }
  }

  /// Restores every toggle's default.
  func reset() {
    if unsaved != nil {
      unsaved = .defaults
      return
    }
    let service = service
    saved.change(name: "toggles reset") { toggles in
      toggles = .defaults
    } save: {
      service.reset()
      return service.toggles
    }
  }
}
