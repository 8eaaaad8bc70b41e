import FunCore
import FunModel
import FunServices
import Synchronization

/// `@Service` resolution against the cheapest thread-safe alternative: a Mutex-guarded
/// dictionary lookup with a cast, measured in the same run. Resolved from the app's locator,
/// and through a session's scope: a service the scope holds itself, and an app service the
/// scope finds in its parent.
enum LocatorBenchmark {
  /// The services read, declared as the app's dependencies classes declare theirs.
  private final class Dependencies: ServiceScope {
    let locator: ServiceLocator
    @Service(.logger) var logger: any LoggerService
    @Service(.favorites) var favorites: any FavoritesService

    init(locator: ServiceLocator) {
      self.locator = locator
    }
  }

  struct Result {
    let service: Measurement
    let sessionService: Measurement
    let appServiceThroughScope: Measurement
    let baseline: Measurement

    var ratio: Double { service.nanosecondsPerOperation / baseline.nanosecondsPerOperation }
    var sessionRatio: Double { sessionService.nanosecondsPerOperation / baseline.nanosecondsPerOperation }
    var parentRatio: Double { appServiceThroughScope.nanosecondsPerOperation / baseline.nanosecondsPerOperation }
  }

  static func run(iterations: Int) -> Result {
    let logger = Services.logger(forwardingTo: Logger(sinks: []))
    let locator = ServiceLocator()
    locator.register(.logger, logger)
    // A session scope as the app makes one: its own services, the app's in the parent.
    let scope = locator.makeScope()
    scope.register(.tasks, TaskTracker())
    scope.register(.favorites, Services.guestFavorites())
    scope.register(.profileDetails, Services.guestProfileDetails(createdAt: .now))
    let dictionary = Mutex<[String: any Sendable]>(["logger": logger])
    let (app, session) = (Dependencies(locator: locator), Dependencies(locator: scope))

    let service = Measurement.run("@Service resolve", iterations: iterations) { count in
      for _ in 0..<count {
        blackHole(app.logger)
      }
    }
    let sessionService = Measurement.run("@Service resolve, session service", iterations: iterations) { count in
      for _ in 0..<count {
        blackHole(session.favorites)
      }
    }
    let appService = Measurement.run("@Service resolve, app service through a scope", iterations: iterations) {
      count in
      for _ in 0..<count {
        blackHole(session.logger)
      }
    }
    let baseline = Measurement.run("Mutex<[String: Any]> lookup", iterations: iterations) { count in
      for _ in 0..<count {
        let value = dictionary.withLock { $0["logger"] } as? any LoggerService
        blackHole(value)
      }
    }
    return Result(
      service: service, sessionService: sessionService, appServiceThroughScope: appService, baseline: baseline)
  }
}
