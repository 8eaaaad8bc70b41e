import FunCore
import FunModel

/// The services the signed-in flow's coordinators hand to the stores and ViewModels they
/// create: the one place that reads a session's scope.
///
/// ``RootCoordinator`` makes one over each session's scope of the app's locator: the session's
/// own services (favorites, your items, profile details, its task tracker) resolve from the scope, the
/// app's (clock, toasts…) through to the app's locator. So the composition root decides every
/// implementation, and tests pass a locator of mocks.
final class SessionDependencies: ServiceScope {
  /// The session's scope.
  let locator: ServiceLocator

  /// The session's own favorites.
  @Service(.favorites) var favorites: any FavoritesService
  /// The session's own profile details.
  @Service(.profileDetails) var profileDetails: any ProfileDetailsService
  /// The session's own items.
  @Service(.myItems) var myItems: any MyItemsService
  @Service(.toasts) var toasts: any ToastService
  /// The clipboard Detail's share copies to.
  @Service(.clipboard) var clipboard: any ClipboardService
  @Service(.logger) var logger: any LoggerService
  /// The clock every time-based behaviour uses.
  @Service(.clock) var clock: any Clock<Duration>
  /// The session's task tracker (a child of the app's): its tasks end with the session.
  @Service(.tasks) var tasks: TaskTracker
  /// The app's language, for the screens and sheets the coordinators build.
  @Service(.localizer) var strings: Localizer

  /// Reads the services of the session whose scope is `locator` (verified by its owner).
  init(locator: ServiceLocator) {
    self.locator = locator
  }
}
