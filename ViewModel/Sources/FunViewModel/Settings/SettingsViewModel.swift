import FunModel
import Observation

/// The Settings tab: every feature toggle with its value, live; toggle one; reset all.
///
/// Values come from the shared ``TogglesStore``, so a change made elsewhere (a script's
/// `toggle`, another process) shows at once. Rows are in ``/FunModel/FeatureToggleKey``
/// order and the selection is clamped at both ends.
@Observable
@MainActor
public final class SettingsViewModel {
  /// The selected row.
  public private(set) var selectedIndex = 0

  /// Where asking before a reset goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SettingsCoordinating)?

  @ObservationIgnored private let store: TogglesStore
  @ObservationIgnored private let toasts: any ToastService

  /// The Settings tab over the shared toggles; a reset confirms itself in `toasts`.
  public init(toggles: TogglesStore, toasts: any ToastService) {
    store = toggles
    self.toasts = toasts
  }

  /// What the user can do on the Settings tab.
  public enum Action: Equatable, Sendable {
    /// Selects the row at the index, clamped.
    case select(at: Int)
    /// Moves the selection that many rows down (up when negative); stops at the first and the
    /// last row.
    case move(by: Int)
    /// Toggles the selected row's setting: flips a switch, or steps the appearance that way.
    case toggleSelected(FeatureToggles.Direction)
    /// Asks (in a sheet) whether to reset every setting: `x` does not reset without asking.
    case requestReset
    /// Restores every toggle's default and shows an info toast (what confirming the question
    /// does).
    case resetToDefaults
  }

  /// Does what the user asked of the Settings tab.
  public func send(_ action: Action) {
    switch action {
    case .select(let index): select(at: index)
    case .move(let count): select(at: selectedIndex + count)
    case .toggleSelected(let direction): store.toggle(FeatureToggleKey.allCases[selectedIndex], direction)
    case .requestReset: coordinator?.confirmReset()
    case .resetToDefaults:
      store.reset()
      toasts.show(.info(L10n.Settings.resetDone))
    }
  }

  /// Every toggle's value, live: what the rows show, for a screen that says more about one
  /// (a run already going speaks, or does not, as it started, whatever the toggle says now).
  public var toggles: FeatureToggles {
    store.toggles
  }

  /// What a guest is told, on the screen and by the reader: its changes are not saved. `nil`
  /// while changes are saved.
  public var unsavedNote: LocalizedText? {
    store.savesChanges ? nil : L10n.Settings.guestNote
  }

  /// One row per toggle, in ``/FunModel/FeatureToggleKey`` order.
  public var rows: [SettingsRow] {
    FeatureToggleKey.allCases.map { SettingsRow(key: $0, toggles: toggles) }
  }

  private func select(at index: Int) {
    selectedIndex = ListSelection.clamp(index, count: FeatureToggleKey.allCases.count)
  }
}
