import FunCore
import FunModel

/// The services coordinators hand to the ViewModels they create.
///
/// Resolved once from the task's ``/FunCore/ServiceLocator`` through `@Service`, so the
/// composition root decides every implementation and tests pass a locator full of mocks.
public struct AppDependencies: Sendable {
  /// The catalog loader.
  @Service(.network) public var network: any NetworkService
  /// The favorites store.
  @Service(.favorites) public var favorites: any FavoritesService
  /// The feature toggles.
  @Service(.featureToggles) public var featureToggles: any FeatureToggleService
  /// The toast queue.
  @Service(.toasts) public var toasts: any ToastService
  /// The logger.
  @Service(.logger) public var logger: any LoggerService
  /// The clock every time-based behaviour uses.
  @Service(.clock) public var clock: any Clock<Duration>
  /// The tracker every task of the app is started through.
  @Service(.tasks) public var tasks: TaskTracker

  /// Resolves every dependency from ``/FunCore/ServiceLocator/current``; stops the program
  /// with a message naming the key if one is missing (verify the locator first).
  public init() {}
}
