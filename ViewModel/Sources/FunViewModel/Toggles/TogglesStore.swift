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
/// Changing goes through the store, which shows the change at once and asks the service (that
/// decides from what is saved) off the main actor, in order (a `SaveQueue`); when the last save
/// is done it shows what the service holds. Changes made elsewhere arrive through the
/// service's change stream.
@Observable
@MainActor
public final class TogglesStore {
  /// The current toggles.
  public private(set) var toggles: FeatureToggles

  /// Whether changes are being saved.
  public var isSaving: Bool {
    saves.isSaving
  }

  /// Returns once every change made so far is saved: the app waits for it before it quits or
  /// a session ends, so nothing a person changed is lost.
  public func finishSaving() async {
    await saves.finish()
  }

  @ObservationIgnored private let service: any FeatureToggleService
  @ObservationIgnored private let saves: SaveQueue
  @ObservationIgnored private var changes: TrackedTask<Void>?

  /// Follows `service`; the subscription runs in a task of `tasks`.
  public init(service: any FeatureToggleService, tasks: TaskTracker) {
    self.service = service
    saves = SaveQueue(tasks: tasks)
    toggles = service.toggles
    changes = service.changes().observe(self, tasks: tasks, name: "toggle changes") { store, toggles in
      // While this store saves, what it shows already includes its own changes.
      if !store.saves.isSaving {
        store.toggles = toggles
      }
    }
  }

  deinit {
    changes?.cancel()
  }

  /// Flips the switch of `key`, or steps the appearance in `direction`.
  public func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction = .forward) {
    toggles.toggle(key, direction)
    save(name: "toggle save") { $0.toggle(key, direction) }
  }

  /// Restores every toggle's default.
  public func reset() {
    toggles = .defaults
    save(name: "toggles reset") { $0.reset() }
  }

  private func save(name: String, _ change: @escaping @Sendable (any FeatureToggleService) -> Void) {
    let service = service
    saves.save(
      name: name,
      work: { change(service) },
      didFinishAll: { [weak self] in self?.toggles = service.toggles }
    )
  }
}
