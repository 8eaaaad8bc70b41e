import Foundation
import FunCore
import FunModel
import FunServices

/// What each session's scope holds, decided here like every other implementation: a profile's
/// favorites, details and own items saved in its folder, a guest's in memory; and a child of the app's
/// task tracker, so the session's tasks end with it.
///
/// The services are lazy factories: a session builds what its screens use, and ending the
/// scope ends what was built.
struct SessionServices: SessionServicesRegistrar {
  let profiles: LocalProfilesService
  let tasks: TaskTracker
  let logger: any LoggerService
  let toasts: any ToastService
  /// The real date, for dates that reach the disk.
  let now: @Sendable () -> Date
  /// The app's clock as a date (virtual in script mode), for a guest's created date: it is
  /// only ever shown, never saved.
  let shownNow: @Sendable () -> Date

  func registerServices(for session: Session, in scope: ServiceLocator) {
    scope.register(.tasks, TaskTracker(parent: tasks))
    let (logger, toasts, now, shownNow) = (logger, toasts, now, shownNow)
    switch session {
    case .profile(let name):
      let directory = profiles.directory(of: name)
      scope.register(.favorites) { _ in
        PersistentFavoritesService(directory: directory, logger: logger, toasts: toasts, now: now)
          as any FavoritesService
      }
      scope.register(.profileDetails) { _ in
        PersistentProfileDetailsService(profile: name, directory: directory, logger: logger, toasts: toasts, now: now)
          as any ProfileDetailsService
      }
      scope.register(.myItems) { _ in
        PersistentMyItemsService(directory: directory, logger: logger, toasts: toasts, now: now) as any MyItemsService
      }
    case .guest:
      scope.register(.favorites) { _ in InMemoryFavoritesService() as any FavoritesService }
      scope.register(.profileDetails) { _ in
        InMemoryProfileDetailsService(createdAt: shownNow()) as any ProfileDetailsService
      }
      scope.register(.myItems) { _ in InMemoryMyItemsService() as any MyItemsService }
    }
  }
}
