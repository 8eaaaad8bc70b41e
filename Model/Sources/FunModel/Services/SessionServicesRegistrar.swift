import FunCore

/// Fills a new session's scope with the session's services: the composition root decides which
/// implementation serves a profile (saved in its folder) and which a guest (in memory).
///
/// The caller makes the scope (a child of the app's locator, see
/// ``/FunCore/ServiceLocator/makeScope()``), verifies ``RequiredServices/sessionKeys`` (`ownOnly`) after this
/// and ends the scope when the session ends.
public protocol SessionServicesRegistrar: Sendable {
  /// Registers every session service for `session` in `scope`.
  func registerServices(for session: Session, in scope: ServiceLocator)
}

extension ServiceKey where Value == any SessionServicesRegistrar {
  /// What builds each session's services (app-wide).
  public static var sessionServices: Self { Self("sessionServices") }
}
