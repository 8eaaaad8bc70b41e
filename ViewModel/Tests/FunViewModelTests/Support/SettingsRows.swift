import FunModel

@testable import FunViewModel

extension SettingsViewModel {
  /// Selects the row of `key`, as a click on it does.
  func select(_ key: FeatureToggleKey) {
    send(.select(at: FeatureToggleKey.allCases.firstIndex(of: key) ?? selectedIndex))
  }

  /// Selects the row of `key` and changes it, as Space (or ← / →) on it does.
  func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction = .forward) {
    select(key)
    send(.toggleSelected(direction))
  }
}
