import FunCore

/// The services the app cannot run without; the composition root verifies them at start-up.
public enum RequiredServices {
  /// Every key the app resolves.
  public static let keys: [AnyServiceKey] = [
    ServiceKey<any Clock<Duration>>.clock.erased,
    ServiceKey<TaskTracker>.tasks.erased,
    ServiceKey<any LoggerService>.logger.erased,
    ServiceKey<any ToastService>.toasts.erased,
    ServiceKey<any FeatureToggleService>.featureToggles.erased,
    ServiceKey<any FavoritesService>.favorites.erased,
    ServiceKey<any NetworkService>.network.erased,
  ]
}
