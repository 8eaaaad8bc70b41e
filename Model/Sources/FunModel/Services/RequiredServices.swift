import FunCore

/// The services the app cannot run without; the composition root verifies them at start-up,
/// and every session's scope is verified when it opens.
public enum RequiredServices {
  /// Every key the app's locator must hold: what lives as long as the process.
  public static let keys: [AnyServiceKey] = [
    ServiceKey<any Clock<Duration>>.clock.erased,
    ServiceKey<TaskTracker>.tasks.erased,
    ServiceKey<any LoggerService>.logger.erased,
    ServiceKey<any ToastService>.toasts.erased,
    ServiceKey<any ClipboardService>.clipboard.erased,
    ServiceKey<any FeatureToggleService>.featureToggles.erased,
    ServiceKey<any NetworkService>.network.erased,
    ServiceKey<any ProfilesService>.profiles.erased,
    ServiceKey<any SessionServicesRegistrar>.sessionServices.erased,
    ServiceKey<Localizer>.localizer.erased,
  ]

  /// Every key a session's scope must hold itself (not through to the app's locator): what
  /// ends with the session.
  public static let sessionKeys: [AnyServiceKey] = [
    ServiceKey<TaskTracker>.tasks.erased,
    ServiceKey<any FavoritesService>.favorites.erased,
    ServiceKey<any ProfileDetailsService>.profileDetails.erased,
    ServiceKey<any MyItemsService>.myItems.erased,
  ]
}
