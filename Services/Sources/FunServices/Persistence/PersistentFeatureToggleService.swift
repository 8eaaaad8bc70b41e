import Foundation
import FunCore
import FunModel

/// The app's ``/FunModel/FeatureToggleService``: the toggles, saved to `settings.json` in the state
/// directory, starting from ``/FunModel/FeatureToggles/defaults`` (carousel on, system appearance, no
/// simulated network failure).
///
/// Read when first needed (see `PersistedState`); a corrupt file is moved aside (`settings.json.corrupt-<timestamp>`), the
/// defaults are used, a warning is logged and an error toast shown. Every change is in memory
/// at once, published on ``changes()`` and saved atomically; if saving fails the change stays
/// in memory, an error is logged and an error toast shows the reason. Several instances (or
/// processes) sharing a directory merge their changes under an advisory file lock (see
/// `StateFile`): a toggle changes only its own setting in the file.
///
/// Thread-safety: every member may be called from any thread; changes are applied, saved and
/// published in one order. Calls block briefly on file I/O; they never suspend, so they run on
/// the caller's executor.
final class PersistentFeatureToggleService: FeatureToggleService {
  /// The file name inside the state directory.
  static let fileName = "settings.json"

  private let state: PersistedState<FeatureToggles, FeatureToggles>

  /// The toggles saved in `directory` (which need not exist yet), read when first needed.
  /// - Parameters:
  ///   - directory: the state directory (see ``StateDirectory``).
  ///   - logger: receives load warnings and save errors, category `settings`.
  ///   - toasts: shows load and save problems.
  ///   - now: the time source for naming a quarantined file.
  ///   - readCalls: the call that opens the file (tests make it fail as a permission error does).
  init(
    directory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date = { Date() },
    readCalls: FileSystem.ReadCalls = .system
  ) {
    state = PersistedState(
      file: StateFile(directory: directory, name: Self.fileName, now: now, readCalls: readCalls),
      defaultValue: .defaults,
      logger: logger,
      toasts: toasts,
      category: "settings",
      publish: { $0 }
    )
  }

  /// The toggles as this instance knows them.
  var toggles: FeatureToggles {
    state.value
  }

  /// Flips one toggle (steps the appearance) from its saved value, decided under the file's
  /// lock; the other toggles stay as the file has them.
  func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction) {
    state.update { stored in
      stored.toggle(key, direction)
    }
  }

  /// Replaces every toggle; saved.
  func update(_ toggles: FeatureToggles) {
    state.update { stored in stored = toggles }
  }

  /// Restores ``/FunModel/FeatureToggles/defaults``; saved.
  func reset() {
    update(.defaults)
  }

  /// Reads `settings.json` again if another instance saved it since; see `PersistedState`.
  func reloadIfChanged() {
    state.reloadIfChanged()
  }

  /// The current toggles, then every change, in the order the changes were made.
  func changes() -> MulticastStream<FeatureToggles>.Subscription {
    state.changes()
  }
}

/// `settings.json` is the toggles' own encoding: one member a toggle.
extension FeatureToggles: StateFileObject {
  static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue))
}
