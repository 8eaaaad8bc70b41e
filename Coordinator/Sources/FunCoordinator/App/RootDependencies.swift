import FunCore
import FunModel

/// The app-wide services ``RootCoordinator`` needs: what lives as long as the process.
///
/// Resolved once from the app's ``/FunCore/ServiceLocator`` through `@Service`; a session's
/// services come from its own scope instead (``AppDependencies``).
struct RootDependencies: Sendable {
  /// The local profiles.
  @Service(.profiles) var profiles: any ProfilesService
  /// What fills each session's scope.
  @Service(.sessionServices) var sessionServices: any SessionServicesRegistrar
  /// The catalog loader.
  @Service(.network) var network: any NetworkService
  /// The feature toggles.
  @Service(.featureToggles) var featureToggles: any FeatureToggleService
  /// The toast queue.
  @Service(.toasts) var toasts: any ToastService
  /// The logger.
  @Service(.logger) var logger: any LoggerService
  /// The clock every time-based behaviour uses.
  @Service(.clock) var clock: any Clock<Duration>
  /// The app's task tracker.
  @Service(.tasks) var tasks: TaskTracker
  @Service(.localizer) var strings: Localizer
}
