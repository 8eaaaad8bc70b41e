import FunCore

/// The runtime feature toggles, persisted across runs; changes show at once.
public protocol FeatureToggleService: Sendable {
  /// The current toggles.
  var toggles: FeatureToggles { get }

  /// Flips a switch or steps the appearance in `direction` (see
  /// ``FeatureToggles/toggle(_:_:)``), deciding from the value saved.
  func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction)

  /// Replaces every toggle.
  func update(_ toggles: FeatureToggles)

  /// Restores ``FeatureToggles/defaults``.
  func reset()

  /// The current toggles, then every change.
  func changes() -> MulticastStream<FeatureToggles>.Subscription

  /// Shows what another Fun saved since this one last read or wrote: if the saved file has
  /// changed (its change time, a cheap look), reads it and publishes it on ``changes()``.
  /// Blocks briefly on file I/O, so callers run it off the main actor; a no-op where nothing
  /// is saved.
  func reloadIfChanged()
}

extension FeatureToggleService {
  /// Flips a switch or steps the appearance forward.
  func toggle(_ key: FeatureToggleKey) {
    toggle(key, .forward)
  }
}

extension ServiceKey where Value == any FeatureToggleService {
  /// The feature toggles.
  public static var featureToggles: Self { Self("featureToggles") }
}
