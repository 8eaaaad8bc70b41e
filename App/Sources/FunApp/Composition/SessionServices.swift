import Foundation
import FunCore
import FunModel
import FunServices

/// What each session's scope holds, decided here like every other implementation: a profile's
/// favorites, details and own items saved in its folder, a guest's in memory; a profile's
/// lease, so no other Fun deletes it while the session lasts; and a child of the app's task
/// tracker, so the session's tasks end with it.
///
/// The services are lazy factories: a session builds what its screens use, and ending the
/// scope ends what was built.
struct SessionServices: SessionServicesRegistrar {
  /// The state directory, which holds each profile's folder.
  let stateDirectory: URL
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
    let (directory, logger, toasts, now, shownNow) = (stateDirectory, logger, toasts, now, shownNow)
    switch session {
    case .profile(let name):
      // Built now, not on first use: the session holds its profile from its first moment.
      scope.register(.profileLease, Services.profileLease(of: name, stateDirectory: directory))
      scope.register(.favorites) { _ in
        Services.favorites(of: name, stateDirectory: directory, logger: logger, toasts: toasts, now: now)
      }
      scope.register(.profileDetails) { _ in
        Services.profileDetails(of: name, stateDirectory: directory, logger: logger, toasts: toasts, now: now)
      }
      scope.register(.myItems) { _ in
        Services.myItems(of: name, stateDirectory: directory, logger: logger, toasts: toasts, now: now)
      }
    case .guest:
      scope.register(.favorites) { _ in Services.guestFavorites() }
      scope.register(.profileDetails) { _ in Services.guestProfileDetails(createdAt: shownNow()) }
      scope.register(.myItems) { _ in Services.guestMyItems() }
    }
  }
}

extension ServiceKey where Value == any ScopedService {
  /// The signed-in profile's lease: held by the session's scope, resolved by nobody; the
  /// scope's end lets the profile go.
  static var profileLease: Self { Self("profileLease") }
}
