import FunModel

/// One line of the Settings list: a toggle's label and its current value.
public struct SettingsRow: Hashable, Sendable {
  /// The toggle the row shows.
  public let key: FeatureToggleKey
  /// The value in no language yet, for the screen to resolve.
  public let valueLabel: LocalizedText

  /// The label in no language yet, for the screen to resolve.
  public var label: LocalizedText { key.label }

  /// The row of `key` with its value in `toggles`.
  init(key: FeatureToggleKey, toggles: FeatureToggles) {
    self.key = key
    valueLabel = toggles.label(of: key)
  }
}
