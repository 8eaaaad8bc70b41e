import FunCore
import FunModel

/// The services the signed-in flow's coordinators hand to the ViewModels they create.
///
/// Resolved once, through `@Service`, from the session's scope (``RootCoordinator`` binds it to
/// ``/FunCore/ServiceLocator/current``): the session's own services (favorites, profile details,
/// its task tracker) from the scope, the app's (clock, toasts…) through to the app's locator.
/// So the composition root decides every implementation and tests pass a locator of mocks.
public struct AppDependencies: Sendable {
  /// The catalog loader.
  @Service(.network) public var network: any NetworkService
  /// The session's favorites.
  @Service(.favorites) public var favorites: any FavoritesService
  /// The session's profile details.
  @Service(.profileDetails) public var profileDetails: any ProfileDetailsService
  /// The feature toggles.
  @Service(.featureToggles) public var featureToggles: any FeatureToggleService
  /// The toast queue.
  @Service(.toasts) public var toasts: any ToastService
  /// The clipboard Detail's share copies to.
  @Service(.clipboard) public var clipboard: any ClipboardService
  /// The logger.
  @Service(.logger) public var logger: any LoggerService
  /// The clock every time-based behaviour uses.
  @Service(.clock) public var clock: any Clock<Duration>
  /// The session's task tracker (a child of the app's): its tasks end with the session.
  @Service(.tasks) public var tasks: TaskTracker
  /// The app's language, for the screens and sheets the coordinators build.
  @Service(.localizer) public var strings: Localizer

  /// Resolves every dependency from ``/FunCore/ServiceLocator/current``; stops the program
  /// with a message naming the key if one is missing (verify the locator first).
  public init() {}
}
