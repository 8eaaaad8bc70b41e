import FunCore
import FunModel
import Observation

/// The one source of truth for the feature toggles on screen: the values the
/// ``/FunModel/FeatureToggleService`` holds, followed live.
///
/// Settings lists them, Home shows the carousel by one, and the theme follows the appearance;
/// all of them read this store, so a toggle changed anywhere (a key on Settings, a script's
/// `toggle`, another process on the same state directory) shows everywhere in the same frame.
///
/// Changing goes through the store, which asks the service (that decides from what is saved)
/// and reads the result back at once; changes made elsewhere arrive through the service's
/// change stream.
@Observable
@MainActor
public final class TogglesStore {
  /// The current toggles.
  public private(set) var toggles: FeatureToggles

  @ObservationIgnored private let service: any FeatureToggleService
  @ObservationIgnored private var changes: TrackedTask<Void>?

  /// Follows `service`; the subscription runs in a task of `tasks`.
  public init(service: any FeatureToggleService, tasks: TaskTracker) {
    self.service = service
    toggles = service.toggles
    changes = service.changes().observe(self, tasks: tasks, name: "toggle changes") { store, toggles in
      store.toggles = toggles
    }
  }

  deinit {
    changes?.cancel()
  }

  /// Flips the switch of `key`, or steps the appearance in `direction`.
  public func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction = .forward) {
    service.toggle(key, direction)
    toggles = service.toggles
  }

  /// Restores every toggle's default.
  public func reset() {
    service.reset()
    toggles = service.toggles
  }
}
