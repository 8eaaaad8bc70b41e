import FunCore
import FunModel
import FunServices
import Synchronization

/// `@Service` resolution against the cheapest thread-safe alternative: a Mutex-guarded
/// dictionary lookup with a cast, measured in the same run.
enum LocatorBenchmark {
  struct Result {
    let service: Measurement
    let baseline: Measurement
    var ratio: Double { service.nanosecondsPerOperation / baseline.nanosecondsPerOperation }
  }

  static func run(iterations: Int) -> Result {
    let logger = CoreLoggerService(logger: Logger(sinks: []))
    let locator = ServiceLocator()
    locator.register(.logger, logger as any LoggerService)
    let dictionary = Mutex<[String: any Sendable]>(["logger": logger as any LoggerService])

    let service = Measurement.run("@Service resolve", iterations: iterations) { count in
      for _ in 0..<count {
        let wrapper = Service(.logger, locator: locator)
        blackHole(wrapper.wrappedValue)
      }
    }
    let baseline = Measurement.run("Mutex<[String: Any]> lookup", iterations: iterations) { count in
      for _ in 0..<count {
        let value = dictionary.withLock { $0["logger"] } as? any LoggerService
        blackHole(value)
      }
    }
    return Result(service: service, baseline: baseline)
  }
}
