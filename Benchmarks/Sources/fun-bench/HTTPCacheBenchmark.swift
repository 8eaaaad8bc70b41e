import Foundation
import FunCore
import FunModel
import FunServices

/// The http catalog's saved copy: what a load costs when the server answers `304 Not Modified`
/// next to a full download and decode of the same catalog, in process, against
/// ``EndlessHTTPServer``'s `/catalog.json` on 127.0.0.1 (a new connection per request either way).
///
/// - full: a service with no saved copy fetches it: 200, the whole body, decoded.
/// - 304: a service whose copy is in memory (after one full load, saved in a state folder)
///   fetches again: the request names the copy's ETag, nothing is downloaded or decoded.
/// - start from the saved copy (info): a fresh service reads and decodes the copy on disk, as a
///   start does before it revalidates.
enum HTTPCacheBenchmark {
  struct Result {
    let catalogBytes: Int
    let full: LatencyDistribution
    let notModified: LatencyDistribution
    let savedCopy: LatencyDistribution

    /// The 304 path's median over the full load's.
    var ratio: Double {
      notModified.median / full.median
    }
  }

  /// A mismatch: a path gave other items than the catalog.
  struct MismatchError: Error, CustomStringConvertible {
    let description: String
  }

  static func run(itemCount: Int, rounds: Int, stateDirectory: String) async throws -> Result {
    let body = BenchmarkCatalog.json(count: itemCount)
    let expected = BenchmarkCatalog.items(count: itemCount)
    let server = try EndlessHTTPServer(catalog: body)
    defer { server.stop() }
    guard let url = URL(string: "http://127.0.0.1:\(server.port)/catalog.json") else {
      throw MismatchError(description: "no URL for port \(server.port)")
    }
    let state = URL(fileURLWithPath: stateDirectory, isDirectory: true)
    let logger = Services.logger(forwardingTo: Logger(sinks: []))
    let toasts = Services.toasts(clock: ContinuousClock(), logger: logger)
    func service(cached: Bool) -> any NetworkService {
      Services.network(
        catalog: url.absoluteString, clock: ContinuousClock(), logger: logger, cacheDirectory: cached ? state : nil,
        toasts: toasts, now: { Date() }, shownNow: { Date() })
    }
    func check(_ load: CatalogLoad?, _ path: String) throws {
      guard load?.items == expected else { throw MismatchError(description: "\(path) gave other items") }
    }

    let clock = ContinuousClock()
    var full: [Duration] = []
    var notModified: [Duration] = []
    var savedCopy: [Duration] = []
    let revalidating = service(cached: true)
    try check(try await revalidating.fetchCatalog(simulatingFailure: false), "the first load")
    // One round unmeasured first, to warm up each path.
    for round in 0...rounds {
      // Each result is let go of before the next measurement: freeing a catalog's items takes
      // as long as a 304, and belongs to neither.
      var load: CatalogLoad?
      let fullTime = try await clock.measure {
        load = try await service(cached: false).fetchCatalog(simulatingFailure: false)
      }
      try check(load, "a full load")
      load = nil
      let notModifiedTime = try await clock.measure {
        load = try await revalidating.fetchCatalog(simulatingFailure: false)
      }
      try check(load, "a 304")
      load = nil
      let savedCopyTime = await clock.measure {
        load = await service(cached: true).savedCatalog().flatMap { try? $0.get() }
      }
      try check(load, "the saved copy")
      load = nil
      if round > 0 {
        full.append(fullTime)
        notModified.append(notModifiedTime)
        savedCopy.append(savedCopyTime)
      }
    }
    return Result(
      catalogBytes: body.count, full: LatencyDistribution(full), notModified: LatencyDistribution(notModified),
      savedCopy: LatencyDistribution(savedCopy))
  }
}
