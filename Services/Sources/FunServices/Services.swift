import Foundation
import FunCore
import FunModel

/// Every service this module implements, built as the FunModel protocol it serves: what the
/// composition root calls to decide which implementation serves each protocol.
///
/// The implementation types are internal to this module, so how a service loads, saves and
/// locks changes without touching another package: the app holds what it builds here as
/// `any FavoritesService`, `any ToastService` and so on. A new service gets one function here,
/// named after its ``/FunCore/ServiceKey``. A session's services come in two kinds: one saved in
/// the profile's folder, and a guest's, kept in memory and never saved. Each of those is a
/// ``/FunCore/ScopedService``: when its session's scope ends, its change stream finishes and it
/// saves nothing more.
public enum Services {
  /// The logger: forwards every message to `logger`, which applies its minimum level and
  /// writes to its sinks, one record at a time, in call order, from any thread.
  public static func logger(forwardingTo logger: Logger) -> any LoggerService {
    CoreLoggerService(logger: logger)
  }

  /// The toast queue, timed by `clock` (the app's, so a script sees toasts in virtual time):
  /// the newest toast shows at once for ``/FunModel/ToastEvent/displayDuration``, except that
  /// an info toast waits for an error to have its time, and a toast already showing or waiting
  /// is dropped. Each toast is logged to `logger` at `debug`, category `toasts`.
  public static func toasts<C: Clock>(clock: C, logger: any LoggerService) -> any ToastService
  where C.Duration == Duration {
    ClockToastService(clock: clock, logger: logger)
  }

  /// The feature toggles, saved to `settings.json` in `stateDirectory` (which need not exist
  /// yet), starting from ``/FunModel/FeatureToggles/defaults``. A corrupt file is moved aside
  /// with a warning and an error toast; a failed save keeps the change in memory and says so.
  /// Two running apps merge their changes: a toggle changes only its own setting in the file.
  public static func featureToggles(
    stateDirectory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date
  ) -> any FeatureToggleService {
    PersistentFeatureToggleService(directory: stateDirectory, logger: logger, toasts: toasts, now: now)
  }

  /// The profiles in `stateDirectory` (which need not exist yet): a folder each under
  /// `profiles/`, and `session.json` for the one signed in last. Creating a profile and moving
  /// state of the earlier layout into it happen under a lock, so two apps signing in at once see
  /// one profile; a link or another user's entry among the profiles is moved aside with a toast.
  /// `now` dates new profiles and names what is moved aside.
  public static func profiles(
    stateDirectory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date
  ) -> any ProfilesService {
    LocalProfilesService(stateDirectory: stateDirectory, logger: logger, toasts: toasts, now: now)
  }

  /// The catalog loader for `catalog`, the `--catalog` value: `nil` for the catalog bundled
  /// with the app, an `http(s)` URL to download, anything else a file path. It never fails
  /// here: a value that is not usable is a clear ``/FunModel/AppError`` when a load runs.
  /// - Parameters:
  ///   - catalog: where to load from, as the command line gives it.
  ///   - clock: the clock a bundled or file load's simulated latency is measured on.
  ///   - logger: receives a line per load and per failure, category `network`.
  ///   - cacheDirectory: where a downloaded catalog is saved, to show at once next time, to
  ///     revalidate with a conditional request, and to stand in while the server cannot be
  ///     reached; `nil` saves nothing.
  ///   - toasts: hears that a saved copy was corrupt and has been moved aside.
  ///   - now: the time a saved copy is stamped with (the real one: it reaches the disk).
  ///   - shownNow: the time a load reports, on the app's clock (virtual in script mode).
  public static func network(
    catalog: String?,
    clock: any Clock<Duration>,
    logger: any LoggerService,
    cacheDirectory: URL?,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date,
    shownNow: @escaping @Sendable () -> Date
  ) -> any NetworkService {
    CatalogNetworkService(
      source: catalog.map(CatalogSource.init(argument:)) ?? .bundled, clock: clock, logger: logger,
      cacheDirectory: cacheDirectory, toasts: toasts, now: now, shownNow: shownNow)
  }

  /// The favorites of `profile`, saved to `favorites.json` in its folder in `stateDirectory`.
  /// A corrupt file is moved aside with a warning and an error toast; a failed save keeps the
  /// change in memory and says so; two running apps merge their changes.
  public static func favorites(
    of profile: ProfileName,
    stateDirectory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date
  ) -> any FavoritesService {
    PersistentFavoritesService(
      directory: LocalProfilesService.directory(of: profile, stateDirectory: stateDirectory), logger: logger,
      toasts: toasts, now: now)
  }

  /// Holds `profile` for a session, from now until the session's scope ends (or the process
  /// does): while any session holds it, here or in another Fun, deleting the profile is
  /// refused, so no running session's next save brings a deleted profile's folder back.
  public static func profileLease(of profile: ProfileName, stateDirectory: URL) -> any ScopedService {
    ProfileLease(directory: LocalProfilesService.directory(of: profile, stateDirectory: stateDirectory))
  }

  /// A guest's favorites: the same behaviour as a profile's, in memory, never saved.
  public static func guestFavorites() -> any FavoritesService {
    InMemoryFavoritesService()
  }

  /// The details of `profile` (display name, bio, created date), saved to `profile.json` in its
  /// folder in `stateDirectory`; a missing file gives the details a new profile starts with,
  /// dated by `now`, and a corrupt one is moved aside with a warning and an error toast.
  public static func profileDetails(
    of profile: ProfileName,
    stateDirectory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date
  ) -> any ProfileDetailsService {
    PersistentProfileDetailsService(
      profile: profile, directory: LocalProfilesService.directory(of: profile, stateDirectory: stateDirectory),
      logger: logger, toasts: toasts, now: now)
  }

  /// A guest's details, created at `createdAt` (the session's start), in memory only.
  public static func guestProfileDetails(createdAt: Date) -> any ProfileDetailsService {
    InMemoryProfileDetailsService(createdAt: createdAt)
  }

  /// The items `profile` wrote, saved to `my-items.json` in its folder in `stateDirectory`,
  /// under the rule of ``/FunModel/MyItemDraft``. A file that breaks the rule is corrupt: moved
  /// aside with a warning and an error toast; a failed save keeps the change in memory.
  public static func myItems(
    of profile: ProfileName,
    stateDirectory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date
  ) -> any MyItemsService {
    PersistentMyItemsService(
      directory: LocalProfilesService.directory(of: profile, stateDirectory: stateDirectory), logger: logger,
      toasts: toasts, now: now)
  }

  /// A guest's own items: the same rule as a profile's, in memory, never saved.
  public static func guestMyItems() -> any MyItemsService {
    InMemoryMyItemsService()
  }
}
