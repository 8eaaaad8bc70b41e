/// The one place per scope that reads a ``ServiceLocator``: a class whose `@Service`
/// properties resolve from ``locator``.
///
/// ```swift
/// final class SessionDependencies: ServiceScope {
///   let locator: ServiceLocator
///   @Service(.favorites) var favorites: any FavoritesService
///
///   init(locator: ServiceLocator) {
///     self.locator = locator
///   }
/// }
/// ```
///
/// The rule it stands for: the locator is read in exactly one place per scope — that scope's
/// dependencies class, made by whoever owns the scope (`@Service` anywhere else does not
/// compile). Only the composition root registers. Everything the dependencies are handed to —
/// stores, ViewModels, screens, services — takes plain values through its initialiser and never
/// sees the locator, so a test builds it with mocks and no locator at all. A ViewModel that
/// navigates is handed its coordinator by the coordinator that creates it, right after, as a
/// weak reference to a protocol; a closure is injected only where the value is one action
/// with no identity (a confirmation's action, a date source). docs/Architecture.md, "The
/// dependency story", says it in full, and an architecture test enforces it.
///
/// A conforming class is not `Sendable` (the wrappers' storage is mutable as far as the
/// compiler knows): keep it in the isolation that made it, as the coordinators keep theirs on
/// the main actor.
public protocol ServiceScope: AnyObject {
  /// The locator this scope's `@Service` properties resolve from.
  var locator: ServiceLocator { get }
}
