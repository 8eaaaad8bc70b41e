import FunCore
import FunModel

/// The app-wide services — what lives as long as the process — for ``RootCoordinator`` and the
/// app that drives it: the one place that reads the app's locator.
///
/// A session's services come from its own scope instead (`SessionDependencies`). Each property
/// resolves from ``locator`` when read; the composition root has verified them all.
public final class RootDependencies: ServiceScope {
  /// The app's locator, as the composition root filled it.
  public let locator: ServiceLocator

  @Service(.profiles) var profiles: any ProfilesService
  /// What fills each session's scope.
  @Service(.sessionServices) var sessionServices: any SessionServicesRegistrar
  /// The catalog loader.
  @Service(.network) var network: any NetworkService
  @Service(.featureToggles) var featureToggles: any FeatureToggleService
  /// The toast queue the screens show; the app reports a failed `:` command on it too.
  @Service(.toasts) public var toasts: any ToastService
  /// The app's log; the app's own parts (the link listener) write to it too.
  @Service(.logger) public var logger: any LoggerService
  /// The clock every time-based behaviour uses.
  @Service(.clock) var clock: any Clock<Duration>
  @Service(.tasks) var tasks: TaskTracker
  /// The app's language: every view of the app speaks it (the screen-reader view too).
  @Service(.localizer) public var strings: Localizer

  /// Reads the app's services from `locator` (verified by the composition root).
  public init(locator: ServiceLocator) {
    self.locator = locator
  }
}
