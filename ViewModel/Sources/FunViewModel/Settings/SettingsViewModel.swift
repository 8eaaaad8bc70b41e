import FunCore
import FunModel
import Observation

/// The Settings tab: every feature toggle with its value, live; toggle one; reset all.
///
/// Values follow the ``FunModel/FeatureToggleService`` live, so a change made elsewhere (a
/// script's `toggle`, another screen) shows at once. Rows are in ``FunModel/FeatureToggleKey``
/// order and the selection is clamped at both ends.
@Observable
@MainActor
public final class SettingsViewModel {
  /// The message of the info toast that ``resetToDefaults()`` shows.
  public static let resetMessage = "Settings reset to defaults"

  /// The current toggles, live.
  public private(set) var toggles: FeatureToggles

  /// The selected row.
  public private(set) var selectedIndex = 0

  /// Where asking before a reset goes.
  public weak var coordinator: (any SettingsCoordinating)?

  @ObservationIgnored private let featureToggles: any FeatureToggleService
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private var togglesObservation: TrackedTask<Void>?

  /// Creates the screen's model.
  public init(featureToggles: any FeatureToggleService, toasts: any ToastService, tasks: TaskTracker) {
    self.featureToggles = featureToggles
    self.toasts = toasts
    toggles = featureToggles.toggles
    togglesObservation = featureToggles.changes().observe(self, tasks: tasks, name: "settings toggles") {
      model, toggles in
      model.toggles = toggles
    }
  }

  deinit {
    togglesObservation?.cancel()
  }

  /// One row per toggle, in ``FunModel/FeatureToggleKey`` order.
  public var rows: [SettingsRow] {
    FeatureToggleKey.allCases.map { SettingsRow(key: $0, toggles: toggles) }
  }

  /// The key of the selected row.
  public var selectedKey: FeatureToggleKey {
    FeatureToggleKey.allCases[selectedIndex]
  }

  /// Selects the row at `index`, clamped.
  public func select(at index: Int) {
    selectedIndex = min(max(index, 0), FeatureToggleKey.allCases.count - 1)
  }

  /// Selects the row of `key`.
  public func select(_ key: FeatureToggleKey) {
    select(at: FeatureToggleKey.allCases.firstIndex(of: key) ?? selectedIndex)
  }

  /// Moves the selection one row up; stays on the first.
  public func moveSelectionUp() {
    select(at: selectedIndex - 1)
  }

  /// Moves the selection one row down; stays on the last.
  public func moveSelectionDown() {
    select(at: selectedIndex + 1)
  }

  /// Toggles the selected row's setting.
  public func toggleSelected() {
    toggle(selectedKey)
  }

  /// Flips the switch of `key`, or steps the appearance.
  public func toggle(_ key: FeatureToggleKey) {
    featureToggles.toggle(key)
    toggles = featureToggles.toggles
  }

  /// Asks (in a sheet) whether to reset every setting: `x` does not reset without asking.
  public func requestReset() {
    coordinator?.confirmReset()
  }

  /// Restores every toggle's default and shows an info toast.
  public func resetToDefaults() {
    featureToggles.reset()
    toggles = featureToggles.toggles
    toasts.show(.info(Self.resetMessage))
  }
}
