import FunCore
import FunModel
import Observation

/// The feature toggles on screen, app-wide: what the ``FunModel/FeatureToggleService`` holds,
/// followed live. The root reads the appearance from it, signed in or not.
@Observable
@MainActor
public final class FeatureTogglesStore {
  /// The current toggles, live.
  public private(set) var toggles: FeatureToggles

  @ObservationIgnored private var changes: TrackedTask<Void>?

  /// Follows `service` in a task of `tasks`.
  public init(service: any FeatureToggleService, tasks: TaskTracker) {
    toggles = service.toggles
    changes = service.changes().observe(self, tasks: tasks, name: "feature toggles") { store, toggles in
      store.toggles = toggles
    }
  }

  deinit {
    changes?.cancel()
  }
}
